import { type DehydratedState, HydrationBoundary, QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act } from '@testing-library/react'
import { Component, type ReactNode } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { createPayLinkClient, type PayLinkClient } from '../../src/client.js'
import { PayLinkProvider } from '../../src/hooks/PayLinkProvider.js'
import { BASE_SEPOLIA_USDC, MOCK_PAY_TO } from '../../src/mock/constants.js'
import { createMockApi, type MockApiOptions } from '../../src/mock/createMockApi.js'
import { createTestSigner } from '../../src/mock/createTestSigner.js'
import { forgetPurchases } from '../../src/payment/forgetPurchases.js'
import { encodeBase64Json } from '../../src/x402/base64.js'

export const BASE_URL = 'https://api.paylink.test'

/** One mock API behind MSW for a test file, with a log of every request it saw. */
export function useMockApi(overrides: MockApiOptions = {}) {
  // No key: in a browser the client talks to the keyless proxy, which the mock stands in for.
  const options: MockApiOptions = { apiKeys: false, ...overrides }
  const ctx = {
    mock: createMockApi(options),
    requests: [] as { method: string; path: string; paid: boolean }[],
  }
  const server = setupServer()
  server.events.on('request:start', ({ request }) => {
    const paid = request.headers.has('payment-signature') || request.headers.has('x-payment')
    ctx.requests.push({ method: request.method, path: new URL(request.url).pathname, paid })
  })
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
  beforeEach(() => {
    ctx.mock = createMockApi(options)
    server.resetHandlers(...ctx.mock.handlers)
    ctx.requests.length = 0
    // Each test is a new page: no purchase of the one before, in memory or in sessionStorage.
    forgetPurchases()
    sessionStorage.clear()
  })
  afterAll(() => server.close())
  return Object.assign(ctx, {
    server,
    /** Requests whose path ends with `suffix` (e.g. `/links/demo`). */
    count: (method: string, suffix: string) =>
      ctx.requests.filter((r) => r.method === method && r.path.endsWith(suffix)).length,
    /**
     * An x402 v2 resource at `url`: 402 with `offer` (a PAYMENT-REQUIRED header) until a request
     * carries a payment, which `paid` answers. Returns the payments received, as sent.
     */
    serveX402(url: string, offer: string, paid: (payment: string, n: number) => Response = () => HttpResponse.text('paid')) {
      const payments: string[] = []
      server.use(
        http.get(url, ({ request }) => {
          const payment = request.headers.get('PAYMENT-SIGNATURE')
          if (!payment) return HttpResponse.json({}, { status: 402, headers: { 'PAYMENT-REQUIRED': offer } })
          payments.push(payment)
          return paid(payment, payments.length)
        }),
      )
      return payments
    },
  })
}

/** A browser-style client (no key) without transport retries, so each request a test counts is one the hook asked for. */
export function testClient(fetch?: typeof globalThis.fetch): PayLinkClient {
  return createPayLinkClient({ baseUrl: BASE_URL, retry: false, ...(fetch && { fetch }) })
}

/** A fresh QueryClient per test, retries off. */
export function testQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } } })
}

/** A wrapper with a PayLinkProvider inside a host QueryClientProvider. */
export function wrapperFor(client = testClient(), queryClient = testQueryClient()) {
  return function Wrapper({ children }: { children: ReactNode }) {
    return (
      <QueryClientProvider client={queryClient}>
        <PayLinkProvider client={client}>{children}</PayLinkProvider>
      </QueryClientProvider>
    )
  }
}

/** An x402 v2 PAYMENT-REQUIRED header for `url`: one exact offer of `amount` Base Sepolia USDC to the mock's payee. */
/** A spend cap of 10 USDC on Base Sepolia: the demo link costs 1.50, so every test price fits under it. */
export const cap = { [BASE_SEPOLIA_USDC]: '10000000' }

export function usdcOffer(url: string, amount = '10000'): string {
  return encodeBase64Json({
    x402Version: 2,
    resource: { url },
    accepts: [{ scheme: 'exact', network: 'eip155:84532', amount, asset: BASE_SEPOLIA_USDC, payTo: MOCK_PAY_TO, maxTimeoutSeconds: 60, extra: { name: 'USDC', version: '2' } }],
  })
}

/** An app's error boundary: what it shows when a component below throws. */
export class ErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false }
  static getDerivedStateFromError() {
    return { failed: true }
  }
  override render() {
    return this.state.failed ? <p>Something went wrong</p> : this.props.children
  }
}

/** A QueryClient with the default some apps set: a failed query throws to the nearest error boundary. */
export const throwingQueryClient = () => new QueryClient({ defaultOptions: { queries: { throwOnError: true, retry: false, gcTime: Infinity } } })

/** `METHOD host` of every request the file's mock API sees, emptied before each test: which API a request went to. */
export function sentHosts(api: ReturnType<typeof useMockApi>): string[] {
  const sent: string[] = []
  api.server.events.on('request:start', ({ request }) => {
    sent.push(`${request.method} ${new URL(request.url).host}`)
  })
  beforeEach(() => {
    sent.length = 0
  })
  return sent
}

/** A valid `createLink` input, for the tests that create a link. */
export const LINK_INPUT = {
  creatorId: 'creator_1',
  chainType: 'solana',
  model: 'payment' as const,
  splits: { creator: 9_000, platform: 1_000 },
  price: { amount: '2.00', currency: 'USDC' },
}

/**
 * A client of another API at `baseUrl` on the file's mock (its host is what `sentHosts` records),
 * whose JSON answers `change` rewrites: the same code, say, at another price there.
 */
export function otherApiClient(baseUrl: string, change: (answer: any) => unknown): PayLinkClient {
  return createPayLinkClient({
    baseUrl,
    retry: false,
    fetch: async (input, init) => Response.json(change(await (await fetch(input, init)).json())),
  })
}

/**
 * `children` as a server renders them from `state` (dehydrated), in a container on the document,
 * removed when the test ends. `hydrate()` hydrates it (on the device, after any clock change the
 * test makes between) and asserts React found the markup as it renders it: no hydration error, no
 * page thrown away; the root is unmounted when the test ends.
 */
export function serverRendered(state: DehydratedState, children: ReactNode) {
  const page = (queryClient: QueryClient) => (
    <QueryClientProvider client={queryClient}>
      <HydrationBoundary state={state}>
        <PayLinkProvider client={testClient()}>{children}</PayLinkProvider>
      </HydrationBoundary>
    </QueryClientProvider>
  )
  const container = document.createElement('div')
  container.innerHTML = renderToString(page(testQueryClient()))
  document.body.append(container)
  onTestFinished(() => container.remove())
  // `settle`: what must happen before hydration ends (a sibling's data arriving on a fake clock).
  const hydrate = async (settle: () => Promise<unknown> = async () => {}) => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
    const onRecoverableError = vi.fn()
    const hydrated = hydrateRoot(container, page(testQueryClient()), { onRecoverableError })
    onTestFinished(() => act(() => hydrated.unmount()))
    await act(async () => {})
    await settle()
    expect(errors).not.toHaveBeenCalled()
    expect(onRecoverableError).not.toHaveBeenCalled()
  }
  return { container, hydrate }
}

/** A promise the test opens by hand. */
export function gate() {
  let open!: () => void
  const promise = new Promise<void>((resolve) => (open = resolve))
  return { promise, open }
}

/**
 * A purchase held at `step` until the test opens its gate: a test signer whose answer waits for
 * `wallet` (`signing`), or the mock's answer to the paid request waiting for `sent` (`verifying`).
 * `held` is the signer to hand the button; `signer.calls` counts its signatures. At any other step
 * (`unknown`) nothing waits.
 */
export function heldPurchase(api: ReturnType<typeof useMockApi>, step: 'signing' | 'verifying' | 'unknown') {
  const wallet = gate()
  const sent = gate()
  const signer = createTestSigner()
  const held = { ...signer, signPayment: async (...a: Parameters<typeof signer.signPayment>) => (step === 'signing' && (await wallet.promise), signer.signPayment(...a)) }
  api.server.use(
    http.post(`${BASE_URL}/pub/v1/payments/verify`, async ({ request }) => {
      if (step === 'verifying' && request.headers.has('payment-signature')) await sent.promise
      return undefined
    }),
  )
  return { wallet, sent, signer, held }
}

/** The `amount` of each request `api` receives from now to the end of the test, in order (fee quotes). */
export function askedAmounts(api: ReturnType<typeof useMockApi>) {
  const amounts: (string | null)[] = []
  const record = ({ request }: { request: Request }) => void amounts.push(new URL(request.url).searchParams.get('amount'))
  api.server.events.on('request:start', record)
  onTestFinished(() => api.server.events.removeListener('request:start', record))
  return amounts
}
