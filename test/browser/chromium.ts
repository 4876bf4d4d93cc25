import { playwright } from '@vitest/browser-playwright'
import type { BrowserCommand } from 'vitest/node'
import { chromiumLaunchOptions } from '../../scripts/chromium.mjs'

/** Headless Debian Chromium under Playwright: the browser of the stories and of test/browser. */
export const chromium = () => playwright({ launchOptions: chromiumLaunchOptions })

// Playwright sends a second `down` of a key still down as an auto-repeat (`repeat` set, and the
// keypress that activates a focused button), as an operating system does for a held key.
// A count, not a duration: on a busy machine each repeat takes longer to deliver, and a test needs
// all of them, at least 50 ms apart.
/** Holds `key` down for `repeats` auto-repeats, 50 ms apart or more, then releases it: real input events. */
export const holdKey: BrowserCommand<[key: string, repeats: number]> = async ({ page }, key, repeats) => {
  await page.keyboard.down(key)
  for (let i = 0; i < repeats; i++) {
    await new Promise((resolve) => setTimeout(resolve, 50))
    await page.keyboard.down(key)
  }
  await page.keyboard.up(key)
}

/** Sets the page's forced-colors media feature, as a Windows contrast theme does (`null`: back to the browser's own). */
export const forcedColors: BrowserCommand<[value: 'active' | 'none' | null]> = async ({ page }, value) => {
  await page.emulateMedia({ forcedColors: value })
}

declare module 'vitest/browser' {
  interface BrowserCommands {
    holdKey: (key: string, repeats: number) => Promise<void>
    forcedColors: (value: 'active' | 'none' | null) => Promise<void>
  }
}
