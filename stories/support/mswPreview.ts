import type { BeforeEach } from 'storybook/internal/csf'
import type { SetupWorker } from 'msw/browser'
import { createPreviewAnnotations } from 'msw-storybook-addon/preview'

let worker: Promise<SetupWorker> | undefined

async function startWorker(): Promise<SetupWorker> {
  const { setupWorker } = await import('msw/browser')
  const started = setupWorker()
  await started.start({
    // Beside the page, not at the site's root: a built Storybook is often published under a path
    // (`/storybook/`), where `/mockServiceWorker.js` is not found and no story would render.
    serviceWorker: { url: `${import.meta.env.BASE_URL}mockServiceWorker.js` },
    quiet: true,
    // Only our API matters: Storybook's and Vite's own requests pass without a word.
    onUnhandledRequest: (request, print) => {
      if (new URL(request.url).pathname.startsWith('/paylink-mock/')) print.warning()
    },
  })
  return started
}

/**
 * msw-storybook-addon's `beforeEach` (the worker on `context.msw`, its handlers reset when the
 * story is cleaned up), with one worker per page. Registered in main.ts, the addon uses its
 * default setup, which starts one worker per story rendered before the first is up: on a docs page
 * every story but the last then loses its handlers.
 */
export const mswBeforeEach = createPreviewAnnotations(() => (worker ??= startWorker())).beforeEach as BeforeEach
