import { act, fireEvent, render, renderHook, screen, waitFor } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { StrictMode, useEffect } from 'react'
import { usePayLink, type UsePayLinkOptions } from '../../src/hooks/usePayLink.js'
import { usePayResource } from '../../src/hooks/usePayResource.js'
import { resourcePurchase } from '../../src/payment/resourcePurchase.js'
import { BASE_SEPOLIA_USDC, MOCK_LINKS, MOCK_PAY_TO } from '../../src/mock/constants.js'
import { createTestSigner } from '../../src/mock/createTestSigner.js'
import { encodeBase64Json } from '../../src/x402/base64.js'
import type { PaymentRequirement } from '../../src/x402/paymentRequired.js'
import { BASE_URL, cap, testClient, testQueryClient, usdcOffer, useMockApi, wrapperFor } from './harness.js'
import { forgetPurchases } from '../../src/payment/forgetPurchases.js'

const api = useMockApi({ settleDelayMs: 0 })
const code = MOCK_LINKS.demo
const paidRequests = () => api.requests.filter((r) => r.paid).length
const priceRequests = () => api.requests.filter((r) => r.path.endsWith('/payments/verify') && !r.paid).length

function PayButton(props: UsePayLinkOptions) {
  const { status, pay } = usePayLink(code, { maxAmount: cap, ...props })
  return (
    <button type="button" data-state={status} onClick={() => void pay()}>
      {status}
    </button>
  )
}

test('mounting fetches the requirements once; a click goes to the wallet with no request in between', async () => {
  let requestsAtSigning = -1
  const signer = createTestSigner()
  const watched = { ...signer, signPayment: (...a: Parameters<typeof signer.signPayment>) => ((requestsAtSigning = api.requests.length), signer.signPayment(...a)) }
  render(
    <StrictMode>
      <PayButton signer={watched} />
    </StrictMode>,
    { wrapper: wrapperFor() },
  )
  await screen.findByText('ready')
  expect(priceRequests()).toBe(1)
  const beforeClick = api.requests.length
  fireEvent.click(screen.getByRole('button'))
  await screen.findByText('settled')
  expect(requestsAtSigning).toBe(beforeClick)
})

test('10 rapid clicks make 1 signature and 1 paid request', async () => {
  const signer = createTestSigner({ delayMs: 20 })
  render(<PayButton signer={signer} />, { wrapper: wrapperFor() })
  await screen.findByText('ready')
  const button = screen.getByRole('button')
  for (let i = 0; i < 10; i++) fireEvent.click(button)
  await screen.findByText('settled')
  for (let i = 0; i < 3; i++) fireEvent.click(button)
  expect(signer.calls).toBe(1)
  expect(paidRequests()).toBe(1)
  expect(api.mock.ledger).toHaveLength(1)
})

test('a response lost after the paid request is recovered by resending the same payload: one payment', async () => {
  const sent: string[] = []
  let dropped = false
  const lossy: typeof fetch = async (input, init) => {
    const headers = new Headers(init?.headers)
    const payment = headers.get('payment-signature') ?? headers.get('x-payment')
    if (payment) sent.push(`${payment}|${headers.get('idempotency-key')}`)
    const response = await fetch(input, init)
    if (payment && !dropped) {
      dropped = true
      throw new TypeError('network connection lost')
    }
    return response
  }
  const signer = createTestSigner()
  render(<PayButton signer={signer} />, { wrapper: wrapperFor(testClient(lossy)) })
  await screen.findByText('ready')
  fireEvent.click(screen.getByRole('button'))
  await screen.findByText('unknown')
  expect(api.mock.ledger).toHaveLength(1)
  fireEvent.click(screen.getByRole('button'))
  await screen.findByText('settled')
  expect(signer.calls).toBe(1)
  expect(sent).toHaveLength(2)
  expect(sent[1]).toBe(sent[0])
  expect(api.mock.ledger).toHaveLength(1)
})

test('after a reload, a signed payment whose outcome was lost is resent, not signed again', async () => {
  const lost: typeof fetch = async (input, init) => {
    const headers = new Headers(init?.headers)
    await fetch(input, init)
    if (headers.has('payment-signature')) throw new TypeError('the tab was closed')
    return fetch(input, init)
  }
  const first = render(<PayButton signer={createTestSigner()} />, { wrapper: wrapperFor(testClient(lost)) })
  await screen.findByText('ready')
  fireEvent.click(screen.getByRole('button'))
  await screen.findByText('unknown')
  first.unmount()

  // A new page: a new client and query cache; only sessionStorage survived.
  forgetPurchases()
  const signer = createTestSigner()
  render(<PayButton signer={signer} />, { wrapper: wrapperFor(testClient(), testQueryClient()) })
  await screen.findByText('settled')
  expect(signer.calls).toBe(0)
  expect(api.mock.ledger).toHaveLength(1)
  expect(sessionStorage.length).toBe(0)
})

test("usePayLink against an API whose unpaid verify answers 'paid' (breaking the contract): pay() never settles a payment nobody signed", async () => {
  const at = new Date().toISOString()
  api.server.use(
    http.post(`${BASE_URL}/pub/v1/payments/verify`, () =>
      HttpResponse.json({
        payment: { id: 'pay_nobody', linkCode: code, status: 'settled', amount: '1.50', asset: 'USDC', network: 'base-sepolia', createdAt: at, updatedAt: at },
        proof: { success: true, transaction: '0xabc', network: 'base-sepolia' },
      }),
    ),
  )
  const signer = createTestSigner()
  const { result } = renderHook(() => usePayLink(code, { signer, maxAmount: cap }), { wrapper: wrapperFor() })
  await waitFor(() => expect(result.current.status).toBe('failed'))
  await act(() => result.current.pay())
  expect(result.current.status).toBe('failed')
  expect(result.current.payment).toBeUndefined()
  expect(signer.calls).toBe(0)
})

test('a price over maxAmount fails before anything is signed or sent', async () => {
  const signer = createTestSigner()
  const { result } = renderHook(() => usePayLink(code, { signer, maxAmount: { [BASE_SEPOLIA_USDC]: '1000000' } }), {
    wrapper: wrapperFor(),
  })
  await waitFor(() => expect(result.current.status).toBe('ready'))
  await act(() => result.current.pay())
  expect(result.current.status).toBe('failed')
  expect(result.current.error).toMatchObject({ name: 'PayLinkPaymentError', reason: 'exceeds_max_amount' })
  expect(signer.calls).toBe(0)
  expect(paidRequests()).toBe(0)
})

test('requirements older than maxTimeoutSeconds are fetched again before the wallet is asked', async () => {
  vi.useFakeTimers({ toFake: ['Date'] })
  try {
    let priceRequestsAtSigning = -1
    const signer = createTestSigner()
    const watched = { ...signer, signPayment: (...a: Parameters<typeof signer.signPayment>) => ((priceRequestsAtSigning = priceRequests()), signer.signPayment(...a)) }
    const { result } = renderHook(() => usePayLink(code, { signer: watched, maxAmount: cap }), { wrapper: wrapperFor() })
    await waitFor(() => expect(result.current.status).toBe('ready'))
    vi.setSystemTime(Date.now() + 61_000)
    await act(() => result.current.pay())
    expect(priceRequestsAtSigning).toBe(2)
    expect(result.current.status).toBe('settled')
  } finally {
    vi.useRealTimers()
  }
})

test('a wallet refusal is cancelled, not an error, and paying again is allowed', async () => {
  const { result, rerender } = renderHook((props: UsePayLinkOptions) => usePayLink(code, { maxAmount: cap, ...props }), {
    wrapper: wrapperFor(),
    initialProps: { signer: createTestSigner({ rejects: true }) },
  })
  await waitFor(() => expect(result.current.status).toBe('ready'))
  await act(() => result.current.pay())
  expect(result.current.status).toBe('cancelled')
  expect(result.current.error).toBeUndefined()
  expect(paidRequests()).toBe(0)
  expect(result.current.canPay).toBe(true)
  rerender({ signer: createTestSigner() })
  await act(() => result.current.pay())
  expect(result.current.status).toBe('settled')
})

test('reset gets a user out of a wallet that never answers, and paying again pays once', async () => {
  const gone = { ...createTestSigner(), signPayment: () => new Promise<never>(() => {}) }
  const { result, rerender } = renderHook((props: UsePayLinkOptions) => usePayLink(code, { maxAmount: cap, ...props }), {
    wrapper: wrapperFor(),
    initialProps: { signer: gone } as UsePayLinkOptions,
  })
  await waitFor(() => expect(result.current.status).toBe('ready'))
  void act(() => void result.current.pay())
  await waitFor(() => expect(result.current.status).toBe('signing'))
  act(() => result.current.reset())
  await waitFor(() => expect(result.current.status).toBe('ready'))
  const signer = createTestSigner()
  rerender({ signer })
  await act(() => result.current.pay())
  expect(result.current.status).toBe('settled')
  expect(signer.calls).toBe(1)
  expect(api.mock.ledger).toHaveLength(1)
})

test('a 402 after paying is unknown, and a second click resends instead of signing again', async () => {
  api.mock.useScenario('payment-insufficient-funds')
  const signer = createTestSigner()
  const { result } = renderHook(() => usePayLink(code, { signer, maxAmount: cap }), { wrapper: wrapperFor() })
  await waitFor(() => expect(result.current.status).toBe('ready'))
  await act(() => result.current.pay())
  expect(result.current.status).toBe('unknown')
  expect(result.current.error).toMatchObject({ reason: 'outcome_unknown', x402Reason: 'insufficient_funds' })
  await act(() => result.current.pay())
  expect(result.current.status).toBe('unknown')
  expect(signer.calls).toBe(1)
  expect(paidRequests()).toBe(2)
  expect(api.mock.ledger).toHaveLength(0)
})

test('an ambiguous 402 resolves by resending the same payload under the same key', async () => {
  api.mock.useScenario('payment-outcome-unknown')
  const signer = createTestSigner()
  const { result } = renderHook(() => usePayLink(code, { signer, maxAmount: cap }), { wrapper: wrapperFor() })
  await waitFor(() => expect(result.current.status).toBe('ready'))
  await act(() => result.current.pay())
  expect(result.current.status).toBe('unknown')
  await act(() => result.current.pay())
  expect(result.current.status).toBe('settled')
  expect(result.current.proof).toMatchObject({ success: true })
  expect(signer.calls).toBe(1)
  expect(api.mock.ledger).toHaveLength(1)
})

test('a verified payment is followed until it settles', async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] })
  try {
    api.mock.useScenario('payment-settles-slowly')
    const { result } = renderHook(() => usePayLink(code, { signer: createTestSigner(), maxAmount: cap }), { wrapper: wrapperFor() })
    await act(() => vi.advanceTimersByTimeAsync(10))
    expect(result.current.status).toBe('ready')
    await act(() => result.current.pay())
    expect(result.current.status).toBe('verifying')
    expect(result.current.payment?.status).toBe('verified')
    await act(() => vi.advanceTimersByTimeAsync(90_000))
    expect(result.current.status).toBe('settled')
    expect(api.count('GET', `/payments/${result.current.payment!.id}`)).toBeGreaterThan(0)
  } finally {
    vi.useRealTimers()
  }
})

test('a verified payment whose following fails for a while (503s) is still verifying, never unknown, and settles', async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] })
  try {
    api.mock.useScenario('payment-settles-slowly')
    let polls = 0
    // Unanswered (undefined): the mock API's own handler answers.
    api.server.use(http.get('*/pub/v1/payments/:id', () => (polls++ < 6 ? HttpResponse.json({}, { status: 503 }) : undefined)))
    const { result } = renderHook(() => usePayLink(code, { signer: createTestSigner(), maxAmount: cap }), { wrapper: wrapperFor() })
    await act(() => vi.advanceTimersByTimeAsync(10))
    await act(() => result.current.pay())
    const seen = new Set<string>()
    for (let t = 0; t < 120 && result.current.status !== 'settled'; t++) {
      await act(() => vi.advanceTimersByTimeAsync(1_000))
      seen.add(result.current.status)
    }
    expect(seen).not.toContain('unknown')
    expect(result.current.status).toBe('settled')
    expect(polls).toBeGreaterThan(6)
  } finally {
    vi.useRealTimers()
  }
})

test('without a signer the requirements load but a click does nothing', async () => {
  const { result } = renderHook(() => usePayLink(code), { wrapper: wrapperFor() })
  await waitFor(() => expect(result.current.status).toBe('ready'))
  expect(result.current.canPay).toBe(false)
  await act(() => result.current.pay())
  expect(result.current.status).toBe('ready')
  expect(paidRequests()).toBe(0)
})

test('an unknown link fails with the HTTP error, and nothing is signed', async () => {
  const signer = createTestSigner()
  const { result } = renderHook(() => usePayLink('no-such-link', { signer }), { wrapper: wrapperFor() })
  await waitFor(() => expect(result.current.status).toBe('failed'))
  expect(result.current.error).toMatchObject({ name: 'PayLinkHttpError', status: 404 })
  expect(signer.calls).toBe(0)
})

test('a payment still owed can be resent without a signer (the wallet disconnected meanwhile)', async () => {
  api.mock.useScenario('payment-outcome-unknown')
  const { result, rerender } = renderHook((props: UsePayLinkOptions) => usePayLink(code, { maxAmount: cap, ...props }), {
    wrapper: wrapperFor(),
    initialProps: { signer: createTestSigner() } as UsePayLinkOptions,
  })
  await waitFor(() => expect(result.current.status).toBe('ready'))
  await act(() => result.current.pay())
  expect(result.current.status).toBe('unknown')
  rerender({ signer: undefined })
  expect(result.current.canPay).toBe(true)
  await act(() => result.current.pay())
  expect(result.current.status).toBe('settled')
  expect(api.mock.ledger).toHaveLength(1)
})

test('a verified payment that later fails ends as failed, with the reason', async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] })
  try {
    api.mock.useScenario('payment-settles-slowly')
    api.server.use(
      http.get('*/pub/v1/payments/:id', ({ params }) =>
        HttpResponse.json({
          id: params.id,
          linkCode: code,
          status: 'failed',
          amount: '1.50',
          asset: 'USDC',
          network: 'eip155:84532',
          createdAt: new Date().toISOString(),
          updatedAt: new Date().toISOString(),
          failureReason: 'transaction_reverted',
        }),
      ),
    )
    const { result } = renderHook(() => usePayLink(code, { signer: createTestSigner(), maxAmount: cap }), { wrapper: wrapperFor() })
    await act(() => vi.advanceTimersByTimeAsync(10))
    await act(() => result.current.pay())
    expect(result.current.status).toBe('verifying')
    await act(() => vi.advanceTimersByTimeAsync(5_000))
    expect(result.current.status).toBe('failed')
    expect(result.current.error).toMatchObject({ name: 'PayLinkPaymentError', reason: 'payment_refused', x402Reason: 'transaction_reverted' })
  } finally {
    vi.useRealTimers()
  }
})

test('usePayResource reads the price on mount and pays the URL once, through re-renders', async () => {
  const resource = 'https://paid.test/report'
  const offer = encodeBase64Json({
    x402Version: 2,
    resource: { url: resource },
    accepts: [{ scheme: 'exact', network: 'eip155:84532', amount: '10000', asset: BASE_SEPOLIA_USDC, payTo: MOCK_PAY_TO, maxTimeoutSeconds: 60, extra: {} }],
  })
  const payments = api.serveX402(resource, offer, () => HttpResponse.text('the report'))
  const signer = createTestSigner()
  const { result, rerender } = renderHook(() => usePayResource(resource, { signer }), { wrapper: wrapperFor() })
  await waitFor(() => expect(result.current.status).toBe('ready'))
  expect(result.current.price).toEqual({ amount: '0.01', currency: 'USDC' })
  rerender()
  await act(() => Promise.all([result.current.pay(), result.current.pay()]))
  rerender()
  expect(result.current.status).toBe('settled')
  expect(await result.current.response!.text()).toBe('the report')
  expect(signer.calls).toBe(1)
  expect(payments).toHaveLength(1)
})

test('usePayResource on a URL that asks no payment: no price on mount, and pay() gets its answer, settled without a proof, nothing signed', async () => {
  const resource = 'https://paid.test/already-unlocked'
  api.server.use(http.get(resource, () => HttpResponse.text('the report')))
  const signer = createTestSigner()
  const { result } = renderHook(() => usePayResource(resource, { signer }), { wrapper: wrapperFor() })
  await waitFor(() => expect(result.current.status).toBe('ready'))
  expect(result.current.price).toBeUndefined()
  await act(() => result.current.pay())
  expect(result.current.status).toBe('settled')
  expect(result.current.proof).toBeUndefined()
  expect(result.current.error).toBeUndefined()
  expect(await result.current.response!.text()).toBe('the report')
  expect(signer.calls).toBe(0)
})

test('usePayResource: a click that fails (503), then one on a URL unlocked meanwhile: settled, with no error of the failed click left', async () => {
  const resource = 'https://paid.test/unlocked-later'
  let gets = 0
  api.server.use(
    http.get(resource, () => {
      gets++
      if (gets === 1) return HttpResponse.json({}, { status: 402, headers: { 'PAYMENT-REQUIRED': usdcOffer(resource) } })
      return gets === 2 ? HttpResponse.text('busy', { status: 503 }) : HttpResponse.text('the report')
    }),
  )
  const signer = createTestSigner()
  const { result } = renderHook(() => usePayResource(resource, { signer }), { wrapper: wrapperFor() })
  await waitFor(() => expect(result.current.status).toBe('ready'))
  await act(() => result.current.pay())
  expect(result.current.status).toBe('failed')
  await act(() => result.current.pay())
  expect(result.current.status).toBe('settled')
  expect(result.current.error).toBeUndefined()
  expect(await result.current.response!.text()).toBe('the report')
  expect(signer.calls).toBe(0)
})

test("usePayResource: a paid request answered 402 with a failed settlement's reason is of unknown outcome, with that reason, and the next click resends it", async () => {
  const resource = 'https://paid.test/settle-failed'
  const failed = encodeBase64Json({ success: false, errorReason: 'insufficient_funds', transaction: '', network: 'eip155:84532' })
  const payments = api.serveX402(resource, usdcOffer(resource), () => HttpResponse.json({}, { status: 402, headers: { 'PAYMENT-RESPONSE': failed } }))
  const signer = createTestSigner()
  const { result } = renderHook(() => usePayResource(resource, { signer }), { wrapper: wrapperFor() })
  await waitFor(() => expect(result.current.status).toBe('ready'))
  await act(() => result.current.pay())
  expect(result.current.status).toBe('unknown')
  expect(result.current.error).toMatchObject({ reason: 'outcome_unknown', x402Reason: 'insufficient_funds' })
  await act(() => result.current.pay())
  expect(signer.calls).toBe(1)
  expect(payments).toHaveLength(2)
  expect(payments[1]).toBe(payments[0])
})

test('usePayResource: a paid request refused outright (HTTP 403) fails with that status, and the next click signs a new payment', async () => {
  const resource = 'https://paid.test/forbidden'
  const payments = api.serveX402(resource, usdcOffer(resource), (_, n) => (n === 1 ? HttpResponse.json({}, { status: 403 }) : HttpResponse.text('the report')))
  const signer = createTestSigner()
  const { result } = renderHook(() => usePayResource(resource, { signer }), { wrapper: wrapperFor() })
  await waitFor(() => expect(result.current.status).toBe('ready'))
  await act(() => result.current.pay())
  expect(result.current.status).toBe('failed')
  expect(result.current.error).toMatchObject({ message: 'The resource answered HTTP 403' })
  await act(() => result.current.pay())
  expect(result.current.status).toBe('settled')
  expect(signer.calls).toBe(2)
  expect(payments).toHaveLength(2)
})

// A 3xx that fetch does not follow (300, 304, a redirect without Location) is no refusal: the
// server may have taken the payment before it answered, so the payload is kept and sent again.
test('usePayResource: a paid request answered HTTP 300 is of unknown outcome, and the next click resends it instead of signing again', async () => {
  const resource = 'https://paid.test/choices'
  const payments = api.serveX402(resource, usdcOffer(resource), (_, n) => (n === 1 ? new HttpResponse(null, { status: 300 }) : HttpResponse.text('the report')))
  const signer = createTestSigner()
  const { result } = renderHook(() => usePayResource(resource, { signer }), { wrapper: wrapperFor() })
  await waitFor(() => expect(result.current.status).toBe('ready'))
  await act(() => result.current.pay())
  expect(result.current.status).toBe('unknown')
  expect(result.current.error).toMatchObject({ reason: 'outcome_unknown' })
  await act(() => result.current.pay())
  expect(result.current.status).toBe('settled')
  expect(signer.calls).toBe(1)
  expect(payments).toHaveLength(2)
  expect(payments[1]).toBe(payments[0])
})

test('usePayResource: an unpaid request answered 402 with only a failed settlement header is read as a 402, a typed x402 error', async () => {
  const resource = 'https://paid.test/odd-402'
  let gets = 0
  const failed = encodeBase64Json({ success: false, errorReason: 'invalid_payload' })
  api.server.use(
    http.get(resource, () =>
      gets++ === 0
        ? HttpResponse.json({}, { status: 402, headers: { 'PAYMENT-REQUIRED': usdcOffer(resource) } })
        : HttpResponse.json({}, { status: 402, headers: { 'PAYMENT-RESPONSE': failed } }),
    ),
  )
  const signer = createTestSigner()
  const { result } = renderHook(() => usePayResource(resource, { signer }), { wrapper: wrapperFor() })
  await waitFor(() => expect(result.current.status).toBe('ready'))
  await act(() => result.current.pay())
  expect(result.current.status).toBe('failed')
  expect(result.current.error).toMatchObject({ name: 'PayLinkX402Error', reason: 'invalid_shape' })
  expect(signer.calls).toBe(0)
})

test('usePayResource: an unpaid 402 that also carries a successful settlement header is still a 402: the price shows, and a click pays', async () => {
  const resource = 'https://paid.test/stray-receipt'
  const receipt = encodeBase64Json({ success: true, transaction: '0xabc', network: 'eip155:84532' })
  api.server.use(
    http.get(resource, ({ request }) =>
      request.headers.has('PAYMENT-SIGNATURE')
        ? HttpResponse.text('the report')
        : HttpResponse.json({}, { status: 402, headers: { 'PAYMENT-REQUIRED': usdcOffer(resource), 'PAYMENT-RESPONSE': receipt } }),
    ),
  )
  const signer = createTestSigner()
  const { result } = renderHook(() => usePayResource(resource, { signer }), { wrapper: wrapperFor() })
  await waitFor(() => expect(result.current.status).toBe('ready'))
  expect(result.current.price).toEqual({ amount: '0.01', currency: 'USDC' })
  await act(() => result.current.pay())
  expect(result.current.status).toBe('settled')
  expect(result.current.response!.status).toBe(200)
  expect(await result.current.response!.text()).toBe('the report')
  expect(signer.calls).toBe(1)
})

test('usePayResource whose selectRequirement throws something that is not an error (null): no price, no crash, and pay() fails with a typed error', async () => {
  const resource = 'https://paid.test/throws-null'
  const payments = api.serveX402(resource, usdcOffer(resource), () => HttpResponse.text('paid'))
  const selectRequirement = () => {
    throw null
  }
  const { result } = renderHook(() => usePayResource(resource, { signer: createTestSigner(), selectRequirement }), { wrapper: wrapperFor() })
  await waitFor(() => expect(result.current.status).toBe('ready'))
  expect(result.current.price).toBeUndefined()
  await act(() => result.current.pay())
  expect(result.current.status).toBe('failed')
  expect(result.current.error).toMatchObject({ name: 'PayLinkError', message: 'The payment could not be completed' })
  expect(payments).toHaveLength(0)
})

test("usePayResource pays a third-party URL with the global fetch, never the client's fetch that carries the API's credentials", async () => {
  const resource = 'https://paid.test/credentials'
  const authorizations: (string | null)[] = []
  api.serveX402(resource, usdcOffer(resource), () => HttpResponse.text('paid'))
  const seen = ({ request }: { request: Request }) => {
    if (request.url === resource) authorizations.push(request.headers.get('authorization'))
  }
  api.server.events.on('request:start', seen)
  // An app's wrapper that signs every request of its client with a session token.
  const withSession = vi.fn((input: RequestInfo | URL, init?: RequestInit) =>
    fetch(input, { ...init, headers: { ...(init?.headers as Record<string, string>), authorization: 'Bearer session' } }),
  )
  try {
    const { result } = renderHook(() => usePayResource(resource, { signer: createTestSigner() }), { wrapper: wrapperFor(testClient(withSession)) })
    await waitFor(() => expect(result.current.status).toBe('ready'))
    await act(() => result.current.pay())
    expect(result.current.status).toBe('settled')
  } finally {
    api.server.events.removeListener('request:start', seen)
  }
  // The price read on mount, the click's fresh requirements and the paid request: none with the session.
  expect(authorizations).toEqual([null, null, null])
  expect(withSession).not.toHaveBeenCalled()
})

test('a payment still being sent is not stale, even on a page open for long', async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] })
  try {
    // The paid request never answers: the purchase stays `verifying`, with no payment to follow.
    api.server.use(
      http.post('*/payments/verify', async ({ request }) => {
        if (request.headers.has('payment-signature')) await new Promise(() => {})
      }),
    )
    const { result } = renderHook(() => usePayLink(code, { signer: createTestSigner(), maxAmount: cap }), { wrapper: wrapperFor() })
    await act(() => vi.advanceTimersByTimeAsync(10))
    expect(result.current.status).toBe('ready')
    await act(() => vi.advanceTimersByTimeAsync(31 * 60_000))
    void act(() => void result.current.pay())
    await act(() => vi.advanceTimersByTimeAsync(100))
    expect(result.current.status).toBe('verifying')
    expect(result.current.isStale).toBe(false)
  } finally {
    vi.useRealTimers()
  }
})

describe('a payment accepted as verified, then lost from view', () => {
  const timers = () => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] })
  afterEach(() => vi.useRealTimers())

  /** New clients (one per page) that record each paid request's payload and Idempotency-Key in `sent`. */
  function recording() {
    const sent: string[] = []
    const client = () =>
      testClient(async (input, init) => {
        const headers = new Headers(init?.headers)
        if (headers.has('payment-signature')) sent.push(`${headers.get('payment-signature')}|${headers.get('idempotency-key')}`)
        return fetch(input, init)
      })
    return { sent, client }
  }

  test('a reload while it settles resends the same payload and follows it: no second signature, one payment', async () => {
    timers()
    api.mock.useScenario('payment-settles-slowly')
    const { sent, client } = recording()
    const before = renderHook(() => usePayLink(code, { signer: createTestSigner(), maxAmount: cap }), { wrapper: wrapperFor(client()) })
    await act(() => vi.advanceTimersByTimeAsync(10))
    await act(() => before.result.current.pay())
    expect(before.result.current.status).toBe('verifying')
    before.unmount()

    // A new page: a new client and query cache; only sessionStorage survived. A click there changes nothing.
    forgetPurchases()
    const signer = createTestSigner()
    const { result } = renderHook(() => usePayLink(code, { signer, maxAmount: cap }), { wrapper: wrapperFor(client(), testQueryClient()) })
    await act(() => vi.advanceTimersByTimeAsync(10))
    expect(result.current.status).toBe('verifying')
    await act(() => result.current.pay())
    await act(() => vi.advanceTimersByTimeAsync(90_000))
    expect(result.current.status).toBe('settled')
    expect(signer.calls).toBe(0)
    expect(sent).toHaveLength(2)
    expect(sent[1]).toBe(sent[0])
    expect(api.mock.ledger).toHaveLength(1)
    expect(sessionStorage.length).toBe(0)
  })

  test.each([
    ['a 404 (read-after-write lag)', { status: 404 }, 'PayLinkHttpError'],
    ['a 401 (an expired proxy session)', { status: 401 }, 'PayLinkHttpError'],
    ['a 200 that is not JSON', { malformedJson: true }, 'PayLinkValidationError'],
  ])('%s while following it is unknown, and a click resends the same payload and follows it until it settles', async (_, fault, cause) => {
    timers()
    api.mock.useScenario('payment-settles-slowly')
    api.mock.inject('getPayment', { ...fault, times: 1 })
    const { sent, client } = recording()
    const signer = createTestSigner()
    const { result } = renderHook(() => usePayLink(code, { signer, maxAmount: cap }), { wrapper: wrapperFor(client()) })
    await act(() => vi.advanceTimersByTimeAsync(10))
    await act(() => result.current.pay())
    await act(() => vi.advanceTimersByTimeAsync(10))
    expect(result.current.status).toBe('unknown')
    expect(result.current.error).toMatchObject({ reason: 'outcome_unknown', message: 'The payment is being confirmed', cause: { name: cause } })
    expect(result.current.canPay).toBe(true)

    await act(() => result.current.pay())
    expect(result.current.status).toBe('verifying')
    await act(() => vi.advanceTimersByTimeAsync(90_000))
    expect(result.current.status).toBe('settled')
    expect(signer.calls).toBe(1)
    expect(sent).toHaveLength(2)
    expect(sent[1]).toBe(sent[0])
    expect(api.mock.ledger).toHaveLength(1)
    expect(sessionStorage.length).toBe(0)
  })
})

describe('usePayResource: the price is the one pay signs', () => {
  const resource = 'https://paid.test/two-offers'
  const requirement = (amount: string, payTo: string) =>
    ({ scheme: 'exact', network: 'eip155:84532', amount, asset: BASE_SEPOLIA_USDC, payTo, maxTimeoutSeconds: 60, extra: {} })
  const accepts = [requirement('10000', MOCK_PAY_TO), requirement('90000', '0x00000000000000000000000000000000000000B2')]
  const offer = encodeBase64Json({ x402Version: 2, resource: { url: resource }, accepts })

  test('is that of the requirement selectRequirement picks; without a signer, none when the requirements differ in price', async () => {
    const payments = api.serveX402(resource, offer)
    const signer = createTestSigner()
    const selectRequirement = (payable: PaymentRequirement[]) => payable.at(-1)
    const { result } = renderHook(() => usePayResource(resource, { signer, selectRequirement }), { wrapper: wrapperFor() })
    await waitFor(() => expect(result.current.status).toBe('ready'))
    expect(result.current.price).toEqual({ amount: '0.09', currency: 'USDC' })
    await act(() => result.current.pay())
    expect(result.current.status).toBe('settled')
    expect(payments.map((p) => (JSON.parse(atob(p)) as { accepted: { amount: string } }).accepted.amount)).toEqual(['90000'])

    // Another page, without a signer.
    forgetPurchases()
    const unsigned = renderHook(() => usePayResource(resource), { wrapper: wrapperFor() })
    await waitFor(() => expect(unsigned.result.current.status).toBe('ready'))
    expect(unsigned.result.current.price).toBeUndefined()
  })
})

describe('a click never signs more than the price shown', () => {
  const resource = 'https://paid.test/repriced'
  const offerAt = (amount: string, asset = BASE_SEPOLIA_USDC) =>
    encodeBase64Json({
      x402Version: 2,
      resource: { url: resource },
      accepts: [{ scheme: 'exact', network: 'eip155:84532', amount, asset, payTo: MOCK_PAY_TO, maxTimeoutSeconds: 60, extra: {} }],
    })
  const signedAmounts = (payments: string[]) => payments.map((p) => (JSON.parse(atob(p)) as { accepted: { amount: string } }).accepted.amount)
  const resourceRequests = () => api.requests.filter((r) => r.path === '/repriced').length

  test('usePayResource: a price raised since the preview is shown, not signed; the next pay signs the new price once', async () => {
    const previewed = api.serveX402(resource, offerAt('10000'))
    const signer = createTestSigner()
    const { result } = renderHook(() => usePayResource(resource, { signer }), { wrapper: wrapperFor() })
    await waitFor(() => expect(result.current.status).toBe('ready'))
    expect(result.current.price).toEqual({ amount: '0.01', currency: 'USDC' })
    const payments = api.serveX402(resource, offerAt('90000'))

    await act(() => result.current.pay())
    expect(signer.calls).toBe(0)
    expect(result.current).toMatchObject({ status: 'ready', priceChanged: true, price: { amount: '0.09', currency: 'USDC' } })
    expect(result.current.error).toBeUndefined()

    await act(() => result.current.pay())
    expect(result.current.status).toBe('settled')
    expect(result.current.priceChanged).toBeUndefined()
    expect(signer.calls).toBe(1)
    expect(signedAmounts([...previewed, ...payments])).toEqual(['90000'])
  })

  test('usePayResource: the same price (the asset spelt in another case) is signed at the first click, with no extra request', async () => {
    api.serveX402(resource, offerAt('10000'))
    const signer = createTestSigner()
    const { result } = renderHook(() => usePayResource(resource, { signer }), { wrapper: wrapperFor() })
    await waitFor(() => expect(result.current.status).toBe('ready'))
    const payments = api.serveX402(resource, offerAt('10000', BASE_SEPOLIA_USDC.toLowerCase()))
    await act(() => result.current.pay())
    expect(result.current.status).toBe('settled')
    expect(signer.calls).toBe(1)
    expect(signedAmounts(payments)).toEqual(['10000'])
    // The preview, the click's fresh requirements and the paid request: as before.
    expect(resourceRequests()).toBe(3)
  })

  test('usePayResource: a lower price is signed at the first click', async () => {
    api.serveX402(resource, offerAt('90000'))
    const signer = createTestSigner()
    const { result } = renderHook(() => usePayResource(resource, { signer }), { wrapper: wrapperFor() })
    await waitFor(() => expect(result.current.status).toBe('ready'))
    const payments = api.serveX402(resource, offerAt('10000'))
    await act(() => result.current.pay())
    expect(result.current.status).toBe('settled')
    expect(signedAmounts(payments)).toEqual(['10000'])
  })

  test('usePayResource: after a click that failed before signing, price never says less than the next pay signs', async () => {
    // The preview showed 0.03; a click then read 0.01 above a lowered cap and failed; the cap is
    // raised again (or another wallet connected) and the seller asks 0.03 again.
    api.serveX402(resource, offerAt('30000'))
    const signer = createTestSigner()
    let maxAmount = { [BASE_SEPOLIA_USDC]: '50000' }
    const { result, rerender } = renderHook(() => usePayResource(resource, { signer, maxAmount }), { wrapper: wrapperFor() })
    await waitFor(() => expect(result.current.price).toEqual({ amount: '0.03', currency: 'USDC' }))
    api.serveX402(resource, offerAt('10000'))
    maxAmount = { [BASE_SEPOLIA_USDC]: '5000' }
    rerender()
    await act(() => result.current.pay())
    expect(result.current.error).toMatchObject({ reason: 'exceeds_max_amount' })
    maxAmount = { [BASE_SEPOLIA_USDC]: '50000' }
    rerender()
    const { status, price } = result.current
    const payments = api.serveX402(resource, offerAt('30000'))
    await act(() => result.current.pay())
    // The next click is held to the 0.03 shown before the failure, and signs it: `price` must not say 0.01.
    expect({ status, price }).toEqual({ status: 'failed', price: undefined })
    expect(signedAmounts(payments)).toEqual(['30000'])
  })

  test('usePayResource: another asset at the same amount is not signed either', async () => {
    api.serveX402(resource, offerAt('10000'))
    const signer = createTestSigner()
    const otherUsdc = '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913'
    const { result } = renderHook(() => usePayResource(resource, { signer, maxAmount: { [BASE_SEPOLIA_USDC]: '100000', [otherUsdc]: '100000' } }), {
      wrapper: wrapperFor(),
    })
    await waitFor(() => expect(result.current.status).toBe('ready'))
    const payments = api.serveX402(resource, offerAt('10000', otherUsdc))
    await act(() => result.current.pay())
    expect(result.current).toMatchObject({ status: 'ready', priceChanged: true })
    expect(signer.calls).toBe(0)
    expect(payments).toHaveLength(0)
  })

  test('usePayLink: requirements that expired and came back dearer are not signed; the next pay signs the new price once', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    try {
      const signer = createTestSigner()
      const { result } = renderHook(() => usePayLink(code, { signer, maxAmount: cap }), { wrapper: wrapperFor() })
      await waitFor(() => expect(result.current.status).toBe('ready'))
      api.mock.state.links.get(code)!.price = { amount: '2.50', currency: 'USDC' }
      vi.setSystemTime(Date.now() + 61_000)

      await act(() => result.current.pay())
      expect(signer.calls).toBe(0)
      expect(paidRequests()).toBe(0)
      expect(result.current).toMatchObject({ status: 'ready', priceChanged: true })
      expect(result.current.paymentRequired?.accepts[0]?.amount).toBe('2500000')

      await act(() => result.current.pay())
      expect(result.current.status).toBe('settled')
      expect(signer.calls).toBe(1)
      expect(api.mock.ledger.map((entry) => entry.amount)).toEqual(['2.50'])
    } finally {
      vi.useRealTimers()
    }
  })

  test('usePayLink: dearer requirements a click failed on (over its cap) are not signed by another hook\'s click, which never showed them', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    try {
      const signer = createTestSigner()
      const { result } = renderHook(
        () => ({ a: usePayLink(code, { signer, maxAmount: { [BASE_SEPOLIA_USDC]: '2000000' } }), b: usePayLink(code, { signer, maxAmount: cap }) }),
        { wrapper: wrapperFor() },
      )
      await waitFor(() => expect(result.current.b.status).toBe('ready'))
      api.mock.state.links.get(code)!.price = { amount: '2.50', currency: 'USDC' }
      vi.setSystemTime(Date.now() + 61_000)

      await act(() => result.current.a.pay())
      expect(result.current.a).toMatchObject({ status: 'failed', error: { reason: 'exceeds_max_amount' } })
      // B showed 1.50, then "Try again": the 2.50 A read are not expired, but B never showed them.
      await act(() => result.current.b.pay())
      expect(signer.calls).toBe(0)
      expect(paidRequests()).toBe(0)
      expect(result.current.b).toMatchObject({ status: 'ready', priceChanged: true })

      await act(() => result.current.b.pay())
      expect(result.current.b.status).toBe('settled')
      expect(api.mock.ledger.map((entry) => entry.amount)).toEqual(['2.50'])
    } finally {
      vi.useRealTimers()
    }
  })
})

test('after a reload, a pay() from a child effect (which runs before the hook starts) resends the kept payment: no second signature, one payment', async () => {
  // The first page: the paid request's answer is lost, so the button is left `unknown` with the payload kept.
  const lost: typeof fetch = async (input, init) => {
    const answer = await fetch(input, init)
    if (new Headers(init?.headers).has('payment-signature')) throw new TypeError('the tab was closed')
    return answer
  }
  const first = render(<PayButton signer={createTestSigner()} />, { wrapper: wrapperFor(testClient(lost)) })
  await waitFor(() => expect(screen.getByRole('button')).toHaveAttribute('data-state', 'ready'))
  fireEvent.click(screen.getByRole('button'))
  await waitFor(() => expect(screen.getByRole('button')).toHaveAttribute('data-state', 'unknown'))
  first.unmount()
  expect(api.mock.ledger).toHaveLength(1)

  // After the reload (a new client): "pay as soon as the wallet is there", from a child.
  forgetPurchases()
  function AutoPay({ pay }: { pay: () => Promise<void> }) {
    useEffect(() => void pay(), [pay])
    return null
  }
  function Checkout({ signer }: { signer: ReturnType<typeof createTestSigner> }) {
    const { status, pay } = usePayLink(code, { maxAmount: cap, signer })
    return (
      <output data-state={status}>
        <AutoPay pay={pay} />
      </output>
    )
  }
  const signer = createTestSigner()
  render(<Checkout signer={signer} />, { wrapper: wrapperFor(testClient(), testQueryClient()) })
  await waitFor(() => expect(screen.getByRole('status')).toHaveAttribute('data-state', 'settled'))
  expect(signer.calls).toBe(0)
  expect(api.mock.ledger).toHaveLength(1)
})

test('usePayResource: once no hook shows a paid URL, the store lets its copy of the answer go; a hook showing it reads its own', async () => {
  const RESOURCE = 'https://paid.test/large-download'
  const body = 'x'.repeat(1024 * 1024)
  api.serveX402(
    RESOURCE,
    usdcOffer(RESOURCE),
    () => HttpResponse.text(body),
  )
  const client = testClient()
  const { result, unmount } = renderHook(() => usePayResource(RESOURCE, { signer: createTestSigner() }), { wrapper: wrapperFor(client) })
  await waitFor(() => expect(result.current.status).toBe('ready'))
  await act(() => result.current.pay())
  await waitFor(() => expect(result.current.status).toBe('settled'))
  expect((await result.current.response!.text()).length).toBe(body.length)
  unmount()
  // The store's own copy (what a later hook would be given) no longer holds the megabyte.
  const held = () => (resourcePurchase(RESOURCE).getSnapshot() as { response?: Response }).response
  await waitFor(() => expect(held()).toBeUndefined())
  expect(resourcePurchase(RESOURCE).getSnapshot().status).toBe('settled')
})

test('usePayLink: a wallet silent for 20 s makes canPay true again (walletSlow), and pay asks it again', async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
  try {
    const wallet = createTestSigner()
    let asked = 0
    const signer = { ...wallet, signPayment: (...a: Parameters<typeof wallet.signPayment>) => (asked++ === 0 ? new Promise<never>(() => {}) : wallet.signPayment(...a)) }
    const { result } = renderHook(() => usePayLink(code, { signer, maxAmount: cap }), { wrapper: wrapperFor() })
    // Real requests under fake timers: time moves on in small steps until they are answered.
    const until = async (status: string) => {
      for (let i = 0; i < 100 && result.current.status !== status; i++) await act(() => vi.advanceTimersByTimeAsync(10))
    }
    await until('ready')
    await act(async () => void result.current.pay())
    await until('signing')
    expect(result.current).toMatchObject({ status: 'signing', canPay: false })
    await act(() => vi.advanceTimersByTimeAsync(20_000))
    expect(result.current).toMatchObject({ status: 'signing', canPay: true, walletSlow: true })
    await act(async () => void result.current.pay())
    await until('settled')
    expect(asked).toBe(2)
    expect(result.current.status).toBe('settled')
    expect(api.mock.ledger).toHaveLength(1)
  } finally {
    vi.useRealTimers()
  }
})

test('without a code or a URL yet (a route parameter still loading): idle, nothing asked nor signed, pay() does nothing; once given, the purchase loads', async () => {
  const resource = 'https://paid.test/given-later'
  api.serveX402(resource, usdcOffer(resource), () => HttpResponse.text('the report'))
  let sent = 0
  const count = () => void sent++
  api.server.events.on('request:start', count)
  const signer = createTestSigner()
  const { result, rerender } = renderHook(
    ({ code, url }: { code?: string; url?: string }) => ({ link: usePayLink(code, { signer, maxAmount: cap }), resource: usePayResource(url, { signer }) }),
    { wrapper: wrapperFor(), initialProps: {} },
  )
  await act(() => Promise.all([result.current.link.pay(), result.current.resource.pay()]))
  expect(result.current.link.status).toBe('idle')
  expect(result.current.resource).toMatchObject({ status: 'idle', price: undefined })
  expect(sent).toBe(0)
  expect(signer.calls).toBe(0)
  rerender({ code, url: resource })
  await waitFor(() => expect([result.current.link.status, result.current.resource.status]).toEqual(['ready', 'ready']))
  expect(result.current.resource.price).toEqual({ amount: '0.01', currency: 'USDC' })
  api.server.events.removeListener('request:start', count)
})

test("usePayResource's timeoutMs ends a request whose answer does not come: pay() fails with a time-out, not after the default 15 s", async () => {
  const url = 'https://paid.test/never-answers'
  api.server.use(http.get(url, () => new Promise<never>(() => {})))
  const signer = createTestSigner()
  const { result } = renderHook(() => usePayResource(url, { timeoutMs: 50, signer, maxAmount: cap }), { wrapper: wrapperFor() })
  await waitFor(() => expect(result.current.status).toBe('ready'))
  await act(() => result.current.pay())
  await waitFor(() => expect(result.current.status).toBe('failed'))
  expect(result.current.error).toMatchObject({ name: 'PayLinkNetworkError', timedOut: true, message: 'The request timed out after 50 ms' })
  expect(signer.calls).toBe(0)
})
