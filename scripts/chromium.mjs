// How Debian's Chromium is started headless, for Playwright in the browser tests, test/e2e and
// scripts/check-consumer.mjs.
export const chromiumLaunchOptions = {
  // Debian's Chromium: playwright downloads no browser here (no internet), and CI installs the same package.
  executablePath: '/usr/bin/chromium',
  args: [
    // Runs as root in containers, where the sandbox cannot start.
    '--no-sandbox',
    // No GPU in CI; software rendering is enough for DOM and axe.
    '--disable-gpu',
    // Without these four, Chromium keeps reaching for Google's servers (QUIC probes,
    // component and safe-browsing updates, sync), which fail offline and slow start-up.
    '--disable-quic',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    // Docker's /dev/shm is 64 MB; Chromium crashes tabs when it runs out.
    '--disable-dev-shm-usage',
  ],
}
