import { fileURLToPath } from 'node:url'
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin'
import { playwright } from '@vitest/browser-playwright'
import { defineProject } from 'vitest/config'

// Every story is a test: rendered in headless Chromium, its `play` run, then axe (a11y test 'error').
export default defineProject({
  root: fileURLToPath(new URL('..', import.meta.url)),
  plugins: [storybookTest({ configDir: fileURLToPath(new URL('.', import.meta.url)), storybookUrl: 'http://127.0.0.1:6006' })],
  test: {
    name: 'storybook',
    // Play functions wait for the mock's clock; CI shares two cores with the other projects.
    testTimeout: 30_000,
    browser: {
      enabled: true,
      headless: true,
      provider: playwright({
        launchOptions: {
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
        },
      }),
      instances: [{ browser: 'chromium' }],
    },
  },
})
