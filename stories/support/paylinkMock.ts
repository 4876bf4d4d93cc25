import { getResponse, type HttpHandler, http } from 'msw'
import type {} from 'msw-storybook-addon'
import type { StoryContext } from 'storybook/internal/csf'
import type { PayLinkClientOptions } from '../../src/client/createPayLinkClient.js'
import { forgetPurchases } from '../../src/payment/forgetPurchases.js'
import {
  createMockApi,
  type MockApi,
  type MockApiOptions,
  type MockFault,
  type MockRoute,
  type MockScenario,
} from '../../src/mock/browser.js'

/** What a story asks of the mock API, as `parameters: { paylinkMock: { … } }` on a story or its meta. */
export interface PayLinkMockParameters {
  /** Named scenarios turned on before the story renders (see `MOCK_SCENARIOS`). Defaults to none. */
  scenarios?: readonly MockScenario[]
  /** Faults per route, or `'*'` for every route, injected before the story renders; a route's own fault wins over `'*'`. Defaults to none. */
  faults?: Partial<Record<MockRoute | '*', MockFault>>
  /** Options of `createMockApi` (seed, clock, step durations, latency); the key check is always off. Defaults to the mock's own. */
  options?: Omit<MockApiOptions, 'apiKeys' | 'scenarios'>
  /** Options of the story's client, e.g. `timeoutMs` for a story that must stay loading. Defaults to `{ retry: false }`. */
  client?: Omit<PayLinkClientOptions, 'baseUrl' | 'apiKey' | 'dangerouslyAllowApiKeyInBrowser' | 'fetch'>
}

declare module 'storybook/internal/csf' {
  interface Parameters {
    /** The mock API this story runs against; see `.storybook/README.md`. */
    paylinkMock?: PayLinkMockParameters
  }
  interface StoryContext {
    /** The story's own mock API (in `play`: read its `ledger`, `inject` a fault, `useScenario`). */
    paylinkMock: MockApi
  }
}

/**
 * The base URL of a story's client, a same-origin path of its own: several stories render on one
 * docs page over one service worker, and each must meet its own mock.
 */
export function storyBaseUrl(storyId: string): string {
  return `/paylink-mock/${encodeURIComponent(storyId)}`
}

/** Where the stories' x402 resources live: their purchases are forgotten with each story's mock. */
export const X402_DEMO = '/x402-demo/'

// Kept per story id so that a re-render (a control changed) keeps the mock's state; dropped when
// Storybook cleans the story up (another story, a remount, the next test), so each run starts fresh.
const mocks = new Map<string, { mock: MockApi; handler: HttpHandler }>()

function createStoryMock({ scenarios = [], faults = {}, options }: PayLinkMockParameters): MockApi {
  const mock = createMockApi({ ...options, apiKeys: false, scenarios })
  const { '*': everyRoute, ...perRoute } = faults
  if (everyRoute) mock.inject('*', everyRoute)
  for (const [route, fault] of Object.entries(perRoute)) if (fault) mock.inject(route as MockRoute, fault)
  return mock
}

// A purchase of an earlier run of this story (or of another story of the same URL) would otherwise
// be shown (it is kept for the page) or resumed (signed, kept in sessionStorage) against a new
// mock. Keys as PurchaseStore keeps them: `paylink:purchase:link:<client baseUrl>|<code> <hash>`
// for this story's links, and `paylink:purchase:url:<url> undefined` for resources (one purchase
// per URL, whatever the client), whose mock is made anew with the story too.
function forgetStoryPurchases(baseUrl: string): void {
  forgetPurchases(`${baseUrl}/`)
  forgetPurchases(X402_DEMO)
  for (const key of Object.keys(sessionStorage)) {
    if (key.startsWith(`paylink:purchase:link:${baseUrl}/`) || key.startsWith('paylink:purchase:url:')) sessionStorage.removeItem(key)
  }
}

/** The project `beforeEach`: gives the story its mock, as asked by `parameters.paylinkMock`, behind the story's base URL. */
export function installPayLinkMock(context: StoryContext) {
  let entry = mocks.get(context.id)
  if (!entry) {
    const baseUrl = storyBaseUrl(context.id)
    const mock = createStoryMock(context.parameters.paylinkMock ?? {})
    forgetStoryPurchases(baseUrl)
    entry = { mock, handler: http.all(`${baseUrl}/*`, ({ request }) => getResponse(mock.handlers, request)) }
    mocks.set(context.id, entry)
  }
  // Again on every render: the worker's handlers are reset whenever any story on the page is cleaned up.
  context.msw.use(entry.handler)
  context.paylinkMock = entry.mock
  return () => {
    mocks.delete(context.id)
  }
}
