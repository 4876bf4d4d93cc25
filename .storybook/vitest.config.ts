import { fileURLToPath } from 'node:url'
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin'
import { defineProject } from 'vitest/config'
import { chromium } from '../test/browser/chromium.js'

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
      provider: chromium(),
      instances: [{ browser: 'chromium' }],
    },
  },
})
