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

/** Takes the browser off the network for `ms`, as a lost connection does: requests fail, `navigator.onLine` and the `offline`/`online` events follow. */
export const offlineFor: BrowserCommand<[ms: number]> = async ({ page }, ms) => {
  await page.context().setOffline(true)
  await new Promise((resolve) => setTimeout(resolve, ms))
  await page.context().setOffline(false)
}

/**
 * The ancestors in Chromium's accessibility tree (the one screen readers read) of the text `text`,
 * up to the first of role `upTo`: their roles, and whether Chromium leaves each out (`ignored`: its
 * text then belongs to its parent's, as an object of its own it does not).
 */
export const axAncestors: BrowserCommand<[text: string, upTo: string]> = async ({ page, frame }, text, upTo) => {
  const cdp = await page.context().newCDPSession(page)
  try {
    // The tests run in an iframe of the page: its tree, found by its URL.
    const url = (await frame()).url()
    const { frameTree } = await cdp.send('Page.getFrameTree')
    type Tree = { frame: { id: string; url: string }; childFrames?: Tree[] }
    const find = (tree: Tree): string | undefined => (tree.frame.url === url ? tree.frame.id : tree.childFrames?.map(find).find(Boolean))
    const { nodes } = await cdp.send('Accessibility.getFullAXTree', { frameId: find(frameTree as Tree) })
    const byId = new Map(nodes.map((node) => [node.nodeId, node]))
    let node = nodes.find((node) => node.role?.value === 'StaticText' && node.name?.value === text)
    const path: { role: string; ignored: boolean }[] = []
    while (node && (node = byId.get(node.parentId!)) && node.role?.value !== upTo) path.push({ role: String(node.role?.value), ignored: node.ignored })
    return node ? path : undefined
  } finally {
    await cdp.detach()
  }
}

declare module 'vitest/browser' {
  interface BrowserCommands {
    holdKey: (key: string, repeats: number) => Promise<void>
    forcedColors: (value: 'active' | 'none' | null) => Promise<void>
    offlineFor: (ms: number) => Promise<void>
    axAncestors: (text: string, upTo: string) => Promise<{ role: string; ignored: boolean }[] | undefined>
  }
}
