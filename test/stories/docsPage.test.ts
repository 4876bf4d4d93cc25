import * as AttentionTracker from '../../stories/AttentionTracker.stories.js'
import * as BridgeStatusBadge from '../../stories/BridgeStatusBadge.stories.js'
import * as FeeEstimate from '../../stories/FeeEstimate.stories.js'
import * as PayLinkButton from '../../stories/PayLinkButton.stories.js'

// An autodocs page renders every story of a file at once, in one window: Storybook runs each
// story's `beforeEach` (with `viewMode: 'docs'`) and, when the page goes, each story's cleanups,
// story after story in page order. A story that changes a global of the page (a timer, the clock)
// changes it for every other story on it, and, torn down in that order, for every story shown
// after it until the page is reloaded: once the PayLinkButton page had been open, its "Signing"
// story said "No answer from your wallet?" after 1 s instead of 20 s (seen in `npm run dev`).
type BeforeEach = (context: object) => unknown
const files = { AttentionTracker, BridgeStatusBadge, FeeEstimate, PayLinkButton }

describe.each(Object.entries(files))('the %s docs page', (_, file) => {
  it('leaves the page its own setTimeout and clock, while shown and after', async () => {
    // `navigator`: storybook/test, which the stories import, resets its clipboard stub on `window` around each test.
    const window = { setTimeout: globalThis.setTimeout, navigator: {} }
    vi.stubGlobal('window', window)
    const { setTimeout: ownSetTimeout } = window
    // The clock by what it reads: a story may put back a bound copy of Date.now, which reads the same.
    const ownNow = Date.now.bind(Date)
    const clockIsOwn = () => expect(Math.abs(Date.now() - ownNow())).toBeLessThan(1_000)
    const cleanups: unknown[][] = []
    for (const [name, story] of Object.entries(file)) {
      if (name === 'default' || typeof story !== 'object' || story === null) continue
      const hooks = ([] as BeforeEach[]).concat((story as { beforeEach?: BeforeEach | BeforeEach[] }).beforeEach ?? [])
      // `paylinkMock`: the project beforeEach (installPayLinkMock) gives each story its mock before the story's own runs.
      const context = { id: `docs--${name}`, viewMode: 'docs', msw: { use: () => {} }, paylinkMock: {} }
      cleanups.push(await Promise.all(hooks.map((hook) => hook(context))))
    }
    expect(window.setTimeout).toBe(ownSetTimeout)
    clockIsOwn()
    for (const story of cleanups) for (const cleanup of story.reverse()) if (typeof cleanup === 'function') await cleanup()
    expect(window.setTimeout).toBe(ownSetTimeout)
    clockIsOwn()
  })
})

// A purchase of an x402 URL is one per page, whatever the client (see forgetPurchases), so two
// stories of one docs page that pay the same URL show one purchase: a press on one changed the
// other ("The price changed", then "Paid", in a story nobody touched).
test.each(Object.entries(files))('the %s docs page has no two stories paying the same x402 URL', (_, file) => {
  const resources = Object.entries(file)
    .filter(([name, story]) => name !== 'default' && typeof story === 'object' && story !== null)
    .map(([, story]) => (story as { args?: { resource?: string } }).args?.resource)
    .filter((resource) => resource !== undefined)
  expect(resources).toEqual([...new Set(resources)])
})
