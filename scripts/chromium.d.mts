/** How Debian's Chromium is started headless, for Playwright here and for playwright-core in test/e2e. */
export declare const chromiumLaunchOptions: { executablePath: string; args: string[] }
