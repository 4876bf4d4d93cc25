import { getResponse, type HttpHandler } from 'msw'

// Storybook runs a story's `beforeEach` again at each re-render (a control changed), not only when
// the story is shown: what a story's handlers count must survive it. A seller's counter made there
// started over, so after a control change the next press on Price Changed read the first price
// again ("The price changed to 0.05 USDC" over 0.09) and Pay Without Price's read its 500.
vi.stubGlobal('window', { navigator: {} })
const stories = await import('../../stories/PayLinkButton.stories.js')
vi.unstubAllGlobals()

type Hook = (context: object) => unknown

// The page the stories' relative x402 URLs resolve against, as in the preview.
beforeEach(() => {
  vi.stubGlobal('location', new URL('http://localhost/'))
  return () => vi.unstubAllGlobals()
})

/** The story's handlers as msw holds them once its beforeEach ran, and `rerender` to run it again (a control changed, the same visit). */
async function rendered(story: { beforeEach?: unknown }) {
  const handlers: HttpHandler[] = []
  // The story's mock: the same object for every render of one visit (installPayLinkMock).
  const context = { id: 'rerender', msw: { use: (...added: HttpHandler[]) => handlers.unshift(...added) }, paylinkMock: {} }
  const hooks = ([] as Hook[]).concat((story.beforeEach ?? []) as Hook | Hook[])
  const run = async () => {
    for (const hook of hooks) await hook(context)
  }
  await run()
  return { handlers, rerender: run }
}

const read = async (handlers: HttpHandler[], url: string) => {
  const response = await getResponse(handlers, new Request(new URL(url, 'http://localhost')))
  const header = response?.headers.get('PAYMENT-REQUIRED')
  return header ? JSON.parse(atob(header)).accepts[0].amount : response?.status
}

test('Price Changed keeps its seller through a re-render: the price stays 0.09 once raised', async () => {
  const url = stories.PriceChanged.args!.resource!
  const { handlers, rerender } = await rendered(stories.PriceChanged)
  expect(await read(handlers, url)).toBe('50000')
  expect(await read(handlers, url)).toBe('90000')
  await rerender()
  expect(await read(handlers, url)).toBe('90000')
})

test('Pay Without Price keeps its seller through a re-render: only the first read fails', async () => {
  const url = stories.PayWithoutPrice.args!.resource!
  const { handlers, rerender } = await rendered(stories.PayWithoutPrice)
  expect(await read(handlers, url)).toBe(500)
  await rerender()
  expect(await read(handlers, url)).toBe('50000')
})

// A designer presses the button of any x402 story: a signed payment must get the paid-for answer
// (and its settlement), as from a seller. One answered with its 402 again left Pay Without Price at
// "Check payment status · Confirming payment…" for good, the Unknown story's look for no reason.
const x402Stories = Object.entries(stories).filter(([name, story]) => name !== 'default' && (story as { args?: { resource?: string } }).args?.resource)

test.each(x402Stories)('%s: its seller answers a signed payment with the paid-for answer', async (_, story) => {
  const url = (story as { args: { resource: string } }).args.resource
  const { handlers } = await rendered(story as { beforeEach?: unknown })
  const response = await getResponse(handlers, new Request(new URL(url, 'http://localhost'), { headers: { 'PAYMENT-SIGNATURE': 'e30=' } }))
  expect(response?.status).toBe(200)
  expect(response?.headers.get('PAYMENT-RESPONSE')).toBeTruthy()
})
