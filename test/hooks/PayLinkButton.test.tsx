import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { Children, type ComponentProps, createRef, type ReactElement, type Ref, StrictMode } from 'react'
import { renderToString } from 'react-dom/server'
import { PayLinkButton, type PayLinkButtonProps } from '../../src/components/PayLinkButton.js'
import { payLinkButtonState } from '../../src/components/payLinkButtonState.js'
import { useLink } from '../../src/hooks/useLink.js'
import { usePayResource } from '../../src/hooks/usePayResource.js'
import { usePayLink } from '../../src/hooks/usePayLink.js'
import { BASE_SEPOLIA_USDC, MOCK_LINKS, MOCK_PAY_TO, MOCK_X402_REASONS } from '../../src/mock/constants.js'
import { SLOW_SETTLE_MS } from '../../src/mock/scenarios.js'
import { createMockApi } from '../../src/mock/createMockApi.js'
import { defaultSeed } from '../../src/mock/seed.js'
import { createTestSigner } from '../../src/mock/createTestSigner.js'
import { encodeBase64Json } from '../../src/x402/base64.js'
import { BASE_URL, cap, ErrorBoundary, testClient, testQueryClient, throwingQueryClient, usdcOffer, useMockApi, wrapperFor } from './harness.js'
import { forgetPurchases } from '../../src/payment/forgetPurchases.js'
import { linkPurchase } from '../../src/payment/linkPurchase.js'
import { keepPreviousData, QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { PayLinkProvider } from '../../src/hooks/PayLinkProvider.js'
import { createPayLinkClient, type PayLinkClient } from '../../src/client.js'

const api = useMockApi({ settleDelayMs: 0 })
const code = MOCK_LINKS.demo
const paidRequests = () => api.requests.filter((r) => r.paid).length

type LinkButtonProps = Partial<Extract<PayLinkButtonProps, { code: string }>> & { ref?: Ref<HTMLButtonElement> }

function renderButton(props: LinkButtonProps = {}, { strict = false } = {}) {
  const ui = <PayLinkButton code={code} maxAmount={cap} {...props} />
  return render(strict ? <StrictMode>{ui}</StrictMode> : ui, { wrapper: wrapperFor() })
}

const button = () => screen.getByRole('button')
// A page's own read of the link (a product card), through the same cache as the button's.
function ProductPrice() {
  const { data } = useLink(code)
  return <p>{data ? `${data.price?.amount} ${data.price?.currency}` : 'Loading the card'}</p>
}
const status = () => screen.getByRole('status')
const stateOf = (element: HTMLElement) => element.getAttribute('data-state')
// The user reads the new price before pressing again: the button ignores a press within half a
// second of it. Moves the clock on (restoreMocks puts it back after each test).
const aMomentLater = () => {
  const now = performance.now.bind(performance)
  vi.spyOn(performance, 'now').mockImplementation(() => now() + 600)
}

/** A promise the test opens by hand. */
function gate() {
  let resolve!: () => void
  const promise = new Promise<void>((r) => (resolve = r))
  return { promise, resolve }
}

/** A signer whose wallet answers only once `until` resolves. */
function heldSigner(signer: ReturnType<typeof createTestSigner>, until: Promise<void>) {
  return { ...signer, signPayment: async (...a: Parameters<typeof signer.signPayment>) => (await until, signer.signPayment(...a)) }
}

async function ready() {
  await waitFor(() => expect(stateOf(button())).toBe('ready'))
}

/** Opens `checkout`, clicks pay and closes it while the wallet is open (its signer held). */
async function closeWhileSigning(checkout: ReactElement) {
  const view = render(checkout)
  await ready()
  fireEvent.click(button())
  await waitFor(() => expect(stateOf(button())).toBe('signing'))
  view.unmount()
}

describe('payLinkButtonState', () => {
  test('maps the purchase, the disabled flag and the link loading to one state', () => {
    expect(payLinkButtonState({ status: 'idle', disabled: false, linkLoading: true })).toBe('loading')
    expect(payLinkButtonState({ status: 'ready', disabled: false, linkLoading: true })).toBe('loading')
    expect(payLinkButtonState({ status: 'ready', disabled: false, linkLoading: false })).toBe('ready')
    expect(payLinkButtonState({ status: 'ready', disabled: true, linkLoading: false })).toBe('disabled')
    expect(payLinkButtonState({ status: 'failed', disabled: true, linkLoading: false })).toBe('disabled')
    // A payment under way or done is never hidden behind "disabled".
    expect(payLinkButtonState({ status: 'verifying', disabled: true, linkLoading: false })).toBe('verifying')
    expect(payLinkButtonState({ status: 'unknown', disabled: true, linkLoading: false })).toBe('unknown')
    expect(payLinkButtonState({ status: 'settled', disabled: true, linkLoading: false })).toBe('settled')
    expect(payLinkButtonState({ status: 'signing', disabled: true, linkLoading: false })).toBe('signing')
    expect(payLinkButtonState({ status: 'cancelled', disabled: false, linkLoading: false })).toBe('cancelled')
  })
})

describe('PayLinkButton', () => {
  test('shows the price of the link once it loaded, with a stable name and a polite status', async () => {
    renderButton({ signer: createTestSigner() })
    expect(stateOf(button())).toBe('loading')
    expect(button()).toHaveAccessibleName('Loading…')
    expect(button()).toHaveAttribute('aria-disabled', 'true')
    await ready()
    expect(button()).toHaveAccessibleName('Pay 1.50 USDC')
    expect(button()).not.toHaveAttribute('aria-disabled')
    expect(button()).not.toHaveAttribute('aria-busy')
    expect(button()).toHaveAttribute('type', 'button')
    // Nothing to say on load: each button of a page would otherwise queue its own "Ready to pay".
    expect(status().textContent).toBe('')
    expect(status()).toHaveAttribute('aria-live', 'polite')
  })

  test('buttons on a page say nothing once loaded; "Ready to pay" is said after "Try again" read the terms', async () => {
    // The first button's terms cannot be read once; the second's are.
    let refused = false
    api.server.use(
      http.post(`${BASE_URL}/pub/v1/payments/verify`, async ({ request }) => {
        if (refused || ((await request.clone().json()) as { code: string }).code !== code) return undefined
        refused = true
        return HttpResponse.html('<h1>Payment Required</h1>', { status: 402 })
      }),
    )
    render(
      <>
        <PayLinkButton code={code} maxAmount={cap} signer={createTestSigner()} />
        <PayLinkButton code={MOCK_LINKS.engagement} maxAmount={cap} signer={createTestSigner()} />
      </>,
      { wrapper: wrapperFor() },
    )
    const [first, second] = screen.getAllByRole('button')
    await waitFor(() => expect(stateOf(first!)).toBe('failed'))
    await waitFor(() => expect(stateOf(second!)).toBe('ready'))
    const [firstStatus, secondStatus] = screen.getAllByRole('status')
    expect(secondStatus!.textContent).toBe('')
    expect(firstStatus).toHaveTextContent('Payment unavailable')
    fireEvent.click(first!)
    await waitFor(() => expect(stateOf(first!)).toBe('ready'))
    expect(firstStatus).toHaveTextContent('Ready to pay')
    expect(secondStatus!.textContent).toBe('')
  })

  test('pays the link: signing, verifying, then "Paid", with onSettled once and every state reported', async () => {
    // Gates hold the wallet and the paid request open, so that each step is seen for sure.
    const wallet = gate()
    const answer = gate()
    api.server.use(
      http.post('*/payments/verify', async ({ request }) => {
        if (request.headers.has('payment-signature')) await answer.promise
      }),
    )
    const testSigner = createTestSigner()
    const signer = heldSigner(testSigner, wallet.promise)
    const onStateChange = vi.fn()
    const onSettled = vi.fn()
    const onError = vi.fn()
    renderButton({ signer, onStateChange, onSettled, onError }, { strict: true })
    await ready()
    fireEvent.click(button())
    await waitFor(() => expect(stateOf(button())).toBe('signing'))
    expect(button()).toHaveAccessibleName('Confirm in your wallet…')
    // Not in a busy element, where a screen reader may keep it quiet until the purchase ends.
    expect(status().closest('[aria-busy="true"]')).toBeNull()
    expect(button()).toHaveAttribute('aria-disabled', 'true')
    expect(status()).toHaveTextContent('Waiting for your wallet to sign')
    wallet.resolve()
    await waitFor(() => expect(stateOf(button())).toBe('verifying'))
    expect(button()).toHaveAccessibleName('Verifying payment…')
    expect(status().closest('[aria-busy="true"]')).toBeNull()
    expect(status()).toHaveTextContent('Verifying the payment')
    answer.resolve()
    await waitFor(() => expect(stateOf(button())).toBe('settled'))
    expect(button()).toHaveAccessibleName('Paid')
    expect(status()).toHaveTextContent('Payment complete')
    expect(onStateChange.mock.calls.map(([s]) => s)).toEqual(['ready', 'signing', 'verifying', 'settled'])
    expect(onSettled).toHaveBeenCalledTimes(1)
    expect(onSettled).toHaveBeenCalledWith(expect.objectContaining({ success: true, network: 'eip155:84532' }))
    expect(onError).not.toHaveBeenCalled()
    // A paid button does nothing more.
    fireEvent.click(button())
    expect(testSigner.calls).toBe(1)
    expect(api.mock.ledger).toHaveLength(1)
  })

  test('new callbacks alone report nothing; the next change goes to them, not to the old ones', async () => {
    const signer = createTestSigner()
    const first = vi.fn()
    const second = vi.fn()
    const { rerender } = renderButton({ signer, onStateChange: first })
    await ready()
    expect(first.mock.calls).toEqual([['ready']])
    rerender(<PayLinkButton code={code} maxAmount={cap} signer={signer} onStateChange={second} />)
    expect(second).not.toHaveBeenCalled()
    fireEvent.click(button())
    await waitFor(() => expect(stateOf(button())).toBe('settled'))
    expect(first.mock.calls).toEqual([['ready']])
    expect(second).toHaveBeenLastCalledWith('settled')
  })

  test('a double click makes one signature and one paid request', async () => {
    const wallet = gate()
    const testSigner = createTestSigner()
    renderButton({ signer: heldSigner(testSigner, wallet.promise) })
    await ready()
    fireEvent.click(button())
    fireEvent.click(button())
    await waitFor(() => expect(stateOf(button())).toBe('signing'))
    fireEvent.click(button())
    wallet.resolve()
    await waitFor(() => expect(stateOf(button())).toBe('settled'))
    expect(testSigner.calls).toBe(1)
    expect(paidRequests()).toBe(1)
  })

  test('a refused payment is "unknown" (being confirmed, not failed), and a click resends it without signing again', async () => {
    api.mock.useScenario('payment-insufficient-funds')
    const signer = createTestSigner()
    const onError = vi.fn()
    renderButton({ signer, onError })
    await ready()
    fireEvent.click(button())
    await waitFor(() => expect(stateOf(button())).toBe('unknown'))
    // The name is all the visible text (WCAG 2.5.3): the action, then the second line.
    expect(button()).toHaveAccessibleName('Check payment status Confirming payment…')
    expect(screen.getByText('Confirming payment…')).toBeVisible()
    expect(screen.queryByText(/failed/i)).toBeNull()
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ reason: 'outcome_unknown', x402Reason: 'insufficient_funds' }))
    fireEvent.click(button())
    await waitFor(() => expect(paidRequests()).toBe(2))
    await waitFor(() => expect(stateOf(button())).toBe('unknown'))
    expect(signer.calls).toBe(1)
  })

  test('a button left "unknown" by refusals of its resent payment: the app\'s "Start over" beside it (usePayLink\'s reset, one purchase per link) offers the price again, and a press signs anew', async () => {
    api.mock.useScenario('payment-insufficient-funds')
    const signer = createTestSigner()
    // The app's own escape, shown only while the outcome is unknown and the user knows nothing was charged.
    function StartOver() {
      const { status, reset } = usePayLink(code, { signer, maxAmount: cap })
      return status === 'unknown' ? <a href="#start-over" onClick={reset}>Start over</a> : null
    }
    render(
      <>
        <PayLinkButton code={code} maxAmount={cap} signer={signer} />
        <StartOver />
      </>,
      { wrapper: wrapperFor() },
    )
    await ready()
    fireEvent.click(button())
    await waitFor(() => expect(stateOf(button())).toBe('unknown'))
    fireEvent.click(button())
    await waitFor(() => expect(paidRequests()).toBe(2))
    await waitFor(() => expect(stateOf(button())).toBe('unknown'))
    expect(signer.calls).toBe(1)
    expect(api.mock.ledger).toHaveLength(0)
    // The wallet has funds now (the scenario off); the user, who sees no transfer in it, starts over.
    api.mock.reset()
    fireEvent.click(screen.getByRole('link', { name: 'Start over' }))
    await waitFor(() => expect(stateOf(button())).toBe('ready'))
    expect(button()).toHaveAccessibleName('Pay 1.50 USDC')
    expect(screen.queryByRole('link', { name: 'Start over' })).toBeNull()
    expect(sessionStorage.length).toBe(0)
    fireEvent.click(button())
    await waitFor(() => expect(stateOf(button())).toBe('settled'))
    expect(signer.calls).toBe(2)
    expect(api.mock.ledger).toHaveLength(1)
  })

  test('an ambiguous answer resolves to "Paid" when the same payment is resent', async () => {
    api.mock.useScenario('payment-outcome-unknown')
    const signer = createTestSigner()
    const onSettled = vi.fn()
    renderButton({ signer, onSettled })
    await ready()
    fireEvent.click(button())
    await waitFor(() => expect(stateOf(button())).toBe('unknown'))
    fireEvent.click(button())
    await waitFor(() => expect(stateOf(button())).toBe('settled'))
    expect(signer.calls).toBe(1)
    expect(onSettled).toHaveBeenCalledTimes(1)
    expect(api.mock.ledger).toHaveLength(1)
  })

  test('a payment that settles slowly stays "verifying" until it settles', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] })
    try {
      api.mock.useScenario('payment-settles-slowly')
      const onSettled = vi.fn()
      renderButton({ signer: createTestSigner(), onSettled })
      await act(() => vi.advanceTimersByTimeAsync(10))
      expect(stateOf(button())).toBe('ready')
      fireEvent.click(button())
      await act(() => vi.advanceTimersByTimeAsync(10))
      expect(stateOf(button())).toBe('verifying')
      await act(() => vi.advanceTimersByTimeAsync(30_000))
      expect(stateOf(button())).toBe('verifying')
      expect(onSettled).not.toHaveBeenCalled()
      await act(() => vi.advanceTimersByTimeAsync(60_000))
      expect(stateOf(button())).toBe('settled')
      expect(onSettled).toHaveBeenCalledTimes(1)
    } finally {
      vi.useRealTimers()
    }
  })

  test.each([
    ['payment-fails-to-settle', 'The payment failed to settle', MOCK_X402_REASONS.settlementFailed],
    ['payment-expires', 'The payment expired before it settled', undefined],
  ] as const)('%s: a payment the gate accepted that then ends so says "Payment failed" once, stops following it, and signs nothing by itself', async (scenario, message, x402Reason) => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] })
    try {
      api.mock.useScenario(scenario)
      const signer = createTestSigner()
      const onError = vi.fn()
      const onSettled = vi.fn()
      renderButton({ signer, onError, onSettled })
      await act(() => vi.advanceTimersByTimeAsync(10))
      fireEvent.click(button())
      await act(() => vi.advanceTimersByTimeAsync(10))
      expect(stateOf(button())).toBe('verifying')
      await act(() => vi.advanceTimersByTimeAsync(10_000))
      expect(stateOf(button())).toBe('failed')
      expect(button()).toHaveAccessibleName('Try again Payment failed')
      expect(onSettled).not.toHaveBeenCalled()
      expect(onError).toHaveBeenCalledTimes(1)
      expect(onError).toHaveBeenCalledWith(expect.objectContaining({ name: 'PayLinkPaymentError', reason: 'payment_refused', message, x402Reason }))
      const id = api.mock.ledger[0]!.id
      const polls = api.count('GET', `/payments/${id}`)
      await act(() => vi.advanceTimersByTimeAsync(10 * 60_000))
      expect(api.count('GET', `/payments/${id}`)).toBe(polls)
      expect(stateOf(button())).toBe('failed')
      expect(onError).toHaveBeenCalledTimes(1)
      expect([signer.calls, paidRequests(), api.mock.ledger.length]).toEqual([1, 1, 1])
    } finally {
      vi.useRealTimers()
    }
  })

  test('unknown-status: a payment that reads a status this version does not know stays "verifying", then "Paid": one signature, nothing reported early', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] })
    try {
      api.mock.useScenario('unknown-status')
      api.mock.useScenario('payment-settles-slowly')
      const signer = createTestSigner()
      const onError = vi.fn()
      const onSettled = vi.fn()
      renderButton({ signer, onError, onSettled })
      await act(() => vi.advanceTimersByTimeAsync(10))
      fireEvent.click(button())
      await act(() => vi.advanceTimersByTimeAsync(10))
      const id = api.mock.ledger[0]!.id
      // Past the first step: the API now says MOCK_UNKNOWN_STATUS, and the button is still verifying.
      await act(() => vi.advanceTimersByTimeAsync(SLOW_SETTLE_MS + 30_000))
      expect(api.mock.state.payments.get(id)!.unknownFrom).toBeLessThan(Date.now())
      expect(stateOf(button())).toBe('verifying')
      expect(button()).toHaveAccessibleName('Verifying payment…')
      await act(() => vi.advanceTimersByTimeAsync(SLOW_SETTLE_MS))
      expect(stateOf(button())).toBe('settled')
      expect(onSettled).toHaveBeenCalledTimes(1)
      expect(onError).not.toHaveBeenCalled()
      expect([signer.calls, paidRequests(), api.mock.ledger.length]).toEqual([1, 1, 1])
    } finally {
      vi.useRealTimers()
    }
  })

  test('a status read about another payment (a cache gone wrong) is not this one\'s: "unknown", and a press resends the same payment', async () => {
    api.mock.useScenario('payment-settles-slowly')
    const polled: string[] = []
    api.server.use(
      http.get(`${BASE_URL}/pub/v1/payments/:id`, ({ params }) => {
        polled.push(String(params.id))
        const at = new Date().toISOString()
        return HttpResponse.json({ id: 'pay_someone_else', linkCode: code, status: 'settled', amount: '1.50', asset: 'USDC', network: 'eip155:84532', createdAt: at, updatedAt: at })
      }),
    )
    const signer = createTestSigner()
    const sign = vi.spyOn(signer, 'signPayment')
    const onSettled = vi.fn()
    renderButton({ signer, onSettled })
    await waitFor(() => expect(stateOf(button())).toBe('ready'))
    fireEvent.click(button())
    await waitFor(() => expect(stateOf(button())).toBe('unknown'))
    expect(polled).toEqual([api.mock.ledger[0]!.id])
    expect(onSettled).not.toHaveBeenCalled()
    fireEvent.click(button())
    await waitFor(() => expect(polled).toHaveLength(2))
    expect(sign).toHaveBeenCalledTimes(1)
    expect(api.mock.ledger).toHaveLength(1)
  })

  test('a paid answer about another link\'s payment (a cache gone wrong) is not this one\'s: "unknown", never "Paid", and a press resends the same payment', async () => {
    const sent: string[] = []
    api.server.use(
      http.post(`${BASE_URL}/pub/v1/payments/verify`, ({ request }) => {
        const payment = request.headers.get('payment-signature') ?? request.headers.get('x-payment')
        // The unpaid read falls through to the mock: its 402 prices the link.
        if (!payment) return
        sent.push(payment)
        const at = new Date().toISOString()
        return HttpResponse.json({
          payment: { id: 'pay_someone_else', linkCode: 'someone-elses-link', status: 'settled', amount: '1.50', asset: 'USDC', network: 'eip155:84532', createdAt: at, updatedAt: at },
          proof: { success: true, transaction: '0xabc', network: 'eip155:84532' },
        })
      }),
    )
    const signer = createTestSigner()
    const sign = vi.spyOn(signer, 'signPayment')
    const onSettled = vi.fn()
    renderButton({ signer, onSettled })
    await ready()
    fireEvent.click(button())
    await waitFor(() => expect(stateOf(button())).toBe('unknown'))
    expect(onSettled).not.toHaveBeenCalled()
    fireEvent.click(button())
    await waitFor(() => expect(sent).toHaveLength(2))
    await waitFor(() => expect(stateOf(button())).toBe('unknown'))
    expect(sent[1]).toBe(sent[0])
    expect(sign).toHaveBeenCalledTimes(1)
    expect(onSettled).not.toHaveBeenCalled()
  })

  test('a wallet that has not answered for 20 s: the button says so and a press asks it again; its late signature is dropped, one payment', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    try {
      const wallet = createTestSigner()
      let asked = 0
      const first = gate()
      // The first request never gets an answer in time; the second is signed at once.
      const signer = { ...wallet, signPayment: async (...a: Parameters<typeof wallet.signPayment>) => (asked++ === 0 && (await first.promise), wallet.signPayment(...a)) }
      renderButton({ signer })
      await act(() => vi.advanceTimersByTimeAsync(10))
      fireEvent.click(button())
      await act(() => vi.advanceTimersByTimeAsync(19_000))
      expect(stateOf(button())).toBe('signing')
      expect(button()).toHaveAttribute('aria-disabled', 'true')
      fireEvent.click(button())
      expect(asked).toBe(1)

      await act(() => vi.advanceTimersByTimeAsync(1_000))
      expect(status()).toHaveTextContent('No answer from your wallet? Press to ask again.')
      expect(status()).not.toHaveAttribute('data-paylink-sr-only')
      expect(button()).toHaveAccessibleName('Confirm in your wallet… No answer from your wallet? Press to ask again.')
      expect(button()).not.toHaveAttribute('aria-disabled')
      fireEvent.click(button())
      await act(() => vi.advanceTimersByTimeAsync(10))
      expect(asked).toBe(2)
      first.resolve()
      await act(() => vi.advanceTimersByTimeAsync(100))
      expect(stateOf(button())).toBe('settled')
      expect(paidRequests()).toBe(1)
    } finally {
      vi.useRealTimers()
    }
  })

  test('a settlement that takes longer than usual says so, still verifying', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] })
    try {
      api.mock.useScenario('payment-settles-slowly')
      // The payment never settles: every later report of it still says `verified`.
      api.server.use(
        http.get('*/payments/:id', ({ params }) =>
          HttpResponse.json({
            id: params.id,
            linkCode: code,
            status: 'verified',
            amount: '1.50',
            asset: 'USDC',
            network: 'eip155:84532',
            createdAt: new Date().toISOString(),
            updatedAt: new Date().toISOString(),
          }),
        ),
      )
      renderButton({ signer: createTestSigner() })
      await act(() => vi.advanceTimersByTimeAsync(10))
      fireEvent.click(button())
      await act(() => vi.advanceTimersByTimeAsync(10))
      expect(status()).toHaveTextContent('Verifying the payment')
      await act(() => vi.advanceTimersByTimeAsync(31 * 60_000))
      expect(stateOf(button())).toBe('verifying')
      expect(status()).toHaveTextContent('Still confirming the payment: this is taking longer than usual')
      // On screen (the second line), not only announced, and part of the button's name.
      expect(status()).not.toHaveAttribute('data-paylink-sr-only')
      expect(button()).toHaveAccessibleName('Verifying payment… Still confirming the payment: this is taking longer than usual')
    } finally {
      vi.useRealTimers()
    }
  })

  test('a link that does not exist fails, offers to try again, and reports the error, without saying a payment failed', async () => {
    api.mock.useScenario('link-not-found')
    const signer = createTestSigner()
    const onError = vi.fn()
    renderButton({ signer, onError })
    await waitFor(() => expect(stateOf(button())).toBe('failed'))
    // Nothing was paid, nor even priced: "Payment failed" would alarm for nothing.
    expect(button()).toHaveAccessibleName('Try again Payment unavailable')
    expect(button()).not.toHaveAttribute('aria-disabled')
    expect(onError).toHaveBeenCalledTimes(1)
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ name: 'PayLinkHttpError', status: 404 }))
    fireEvent.click(button())
    await waitFor(() => expect(onError).toHaveBeenCalledTimes(2))
    expect(stateOf(button())).toBe('failed')
    expect(signer.calls).toBe(0)
  })

  test('the app\'s disabled prop after a failure disables the button natively: no press reaches the app\'s onClick', async () => {
    api.mock.useScenario('link-not-found')
    const signer = createTestSigner()
    const onClick = vi.fn()
    const view = renderButton({ signer, onClick })
    await waitFor(() => expect(stateOf(button())).toBe('failed'))
    view.rerender(<PayLinkButton code={code} maxAmount={cap} signer={signer} onClick={onClick} disabled />)
    expect(stateOf(button())).toBe('disabled')
    expect(button()).toBeDisabled()
    fireEvent.click(button())
    expect(onClick).not.toHaveBeenCalled()
  })

  test('terms that cannot be read on mount (a 402 without x402): "Try again" and "Payment unavailable", not "Payment failed"', async () => {
    api.server.use(http.post(`${BASE_URL}/pub/v1/payments/verify`, () => HttpResponse.html('<h1>Payment Required</h1>', { status: 402 })))
    const signer = createTestSigner()
    renderButton({ signer })
    await waitFor(() => expect(stateOf(button())).toBe('failed'))
    expect(button()).toHaveAccessibleName('Try again Payment unavailable')
    expect(signer.calls).toBe(0)
  })

  test('"Try again" after terms that could not be read reads them again and shows their price: the wallet opens only on the next press', async () => {
    api.server.use(http.post(`${BASE_URL}/pub/v1/payments/verify`, () => HttpResponse.html('<h1>Payment Required</h1>', { status: 402 }), { once: true }))
    const signer = createTestSigner()
    renderButton({ signer })
    await waitFor(() => expect(stateOf(button())).toBe('failed'))
    fireEvent.click(button())
    await waitFor(() => expect(button()).toHaveAccessibleName('Pay 1.50 USDC'))
    expect(stateOf(button())).toBe('ready')
    expect(signer.calls).toBe(0)
    fireEvent.click(button())
    await waitFor(() => expect(stateOf(button())).toBe('settled'))
    expect(signer.calls).toBe(1)
  })

  test('a resource seller still unreachable: "Try again" fails again, reported again, and never shows a Pay with no price', async () => {
    const resource = 'https://paid.test/unreachable'
    let reads = 0
    api.server.use(http.get(resource, () => (reads++, new HttpResponse(null, { status: 503 }))))
    const signer = createTestSigner()
    const onError = vi.fn()
    render(<PayLinkButton resource={resource} signer={signer} onError={onError} />, { wrapper: wrapperFor() })
    await waitFor(() => expect(reads).toBe(1))
    fireEvent.click(button())
    await waitFor(() => expect(stateOf(button())).toBe('failed'))
    fireEvent.click(button())
    await waitFor(() => expect(onError).toHaveBeenCalledTimes(2))
    expect(reads).toBe(3)
    expect(stateOf(button())).toBe('failed')
    expect(button()).toHaveAccessibleName('Try again Payment unavailable')
    expect(signer.calls).toBe(0)
  })

  test('a wallet that pays none of the link\'s networks: "Payment unavailable" beside the price, disabled; a wallet that can pays', async () => {
    const solanaWallet = { ...createTestSigner(), networks: ['solana:*'] }
    const onError = vi.fn()
    const view = renderButton({ signer: solanaWallet, onError })
    await waitFor(() => expect(stateOf(button())).toBe('disabled'))
    expect(button()).toHaveAccessibleName('Pay 1.50 USDC Payment unavailable')
    expect(button()).toBeDisabled()
    expect(onError).not.toHaveBeenCalled()
    const evmWallet = createTestSigner()
    view.rerender(<PayLinkButton code={code} maxAmount={cap} signer={evmWallet} />)
    await ready()
    expect(button()).toHaveAccessibleName('Pay 1.50 USDC')
    fireEvent.click(button())
    await waitFor(() => expect(stateOf(button())).toBe('settled'))
    expect(evmWallet.calls).toBe(1)
  })

  test('asChild with a wallet that pays none of the networks: aria-disabled, and a click signs nothing', async () => {
    const signer = { ...createTestSigner(), networks: ['solana:*'] }
    render(
      <PayLinkButton code={code} maxAmount={cap} signer={signer} asChild>
        <a href="#pay">Buy</a>
      </PayLinkButton>,
      { wrapper: wrapperFor() },
    )
    await waitFor(() => expect(screen.getByRole('link')).toHaveAttribute('data-state', 'disabled'))
    expect(screen.getByRole('link')).toHaveAttribute('aria-disabled', 'true')
    fireEvent.click(screen.getByRole('link'))
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(paidRequests()).toBe(0)
    expect(api.requests.filter((r) => r.path.endsWith('/payments/verify')).length).toBe(1)
  })

  test('a link read that is slow (a 429 being retried) does not hide the price the 402 already gave', async () => {
    const released = gate()
    api.server.use(http.get(`${BASE_URL}/pub/v1/links/${code}`, async () => (await released.promise, HttpResponse.json({}, { status: 429 }))))
    renderButton({ signer: createTestSigner() })
    await ready()
    expect(button()).toHaveAccessibleName('Pay 1.50 USDC')
    released.resolve()
  })

  test('"Payment unavailable" after a failed read is its own label: an app’s wording for a disabled button does not show there', async () => {
    api.mock.useScenario('link-not-found')
    renderButton({ signer: createTestSigner(), labels: { disabledStatus: 'Connect a wallet to pay', unavailableStatus: 'Not for sale right now' } })
    await waitFor(() => expect(stateOf(button())).toBe('failed'))
    expect(button()).toHaveAccessibleName('Try again Not for sale right now')
  })

  test('a 402 whose price cannot be read (an asset of unknown decimals): "Pay" without an amount once it is read, not the link\'s price, before or after the link comes; one press pays the 402\'s amount', async () => {
    const OTHER_USDC = '0xaf88d065e77c8cC2239327C5EDb3A432268e5831'
    const other = createMockApi({ apiKeys: false, settleDelayMs: 0, seed: { x402: { ...defaultSeed().x402, asset: OTHER_USDC } } })
    const released = gate()
    api.server.use(
      http.get(`${BASE_URL}/pub/v1/links/${code}`, async () => (await released.promise, undefined)),
      ...other.handlers,
    )
    const signer = createTestSigner()
    renderButton({ signer, maxAmount: { [OTHER_USDC]: '10000000' } })
    // Ready on the 402 alone: a slow link read does not hold the button.
    await ready()
    expect(button()).toHaveAccessibleName('Pay')
    released.resolve()
    await waitFor(() => expect(api.count('GET', `/links/${code}`)).toBe(1))
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)))
    // The link says 1.50, but nothing ties that read to the terms a press signs.
    expect(button()).toHaveAccessibleName('Pay')
    fireEvent.click(button())
    await waitFor(() => expect(stateOf(button())).toBe('settled'))
    expect(other.ledger.map((entry) => entry.amount)).toEqual(['1.50'])
    expect(signer.calls).toBe(1)
  })

  test('a payment resumed after a reload that then fails to settle says "Payment failed"', async () => {
    api.mock.useScenario('payment-settles-slowly')
    const first = renderButton({ signer: createTestSigner() })
    await ready()
    fireEvent.click(button())
    await waitFor(() => expect(stateOf(button())).toBe('verifying'))
    first.unmount()
    // A reload: a new client and cache find the payment kept in sessionStorage and resend it.
    forgetPurchases()
    api.server.use(
      http.get(`${BASE_URL}/pub/v1/payments/:id`, ({ params }) => {
        const at = new Date().toISOString()
        return HttpResponse.json({ id: params.id, linkCode: code, status: 'failed', amount: '1.50', asset: 'USDC', network: 'eip155:84532', createdAt: at, updatedAt: at })
      }),
    )
    render(<PayLinkButton code={code} maxAmount={cap} signer={createTestSigner()} />, { wrapper: wrapperFor() })
    await waitFor(() => expect(stateOf(button())).toBe('failed'))
    expect(button()).toHaveAccessibleName('Try again Payment failed')
    expect(api.mock.ledger).toHaveLength(1)
  })

  test('a price over maxAmount fails before the wallet is asked', async () => {
    const signer = createTestSigner()
    const onError = vi.fn()
    renderButton({ signer, onError, maxAmount: undefined }) // the default cap is $0.10
    await ready()
    fireEvent.click(button())
    await waitFor(() => expect(stateOf(button())).toBe('failed'))
    expect(button()).toHaveAccessibleName('Try again Payment failed')
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ reason: 'exceeds_max_amount' }))
    expect(signer.calls).toBe(0)
  })

  test('a wallet refusal is "cancelled": no error, and the price is offered again', async () => {
    const onError = vi.fn()
    renderButton({ signer: createTestSigner({ rejects: true }), onError })
    await ready()
    fireEvent.click(button())
    await waitFor(() => expect(stateOf(button())).toBe('cancelled'))
    expect(button()).toHaveAccessibleName('Pay 1.50 USDC Payment cancelled in your wallet')
    expect(button()).not.toHaveAttribute('aria-disabled')
    expect(onError).not.toHaveBeenCalled()
    expect(paidRequests()).toBe(0)
  })

  test('a refusal a wallet says only in words (older MetaMask: -32603 "User denied") is "cancelled" too, with no error', async () => {
    const onError = vi.fn()
    const refused = { code: -32603, message: 'MetaMask Tx Signature: User denied transaction signature.' }
    renderButton({ signer: { ...createTestSigner(), signPayment: () => Promise.reject(refused) }, onError })
    await ready()
    fireEvent.click(button())
    await waitFor(() => expect(stateOf(button())).toBe('cancelled'))
    expect(button()).toHaveAccessibleName('Pay 1.50 USDC Payment cancelled in your wallet')
    expect(onError).not.toHaveBeenCalled()
    expect(paidRequests()).toBe(0)
  })

  test('without a signer, or when disabled, the button is disabled and a click does nothing', async () => {
    const { unmount } = renderButton()
    await waitFor(() => expect(stateOf(button())).toBe('disabled'))
    await waitFor(() => expect(button()).toHaveAccessibleName('Pay 1.50 USDC'))
    expect(button()).toBeDisabled()
    expect(status()).toHaveTextContent('Payment unavailable')
    unmount()

    const signer = createTestSigner()
    renderButton({ signer, disabled: true })
    await waitFor(() => expect(screen.getByRole('button')).toHaveAccessibleName('Pay 1.50 USDC'))
    expect(stateOf(button())).toBe('disabled')
    expect(button()).toBeDisabled()
    fireEvent.click(button())
    expect(signer.calls).toBe(0)
  })

  test("the consumer's onClick runs first, and preventDefault stops the purchase", async () => {
    const signer = createTestSigner()
    const order: string[] = []
    const watched = { ...signer, signPayment: (...a: Parameters<typeof signer.signPayment>) => (order.push('sign'), signer.signPayment(...a)) }
    renderButton({ signer: watched, onClick: () => order.push('consumer') })
    await ready()
    fireEvent.click(button())
    await waitFor(() => expect(stateOf(button())).toBe('settled'))
    expect(order).toEqual(['consumer', 'sign'])
  })

  test('preventDefault in onClick keeps the purchase from starting', async () => {
    const signer = createTestSigner()
    renderButton({ signer, onClick: (event) => event.preventDefault() })
    await ready()
    fireEvent.click(button())
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)))
    expect(stateOf(button())).toBe('ready')
    expect(signer.calls).toBe(0)
  })

  test('className, ref and the rest of the props reach the button; ARIA can be overridden', async () => {
    const ref = createRef<HTMLButtonElement>()
    renderButton({ signer: createTestSigner(), className: 'mine', ref, title: 'Buy the article', 'aria-labelledby': 'elsewhere' })
    await ready()
    expect(button()).toHaveClass('paylink-root', 'paylink-button', 'mine')
    expect(ref.current).toBe(button())
    expect(button()).toHaveAttribute('title', 'Buy the article')
    expect(button()).toHaveAttribute('aria-labelledby', 'elsewhere')
  })

  test('unstyled drops the classes and keeps the structure and data attributes', async () => {
    const { container } = renderButton({ signer: createTestSigner(), unstyled: true, className: 'mine' })
    await ready()
    expect(button()).toHaveAttribute('class', 'mine')
    expect(container.querySelector('[class*="paylink"]')).toBeNull()
    expect(status()).toHaveAttribute('data-paylink-sr-only')
    expect(button()).toHaveAccessibleName('Pay 1.50 USDC')
  })

  test('labels replace the texts and locale formats the amount and the split', async () => {
    renderButton({
      signer: createTestSigner(),
      locale: 'de-DE',
      showSplit: true,
      labels: {
        pay: ({ amount, currency }) => `${amount} ${currency} zahlen`,
        split: ({ creator, platform }) => `Urheber ${creator}, Plattform ${platform}`,
      },
    })
    await ready()
    // German puts a no-break space before the percent sign.
    expect(button()).toHaveAccessibleName('1,50 USDC zahlen Urheber 90\u00a0%, Plattform 10\u00a0%')
  })

  test('showSplit shows the creator/platform split before paying, not after', async () => {
    renderButton({ signer: createTestSigner(), showSplit: true })
    await ready()
    expect(screen.getByText('Creator 90% · Platform 10%')).toBeVisible()
    expect(button()).toHaveAccessibleName('Pay 1.50 USDC Creator 90% · Platform 10%')
    fireEvent.click(button())
    await waitFor(() => expect(stateOf(button())).toBe('settled'))
    expect(screen.queryByText('Creator 90% · Platform 10%')).toBeNull()
  })

  test('asChild renders the consumer element with our props, content and behaviour', async () => {
    const signer = createTestSigner()
    const ref = createRef<HTMLButtonElement>()
    const onClick = vi.fn()
    render(
      <PayLinkButton asChild code={code} maxAmount={cap} signer={signer} className="ours" ref={ref}>
        <a href="#pay" className="theirs" onClick={onClick} />
      </PayLinkButton>,
      { wrapper: wrapperFor() },
    )
    const link = screen.getByRole('link')
    await waitFor(() => expect(stateOf(link)).toBe('ready'))
    expect(link).toHaveClass('paylink-root', 'paylink-button', 'ours', 'theirs')
    expect(link).toHaveAccessibleName('Pay 1.50 USDC')
    expect(ref.current).toBe(link)
    // fireEvent returns false when the click was prevented: the link does not navigate mid-purchase.
    expect(fireEvent.click(link)).toBe(false)
    await waitFor(() => expect(stateOf(link)).toBe('settled'))
    expect(onClick).toHaveBeenCalledTimes(1)
    expect(signer.calls).toBe(1)
  })

  test("asChild with a child that has a ref of its own: both refs get the element, and React logs no warning (React 18's \"`ref` is not a prop\")", async () => {
    const errors = vi.spyOn(console, 'error')
    const ours = createRef<HTMLButtonElement>()
    const theirs = createRef<HTMLAnchorElement>()
    render(
      <PayLinkButton asChild code={code} maxAmount={cap} signer={createTestSigner()} ref={ours}>
        <a href="#pay" ref={theirs} />
      </PayLinkButton>,
      { wrapper: wrapperFor() },
    )
    const link = screen.getByRole('link')
    await waitFor(() => expect(stateOf(link)).toBe('ready'))
    expect(ours.current).toBe(link)
    expect(theirs.current).toBe(link)
    expect(errors).not.toHaveBeenCalled()
  })

  test("empty content (a `{custom && …}` that is false, an empty text) keeps the state's text: never a blank button with no name", async () => {
    const custom = false as boolean
    const { unmount } = renderButton({ signer: createTestSigner(), children: custom && <b>Buy</b> })
    await ready()
    expect(button()).toHaveAccessibleName('Pay 1.50 USDC')
    expect(screen.getByText('Pay 1.50 USDC')).toBeVisible()
    unmount()
    render(
      <PayLinkButton asChild code={code} maxAmount={cap} signer={createTestSigner()}>
        <a href="#pay">{''}</a>
      </PayLinkButton>,
      { wrapper: wrapperFor() },
    )
    await waitFor(() => expect(stateOf(screen.getByRole('link'))).toBe('ready'))
    expect(screen.getByRole('link')).toHaveAccessibleName('Pay 1.50 USDC')
  })

  test('asChild with a child whose handler is left undefined (an optional prop passed through) still pays on a click', async () => {
    const signer = createTestSigner()
    // A wrapper of the app's that passes its own optional onClick on: `onClick={undefined}`.
    const onClick: (() => void) | undefined = undefined
    render(
      <PayLinkButton asChild code={code} maxAmount={cap} signer={signer}>
        <a href="#pay" onClick={onClick} onKeyDown={undefined} />
      </PayLinkButton>,
      { wrapper: wrapperFor() },
    )
    const link = screen.getByRole('link')
    await waitFor(() => expect(stateOf(link)).toBe('ready'))
    // Prevented: the link does not navigate mid-purchase.
    expect(fireEvent.click(link)).toBe(false)
    await waitFor(() => expect(stateOf(link)).toBe('settled'))
    expect(signer.calls).toBe(1)
  })

  test("asChild gives the child one element as its content, as its own children were: a design system's button that takes one child (Children.only) renders", async () => {
    // A button of a design system that wraps its one child (an icon slot, a Radix Slot inside).
    function OneChildButton({ children, ...props }: ComponentProps<'button'>) {
      return <button {...props}>{Children.only(children)}</button>
    }
    render(
      <PayLinkButton asChild code={code} maxAmount={cap} signer={createTestSigner()}>
        <OneChildButton>Buy</OneChildButton>
      </PayLinkButton>,
      { wrapper: wrapperFor() },
    )
    await waitFor(() => expect(stateOf(button())).toBe('ready'))
    expect(button()).toHaveAccessibleName('Buy')
  })

  test('asChild without a signer marks the element aria-disabled (an <a> has no disabled)', async () => {
    render(
      <PayLinkButton asChild code={code}>
        <a href="#pay">Buy</a>
      </PayLinkButton>,
      { wrapper: wrapperFor() },
    )
    const link = screen.getByRole('link')
    await waitFor(() => expect(stateOf(link)).toBe('disabled'))
    expect(link).toHaveAttribute('aria-disabled', 'true')
    expect(link).toHaveAccessibleName('Buy')
  })

  test('unmounting mid-purchase reports nothing afterwards', async () => {
    const onSettled = vi.fn()
    const onStateChange = vi.fn()
    const wallet = gate()
    const { unmount } = renderButton({ signer: heldSigner(createTestSigner(), wallet.promise), onSettled, onStateChange })
    await ready()
    fireEvent.click(button())
    await waitFor(() => expect(onStateChange).toHaveBeenLastCalledWith('signing'))
    unmount()
    wallet.resolve()
    await waitFor(() => expect(api.mock.ledger).toHaveLength(1))
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)))
    expect(onSettled).not.toHaveBeenCalled()
    expect(onStateChange).toHaveBeenLastCalledWith('signing')
  })

  test('renders on a server (renderToString) in its loading state', () => {
    const Wrapper = wrapperFor()
    const html = renderToString(
      <Wrapper>
        <PayLinkButton code={code} signer={createTestSigner()} />
      </Wrapper>,
    )
    expect(html).toContain('data-state="loading"')
    expect(html).toContain('Loading…')
    expect(html).toContain('role="status"')
  })
})

test('a consumer’s aria-label renames the button', async () => {
  render(<PayLinkButton code={code} signer={createTestSigner()} maxAmount={cap} aria-label="Buy the article" />, { wrapper: wrapperFor() })
  await ready()
  expect(button()).toHaveAccessibleName('Buy the article')
})

describe('PayLinkButton with an x402 resource', () => {
  const RESOURCE = 'https://paid.test/article'
  const offer = encodeBase64Json({
    x402Version: 2,
    resource: { url: RESOURCE, description: 'An article' },
    accepts: [
      {
        scheme: 'exact',
        network: 'eip155:84532',
        amount: '10000',
        asset: BASE_SEPOLIA_USDC,
        payTo: MOCK_PAY_TO,
        maxTimeoutSeconds: 60,
        extra: { name: 'USDC', version: '2' },
      },
    ],
  })
  const settlement = encodeBase64Json({ success: true, transaction: '0xfeed', network: 'eip155:84532', payer: '0xb0b' })

  /** An x402 v2 server: 402 without payment; the paid request is answered by `paid` (by default 200 with a settlement). */
  function serve(paid: (payment: string, n: number) => Response = () =>
    HttpResponse.text('the article', { headers: { 'PAYMENT-RESPONSE': settlement } })) {
    return api.serveX402(RESOURCE, offer, paid)
  }

  test('"Try again" on a URL whose 402 could not be read reads it again and shows its price: the wallet opens only on the next press', async () => {
    const payments = serve()
    // The read on mount and the click's find the seller down (a 503); then it is back.
    const down = () => http.get(RESOURCE, () => new HttpResponse(null, { status: 503 }), { once: true })
    api.server.use(down(), down())
    const signer = createTestSigner()
    render(<PayLinkButton resource={RESOURCE} signer={signer} />, { wrapper: wrapperFor() })
    // The read on mount is a quiet preview: its failure shows after a press.
    await waitFor(() => expect(button()).toHaveAccessibleName('Pay'))
    fireEvent.click(button())
    await waitFor(() => expect(button()).toHaveAccessibleName('Try again Payment unavailable'))
    fireEvent.click(button())
    await waitFor(() => expect(button()).toHaveAccessibleName('Pay 0.01 USDC'))
    expect(signer.calls).toBe(0)
    fireEvent.click(button())
    await waitFor(() => expect(stateOf(button())).toBe('settled'))
    expect(signer.calls).toBe(1)
    expect(payments).toHaveLength(1)
  })

  test("a URL payment whose answer was lost, then the app's session header is refreshed: still the same purchase, resent, never signed again", async () => {
    const payments = serve((_, n) => (n === 1 ? HttpResponse.error() : HttpResponse.text('the article', { headers: { 'PAYMENT-RESPONSE': settlement } })))
    const signer = createTestSigner()
    const queryClient = testQueryClient()
    // A new client for the same API with a new token: the URL's requests carry none of its headers.
    const clientFor = (token: string) => createPayLinkClient({ baseUrl: BASE_URL, retry: false, headers: { authorization: `Bearer ${token}` } })
    const App = ({ client }: { client: PayLinkClient }) => (
      <QueryClientProvider client={queryClient}>
        <PayLinkProvider client={client}>
          <PayLinkButton resource={RESOURCE} signer={signer} />
        </PayLinkProvider>
      </QueryClientProvider>
    )
    const { rerender } = render(<App client={clientFor('t1')} />)
    await ready()
    fireEvent.click(button())
    await waitFor(() => expect(stateOf(button())).toBe('unknown'))
    rerender(<App client={clientFor('t2')} />)
    expect(stateOf(button())).toBe('unknown')
    fireEvent.click(button())
    await waitFor(() => expect(stateOf(button())).toBe('settled'))
    expect(signer.calls).toBe(1)
    expect(new Set(payments)).toHaveProperty('size', 1)
  })

  test('reads the price from the 402 on mount and pays the URL once', async () => {
    const payments = serve()
    const signer = createTestSigner()
    const onSettled = vi.fn()
    render(<PayLinkButton resource={RESOURCE} signer={signer} onSettled={onSettled} />, { wrapper: wrapperFor() })
    expect(stateOf(button())).toBe('loading')
    await ready()
    expect(button()).toHaveAccessibleName('Pay 0.01 USDC')
    fireEvent.click(button())
    fireEvent.click(button())
    await waitFor(() => expect(stateOf(button())).toBe('settled'))
    expect(signer.calls).toBe(1)
    expect(payments).toHaveLength(1)
    expect(onSettled).toHaveBeenCalledTimes(1)
    const [proof, response] = onSettled.mock.calls[0]!
    expect(proof).toMatchObject({ success: true, transaction: '0xfeed' })
    expect(await (response as Response).text()).toBe('the article')
  })

  test('a 402 after paying is "unknown"; a click resends the same payment, never a new signature', async () => {
    const payments = serve((_, n) =>
      n === 1
        ? HttpResponse.json({}, { status: 402, headers: { 'PAYMENT-REQUIRED': offer } })
        : HttpResponse.text('the article', { headers: { 'PAYMENT-RESPONSE': settlement } }),
    )
    const signer = createTestSigner()
    const onError = vi.fn()
    render(<PayLinkButton resource={RESOURCE} signer={signer} onError={onError} />, { wrapper: wrapperFor() })
    await ready()
    fireEvent.click(button())
    await waitFor(() => expect(stateOf(button())).toBe('unknown'))
    expect(button()).toHaveAccessibleName('Check payment status Confirming payment…')
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ reason: 'outcome_unknown' }))
    fireEvent.click(button())
    await waitFor(() => expect(stateOf(button())).toBe('settled'))
    expect(signer.calls).toBe(1)
    expect(payments).toHaveLength(2)
    expect(payments[1]).toBe(payments[0])
  })

  test('a URL that asks no payment (one the user has unlocked already): a click gets its answer, settled with no proof, nothing signed', async () => {
    const url = 'https://paid.test/unlocked'
    let gets = 0
    api.server.use(http.get(url, () => (gets++, HttpResponse.text('the unlocked article'))))
    const signer = createTestSigner()
    const onSettled = vi.fn()
    const onError = vi.fn()
    render(<PayLinkButton resource={url} signer={signer} onSettled={onSettled} onError={onError} />, { wrapper: wrapperFor() })
    await waitFor(() => expect(gets).toBe(1))
    // No price to show: the preview's answer is let go.
    await ready()
    expect(button()).toHaveAccessibleName('Pay')
    fireEvent.click(button())
    await waitFor(() => expect(stateOf(button())).toBe('settled'))
    expect(button()).toHaveAccessibleName('Paid')
    expect(signer.calls).toBe(0)
    expect(onError).not.toHaveBeenCalled()
    expect(onSettled).toHaveBeenCalledTimes(1)
    const [proof, response] = onSettled.mock.calls[0]!
    expect(proof).toBeUndefined()
    expect(await (response as Response).text()).toBe('the unlocked article')
  })

  test('a link whose unpaid verify answers "paid" (an API breaking the contract) never settles on mount: nothing reported, nothing signed', async () => {
    const at = new Date().toISOString()
    api.server.use(
      http.post(`${BASE_URL}/pub/v1/payments/verify`, () =>
        HttpResponse.json({
          payment: { id: 'pay_nobody', linkCode: MOCK_LINKS.demo, status: 'settled', amount: '1.50', asset: 'USDC', network: 'base-sepolia', createdAt: at, updatedAt: at },
          proof: { success: true, transaction: '0xabc', network: 'base-sepolia' },
        }),
      ),
    )
    const onSettled = vi.fn()
    const signer = createTestSigner()
    render(<PayLinkButton code={MOCK_LINKS.demo} signer={signer} onSettled={onSettled} />, { wrapper: wrapperFor() })
    await waitFor(() => expect(stateOf(button())).toBe('failed'))
    expect(onSettled).not.toHaveBeenCalled()
    expect(signer.calls).toBe(0)
  })

  test('a wallet refusal is "cancelled" and nothing is paid', async () => {
    const payments = serve()
    render(<PayLinkButton resource={RESOURCE} signer={createTestSigner({ rejects: true })} />, { wrapper: wrapperFor() })
    await ready()
    fireEvent.click(button())
    await waitFor(() => expect(stateOf(button())).toBe('cancelled'))
    expect(payments).toHaveLength(0)
  })

  test('an error answer before any payment fails without asking the wallet', async () => {
    let calls = 0
    api.server.use(
      http.get(RESOURCE, () => (++calls === 1 ? HttpResponse.json({}, { status: 402, headers: { 'PAYMENT-REQUIRED': offer } }) : new HttpResponse(null, { status: 503 }))),
    )
    const signer = createTestSigner()
    const onError = vi.fn()
    render(<PayLinkButton resource={RESOURCE} signer={signer} onError={onError} />, { wrapper: wrapperFor() })
    await ready()
    fireEvent.click(button())
    await waitFor(() => expect(stateOf(button())).toBe('failed'))
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ message: 'The resource answered HTTP 503' }))
    expect(signer.calls).toBe(0)
  })

  test('a server error after paying is "unknown", not failed', async () => {
    serve(() => new HttpResponse(null, { status: 502 }))
    const signer = createTestSigner()
    render(<PayLinkButton resource={RESOURCE} signer={signer} />, { wrapper: wrapperFor() })
    await ready()
    fireEvent.click(button())
    await waitFor(() => expect(stateOf(button())).toBe('unknown'))
    expect(signer.calls).toBe(1)
  })

  test('a remount while the wallet is open resumes that purchase: one signature, one payment', async () => {
    const payments = serve()
    const wallet = gate()
    const signer = createTestSigner()
    const held = heldSigner(signer, wallet.promise)
    const Wrapper = wrapperFor()
    const first = render(<PayLinkButton resource={RESOURCE} signer={held} />, { wrapper: Wrapper })
    await ready()
    fireEvent.click(button())
    await waitFor(() => expect(stateOf(button())).toBe('signing'))
    first.unmount()
    // The same provider, a new button (a route change and back): it shows the purchase under way.
    render(<PayLinkButton resource={RESOURCE} signer={held} />, { wrapper: Wrapper })
    expect(stateOf(button())).toBe('signing')
    fireEvent.click(button())
    wallet.resolve()
    await waitFor(() => expect(stateOf(button())).toBe('settled'))
    fireEvent.click(button())
    expect(signer.calls).toBe(1)
    expect(payments).toHaveLength(1)
  })

  test('paid and reported, closed until its answer is let go, then opened again: onSettled is not called a second time', async () => {
    serve()
    const signer = createTestSigner()
    const onSettled = vi.fn()
    const checkout = () => <PayLinkButton resource={RESOURCE} signer={signer} onSettled={onSettled} />
    const Wrapper = wrapperFor()
    const first = render(checkout(), { wrapper: Wrapper })
    await ready()
    fireEvent.click(button())
    await waitFor(() => expect(onSettled).toHaveBeenCalledTimes(1))
    first.unmount()
    // Closed for a moment: with no button showing it, the purchase lets the paid-for answer go.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)))
    render(checkout(), { wrapper: Wrapper })
    expect(stateOf(button())).toBe('settled')
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)))
    expect(onSettled).toHaveBeenCalledTimes(1)
    expect(signer.calls).toBe(1)
  })

  test('a price that cannot be read shows "Pay" without an amount', async () => {
    api.server.use(http.get(RESOURCE, () => HttpResponse.text('not x402', { status: 402 })))
    render(<PayLinkButton resource={RESOURCE} signer={createTestSigner()} />, { wrapper: wrapperFor() })
    await ready()
    expect(button()).toHaveAccessibleName('Pay')
  })
})

describe('PayLinkButton: an invalid locale, a missing translation, switching purchases', () => {
  test('a locale Intl refuses ("pt_BR") shows the price and split in en-US instead of crashing once the link loads', async () => {
    renderButton({ signer: createTestSigner(), locale: 'pt_BR', showSplit: true })
    await ready()
    expect(button()).toHaveAccessibleName('Pay 1.50 USDC Creator 90% · Platform 10%')
  })

  test('a label left undefined (a missing translation) keeps its English text', async () => {
    const t: { pay?: undefined; split?: undefined } = {}
    renderButton({ signer: createTestSigner(), showSplit: true, labels: { pay: t.pay, split: t.split } })
    await ready()
    expect(button()).toHaveAccessibleName('Pay 1.50 USDC Creator 90% · Platform 10%')
  })

  test('the region says nothing while the price loads on mount; "Try again" on terms that could not be read says the app\'s loadingStatus, then its unavailableStatus', async () => {
    api.server.use(http.post(`${BASE_URL}/pub/v1/payments/verify`, () => HttpResponse.html('<h1>Payment Required</h1>', { status: 402 })))
    renderButton({ signer: createTestSigner(), labels: { loadingStatus: 'Preis wird geladen', unavailableStatus: 'Zahlung nicht möglich' } })
    // Each button of a page would otherwise queue its loading text on load.
    expect(stateOf(button())).toBe('loading')
    expect(status().textContent).toBe('')
    await waitFor(() => expect(status()).toHaveTextContent('Zahlung nicht möglich'))
    fireEvent.click(button())
    expect(status()).toHaveTextContent('Preis wird geladen')
    await waitFor(() => expect(status()).toHaveTextContent('Zahlung nicht möglich'))
  })

  test('switching back to a purchase that settled does not call onSettled again', async () => {
    const wallet = gate()
    const testSigner = createTestSigner()
    const onSettled = vi.fn()
    const props = { maxAmount: cap, signer: heldSigner(testSigner, wallet.promise), onSettled }
    const { rerender } = render(<PayLinkButton code={code} {...props} />, { wrapper: wrapperFor() })
    const away = async () => {
      rerender(<PayLinkButton code={MOCK_LINKS.engagement} {...props} />)
      await ready()
      rerender(<PayLinkButton code={code} {...props} />)
    }
    await ready()
    fireEvent.click(button())
    await waitFor(() => expect(stateOf(button())).toBe('signing'))
    // Away and back while the wallet is open: the settlement seen afterwards is still reported, once.
    await away()
    expect(stateOf(button())).toBe('signing')
    wallet.resolve()
    await waitFor(() => expect(stateOf(button())).toBe('settled'))
    expect(onSettled).toHaveBeenCalledTimes(1)
    await away()
    expect(stateOf(button())).toBe('settled')
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)))
    expect(onSettled).toHaveBeenCalledTimes(1)
    expect(testSigner.calls).toBe(1)
  })

  test('a purchase that settled while the button showed another code is reported on switching back, once', async () => {
    const wallet = gate()
    const testSigner = createTestSigner()
    const onSettled = vi.fn()
    const props = { maxAmount: cap, signer: heldSigner(testSigner, wallet.promise), onSettled }
    const { rerender } = render(<PayLinkButton code={code} {...props} />, { wrapper: wrapperFor() })
    await ready()
    fireEvent.click(button())
    await waitFor(() => expect(stateOf(button())).toBe('signing'))
    rerender(<PayLinkButton code={MOCK_LINKS.engagement} {...props} />)
    await ready()
    // The wallet signs and the payment settles while another code is on the button.
    wallet.resolve()
    await waitFor(() => expect(api.mock.ledger).toHaveLength(1))
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)))
    expect(onSettled).not.toHaveBeenCalled()

    rerender(<PayLinkButton code={code} {...props} />)
    expect(stateOf(button())).toBe('settled')
    await waitFor(() => expect(onSettled).toHaveBeenCalledTimes(1))
    expect(onSettled.mock.calls[0]![0]).toMatchObject({ success: true })
    // Away and back again: already reported.
    rerender(<PayLinkButton code={MOCK_LINKS.engagement} {...props} />)
    await ready()
    rerender(<PayLinkButton code={code} {...props} />)
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)))
    expect(onSettled).toHaveBeenCalledTimes(1)
    expect(testSigner.calls).toBe(1)
  })

  test('a button that only showed a purchase (ready) does not report its outcome on switching back: the button that paid did', async () => {
    const onSettledX = vi.fn()
    const onSettledY = vi.fn()
    const signer = createTestSigner()
    const ui = (xCode: string) => (
      <>
        <PayLinkButton data-testid="x" code={xCode} maxAmount={cap} signer={signer} onSettled={onSettledX} />
        <PayLinkButton data-testid="y" code={code} maxAmount={cap} signer={signer} onSettled={onSettledY} />
      </>
    )
    const { rerender } = render(ui(code), { wrapper: wrapperFor() })
    await waitFor(() => expect(stateOf(screen.getByTestId('x'))).toBe('ready'))
    await waitFor(() => expect(stateOf(screen.getByTestId('y'))).toBe('ready'))
    // X moves on (a carousel, a tab) before anything is paid; Y pays.
    rerender(ui(MOCK_LINKS.engagement))
    await waitFor(() => expect(stateOf(screen.getByTestId('x'))).toBe('ready'))
    fireEvent.click(screen.getByTestId('y'))
    await waitFor(() => expect(stateOf(screen.getByTestId('y'))).toBe('settled'))
    expect(onSettledY).toHaveBeenCalledTimes(1)
    rerender(ui(code))
    expect(stateOf(screen.getByTestId('x'))).toBe('settled')
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)))
    expect(api.mock.ledger).toHaveLength(1)
    // One order, one report.
    expect(onSettledX).not.toHaveBeenCalled()
  })

  test('switching back to a purchase that failed does not call onError again', async () => {
    const onError = vi.fn()
    // The default cap ($0.10) is under both prices: the demo link fails before the wallet is asked.
    const props = { signer: createTestSigner(), onError }
    const { rerender } = render(<PayLinkButton code={code} {...props} />, { wrapper: wrapperFor() })
    await ready()
    fireEvent.click(button())
    await waitFor(() => expect(stateOf(button())).toBe('failed'))
    expect(onError).toHaveBeenCalledTimes(1)
    rerender(<PayLinkButton code={MOCK_LINKS.engagement} {...props} />)
    await ready()
    rerender(<PayLinkButton code={code} {...props} />)
    expect(stateOf(button())).toBe('failed')
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)))
    expect(onError).toHaveBeenCalledTimes(1)
  })
})

describe('PayLinkButton: a payment accepted as verified, then lost from view', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] })
    api.mock.useScenario('payment-settles-slowly')
  })
  afterEach(() => vi.useRealTimers())

  test('after a reload while it settles, the price is not offered again: the same payment is resent and followed to "Paid"', async () => {
    const first = renderButton({ signer: createTestSigner() })
    await act(() => vi.advanceTimersByTimeAsync(10))
    fireEvent.click(button())
    await act(() => vi.advanceTimersByTimeAsync(10))
    expect(stateOf(button())).toBe('verifying')
    first.unmount()

    // A new page (renderButton makes a new client and query cache); only sessionStorage survived.
    forgetPurchases()
    const signer = createTestSigner()
    const onSettled = vi.fn()
    renderButton({ signer, onSettled })
    await act(() => vi.advanceTimersByTimeAsync(10))
    expect(stateOf(button())).toBe('verifying')
    expect(button()).toHaveAccessibleName('Verifying payment…')
    fireEvent.click(button())
    await act(() => vi.advanceTimersByTimeAsync(90_000))
    expect(stateOf(button())).toBe('settled')
    expect(onSettled).toHaveBeenCalledTimes(1)
    expect(signer.calls).toBe(0)
    expect(paidRequests()).toBe(2)
    expect(api.mock.ledger).toHaveLength(1)
  })

  test('a 404 while following it is "unknown" (being confirmed); a click resends it, never signs again, and ends "Paid"', async () => {
    api.mock.inject('getPayment', { status: 404, times: 1 })
    const signer = createTestSigner()
    const onError = vi.fn()
    const onSettled = vi.fn()
    renderButton({ signer, onError, onSettled })
    await act(() => vi.advanceTimersByTimeAsync(10))
    fireEvent.click(button())
    // Two turns: React 18's act runs the effects that start following the payment only as it ends.
    await act(() => vi.advanceTimersByTimeAsync(10))
    await act(() => vi.advanceTimersByTimeAsync(10))
    expect(stateOf(button())).toBe('unknown')
    expect(status()).toHaveTextContent('Confirming payment…')
    expect(onError).toHaveBeenCalledTimes(1)
    expect(onError.mock.calls[0]![0]).toMatchObject({ reason: 'outcome_unknown', cause: { name: 'PayLinkHttpError', status: 404 } })

    fireEvent.click(button())
    await act(() => vi.advanceTimersByTimeAsync(10))
    await act(() => vi.advanceTimersByTimeAsync(90_000))
    expect(stateOf(button())).toBe('settled')
    expect(onSettled).toHaveBeenCalledTimes(1)
    expect(signer.calls).toBe(1)
    expect(paidRequests()).toBe(2)
    expect(api.mock.ledger).toHaveLength(1)
  })
})

describe('PayLinkButton: the price shown is the one a click signs', () => {
  const SOLANA_DEVNET_USDC = '4zMMC9srt5Ri5X14GAgXhaHii3GnPAEERYPJgZJDncDU'
  const offered = { scheme: 'exact', maxTimeoutSeconds: 60 }
  const base = (amount: string) => ({
    ...offered,
    network: 'eip155:84532',
    amount,
    asset: BASE_SEPOLIA_USDC,
    payTo: MOCK_PAY_TO,
    extra: { name: 'USDC', version: '2' },
  })
  const solana = (amount: string) => ({
    ...offered,
    network: 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
    amount,
    asset: SOLANA_DEVNET_USDC,
    payTo: 'So1anaPayTo1111111111111111111111111111111',
  })

  /** An x402 v2 server at `url` offering `accepts`; returns the payments it received, as sent. */
  function serve(url: string, accepts: object[]) {
    return api.serveX402(url, encodeBase64Json({ x402Version: 2, resource: { url }, accepts }))
  }
  const signedAmount = (payment: string) => (JSON.parse(atob(payment)) as { accepted: { amount: string } }).accepted.amount

  test('shows the price of the requirement the signer pays, not of the first one offered, and a click signs that price', async () => {
    const url = 'https://paid.test/two-chains'
    const payments = serve(url, [solana('10000'), base('90000')])
    const signer = createTestSigner() // EVM only: it cannot pay the Solana requirement
    render(<PayLinkButton resource={url} signer={signer} />, { wrapper: wrapperFor() })
    await ready()
    expect(button()).toHaveAccessibleName('Pay 0.09 USDC')
    fireEvent.click(button())
    await waitFor(() => expect(stateOf(button())).toBe('settled'))
    expect(payments.map(signedAmount)).toEqual(['90000'])
  })

  test('a 402 this wallet can pay none of (another network) is "Payment unavailable" and disabled: no click to fail on', async () => {
    serve('https://paid.test/solana-only', [solana('10000')])
    const signer = createTestSigner()
    render(<PayLinkButton resource="https://paid.test/solana-only" signer={signer} />, { wrapper: wrapperFor() })
    await waitFor(() => expect(stateOf(button())).toBe('disabled'))
    expect(button()).toHaveAccessibleName('Pay Payment unavailable')
    expect(button()).toBeDisabled()
    expect(screen.getByText('Payment unavailable')).not.toHaveAttribute('data-paylink-sr-only')
    fireEvent.click(button())
    expect(signer.calls).toBe(0)
  })

  test('a click whose fresh 402 offers only another network: "Payment unavailable", disabled, and onError once, nothing signed', async () => {
    const url = 'https://paid.test/moved-to-solana'
    serve(url, [base('10000')])
    const signer = createTestSigner()
    const onError = vi.fn()
    render(<PayLinkButton resource={url} signer={signer} onError={onError} />, { wrapper: wrapperFor() })
    await ready()
    serve(url, [solana('10000')])
    fireEvent.click(button())
    await waitFor(() => expect(stateOf(button())).toBe('disabled'))
    expect(button()).toHaveAccessibleName('Pay Payment unavailable')
    await waitFor(() => expect(onError).toHaveBeenCalledTimes(1))
    expect(onError.mock.calls[0]![0]).toMatchObject({ name: 'PayLinkPaymentError', reason: 'no_payable_requirement' })
    expect(signer.calls).toBe(0)
  })

  test('a failure, then a wallet that pays none of the networks: the same error is not reported again', async () => {
    const broken = { ...createTestSigner(), signPayment: () => Promise.reject(new Error('device disconnected')) }
    const onError = vi.fn()
    const view = render(<PayLinkButton code={code} maxAmount={cap} signer={broken} onError={onError} />, {
      wrapper: wrapperFor(),
    })
    await ready()
    fireEvent.click(button())
    await waitFor(() => expect(stateOf(button())).toBe('failed'))
    expect(onError).toHaveBeenCalledTimes(1)
    const solanaWallet = { ...createTestSigner(), networks: ['solana:*'] }
    view.rerender(<PayLinkButton code={code} maxAmount={cap} signer={solanaWallet} onError={onError} />)
    await waitFor(() => expect(stateOf(button())).toBe('disabled'))
    expect(button()).toHaveAccessibleName('Pay 1.50 USDC Payment unavailable')
    expect(onError).toHaveBeenCalledTimes(1)
  })

  test('a button mounted on a purchase that failed already (a remount, a second button) does not report its error', async () => {
    const broken = { ...createTestSigner(), signPayment: () => Promise.reject(new Error('device disconnected')) }
    const onError = vi.fn()
    const Wrapper = wrapperFor()
    const props = { code, maxAmount: cap, signer: broken }
    const view = render(<Wrapper><PayLinkButton {...props} onError={onError} /></Wrapper>)
    await ready()
    fireEvent.click(button())
    await waitFor(() => expect(stateOf(button())).toBe('failed'))
    expect(onError).toHaveBeenCalledTimes(1)
    const later = vi.fn()
    view.rerender(<Wrapper><PayLinkButton {...props} onError={onError} /><PayLinkButton {...props} onError={later} /></Wrapper>)
    await waitFor(() => expect(screen.getAllByRole('button')).toHaveLength(2))
    expect(screen.getAllByRole('button').map(stateOf)).toEqual(['failed', 'failed'])
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(later).not.toHaveBeenCalled()
    expect(onError).toHaveBeenCalledTimes(1)
  })

  test('a failure while the button was disabled (the wallet gone while it signed) is reported once the button shows it', async () => {
    let fail!: (error: Error) => void
    const held = { ...createTestSigner(), signPayment: () => new Promise<never>((_, reject) => (fail = reject)) }
    const onError = vi.fn()
    const Wrapper = wrapperFor()
    const ui = (signer: typeof held | undefined) => (
      <Wrapper>
        <PayLinkButton code={code} maxAmount={cap} signer={signer} onError={onError} />
      </Wrapper>
    )
    const view = render(ui(held))
    await ready()
    fireEvent.click(button())
    await waitFor(() => expect(stateOf(button())).toBe('signing'))
    view.rerender(ui(undefined))
    fail(new Error('wallet disconnected'))
    await waitFor(() => expect(stateOf(button())).toBe('disabled'))
    expect(onError).not.toHaveBeenCalled()
    view.rerender(ui(held))
    await waitFor(() => expect(stateOf(button())).toBe('failed'))
    await waitFor(() => expect(onError).toHaveBeenCalledTimes(1))
    expect(onError.mock.calls[0]![0]).toMatchObject({ name: 'PayLinkPaymentError' })
  })

  test('usePayResource\'s price is null when the wallet pays none of the networks, undefined when none is within maxAmount', async () => {
    serve('https://paid.test/solana-only', [solana('10000')])
    serve('https://paid.test/too-dear', [base('90000')])
    const signer = createTestSigner()
    function Probe({ url }: { url: string }) {
      const { status, price } = usePayResource(url, { signer, maxAmount: { [BASE_SEPOLIA_USDC]: '50000' } })
      return <output data-testid={url}>{`${status} ${price === null ? 'null' : String(price)}`}</output>
    }
    render(
      <>
        <Probe url="https://paid.test/solana-only" />
        <Probe url="https://paid.test/too-dear" />
      </>,
      { wrapper: wrapperFor() },
    )
    await waitFor(() => expect(screen.getByTestId('https://paid.test/solana-only')).toHaveTextContent('ready null'))
    await waitFor(() => expect(screen.getByTestId('https://paid.test/too-dear')).toHaveTextContent('ready undefined'))
  })

  test('shows no price when every requirement the wallet pays is above maxAmount; a click fails before the wallet', async () => {
    serve('https://paid.test/too-dear', [base('90000')])
    const signer = createTestSigner()
    const below = { [BASE_SEPOLIA_USDC]: '50000' }
    render(<PayLinkButton resource="https://paid.test/too-dear" signer={signer} maxAmount={below} />, { wrapper: wrapperFor() })
    await ready()
    expect(button()).toHaveAccessibleName('Pay')
    fireEvent.click(button())
    await waitFor(() => expect(stateOf(button())).toBe('failed'))
    expect(signer.calls).toBe(0)
  })

  test('without a signer, shows a price only when every requirement has that price', async () => {
    const same = 'https://paid.test/same-price'
    const differ = 'https://paid.test/prices-differ'
    serve(same, [solana('10000'), base('10000')])
    serve(differ, [solana('10000'), base('90000')])
    // The button shows `disabled` throughout; the hook's status says when the 402 was read.
    function Probe({ url }: { url: string }) {
      return <output data-testid={url}>{usePayResource(url).status}</output>
    }
    render(
      <>
        <PayLinkButton resource={same} data-testid="same" />
        <PayLinkButton resource={differ} data-testid="differ" />
        <Probe url={same} />
        <Probe url={differ} />
      </>,
      { wrapper: wrapperFor() },
    )
    await waitFor(() => expect(screen.getByTestId(same)).toHaveTextContent('ready'))
    await waitFor(() => expect(screen.getByTestId(differ)).toHaveTextContent('ready'))
    expect(screen.getByTestId('same')).toHaveAccessibleName('Pay 0.01 USDC')
    expect(screen.getByTestId('differ')).toHaveAccessibleName('Pay')
    expect(stateOf(screen.getByTestId('differ'))).toBe('disabled')
  })
})

describe('PayLinkButton: a click never signs more than the price shown', () => {
  const RESOURCE = 'https://paid.test/repriced-article'
  const offerAt = (amount: string) =>
    encodeBase64Json({
      x402Version: 2,
      resource: { url: RESOURCE },
      accepts: [{ scheme: 'exact', network: 'eip155:84532', amount, asset: BASE_SEPOLIA_USDC, payTo: MOCK_PAY_TO, maxTimeoutSeconds: 60, extra: { name: 'USDC', version: '2' } }],
    })
  const signedAmount = (payment: string) => (JSON.parse(atob(payment)) as { accepted: { amount: string } }).accepted.amount

  test('with a resource, a price raised since it was shown signs nothing: the new price is shown and announced; the next click pays it once', async () => {
    api.serveX402(RESOURCE, offerAt('10000'))
    const signer = createTestSigner()
    const onError = vi.fn()
    render(<PayLinkButton resource={RESOURCE} signer={signer} onError={onError} />, { wrapper: wrapperFor() })
    await ready()
    expect(button()).toHaveAccessibleName('Pay 0.01 USDC')
    const payments = api.serveX402(RESOURCE, offerAt('90000'))

    fireEvent.click(button())
    await waitFor(() => expect(status()).toHaveTextContent('The price changed to 0.09 USDC. Press again to pay.'))
    expect(stateOf(button())).toBe('ready')
    // The button's name is what it shows: the new price, and below it the notice.
    expect(button()).toHaveAccessibleName('Pay 0.09 USDC The price changed to 0.09 USDC. Press again to pay.')
    expect(signer.calls).toBe(0)
    expect(onError).not.toHaveBeenCalled()

    aMomentLater()
    fireEvent.click(button())
    await waitFor(() => expect(stateOf(button())).toBe('settled'))
    expect(signer.calls).toBe(1)
    expect(payments.map(signedAmount)).toEqual(['90000'])
  })

  test('with a link, requirements that expired and came back dearer sign nothing: the new price is shown and announced', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    try {
      const signer = createTestSigner()
      renderButton({ signer, labels: { priceChangedStatus: (price) => `Neuer Preis: ${price?.amount} ${price?.currency}` } })
      await ready()
      expect(button()).toHaveAccessibleName('Pay 1.50 USDC')
      api.mock.state.links.get(code)!.price = { amount: '2.50', currency: 'USDC' }
      vi.setSystemTime(Date.now() + 61_000)

      fireEvent.click(button())
      await waitFor(() => expect(status()).toHaveTextContent('Neuer Preis: 2.50 USDC'))
      expect(stateOf(button())).toBe('ready')
      expect(button()).toHaveAccessibleName('Pay 2.50 USDC Neuer Preis: 2.50 USDC')
      expect(signer.calls).toBe(0)
      expect(paidRequests()).toBe(0)
    } finally {
      vi.useRealTimers()
    }
  })

  test('a fresh read that failed keeps the price shown: "Try again" signs nothing dearer, it shows and announces the new price', async () => {
    api.serveX402(RESOURCE, offerAt('10000'))
    const signer = createTestSigner()
    render(<PayLinkButton resource={RESOURCE} signer={signer} />, { wrapper: wrapperFor() })
    await ready()
    expect(button()).toHaveAccessibleName('Pay 0.01 USDC')
    api.server.use(http.get(RESOURCE, () => HttpResponse.error()))
    fireEvent.click(button())
    await waitFor(() => expect(stateOf(button())).toBe('failed'))
    const payments = api.serveX402(RESOURCE, offerAt('90000'))

    fireEvent.click(button())
    await waitFor(() => expect(status()).toHaveTextContent('The price changed to 0.09 USDC. Press again to pay.'))
    // The button's name is what it shows: the new price, and below it the notice.
    expect(button()).toHaveAccessibleName('Pay 0.09 USDC The price changed to 0.09 USDC. Press again to pay.')
    expect(signer.calls).toBe(0)
    aMomentLater()
    fireEvent.click(button())
    await waitFor(() => expect(stateOf(button())).toBe('settled'))
    expect(payments.map(signedAmount)).toEqual(['90000'])
  })

  test('disabled after a click that failed before signing, it says no price: the next press is held to the one shown before', async () => {
    // The button showed 0.03; a click read 0.01, above a cap the app had lowered, and failed. The app
    // then disables the button for a moment (another wallet connecting), raises the cap again and
    // the seller asks 0.03 again: "Pay 0.01" meanwhile would be less than the next press signs.
    api.serveX402(RESOURCE, offerAt('30000'))
    const signer = createTestSigner()
    const checkout = (maxAmount: string, disabled = false) => (
      <PayLinkButton resource={RESOURCE} signer={signer} maxAmount={{ [BASE_SEPOLIA_USDC]: maxAmount }} disabled={disabled} />
    )
    const view = render(checkout('50000'), { wrapper: wrapperFor() })
    await ready()
    expect(button()).toHaveAccessibleName('Pay 0.03 USDC')
    api.serveX402(RESOURCE, offerAt('10000'))
    view.rerender(checkout('5000'))
    fireEvent.click(button())
    await waitFor(() => expect(stateOf(button())).toBe('failed'))
    view.rerender(checkout('50000', true))
    expect(stateOf(button())).toBe('disabled')
    expect(button()).toHaveAccessibleName('Pay')
    const payments = api.serveX402(RESOURCE, offerAt('30000'))
    view.rerender(checkout('50000'))
    fireEvent.click(button())
    await waitFor(() => expect(stateOf(button())).toBe('settled'))
    expect(payments.map(signedAmount)).toEqual(['30000'])
  })

  test('with showSplit, the button is named by the notice too: it is on screen below the split', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    try {
      renderButton({ signer: createTestSigner(), showSplit: true })
      await ready()
      api.mock.state.links.get(code)!.price = { amount: '2.50', currency: 'USDC' }
      vi.setSystemTime(Date.now() + 61_000)
      fireEvent.click(button())
      await waitFor(() => expect(status()).toHaveTextContent('The price changed to 2.50 USDC'))
      expect(button()).toHaveAccessibleName('Pay 2.50 USDC Creator 90% · Platform 10% The price changed to 2.50 USDC. Press again to pay.')
    } finally {
      vi.useRealTimers()
    }
  })

  test('the second click of a double click, after its first found a new price, pays nothing: a press of its own does', async () => {
    api.serveX402(RESOURCE, offerAt('10000'))
    const signer = createTestSigner()
    render(<PayLinkButton resource={RESOURCE} signer={signer} />, { wrapper: wrapperFor() })
    await ready()
    const payments = api.serveX402(RESOURCE, offerAt('90000'))
    fireEvent.click(button(), { detail: 1 })
    await waitFor(() => expect(status()).toHaveTextContent('The price changed to 0.09 USDC'), { interval: 1 })
    fireEvent.click(button(), { detail: 2 })
    expect(stateOf(button())).toBe('ready')
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(signer.calls).toBe(0)
    expect(payments).toHaveLength(0)

    aMomentLater()
    fireEvent.click(button(), { detail: 1 })
    await waitFor(() => expect(stateOf(button())).toBe('settled'))
    expect(payments.map(signedAmount)).toEqual(['90000'])
  })

  test('a second key press within half a second of a new price pays nothing (it was aimed at the old one); one after it pays', async () => {
    api.serveX402(RESOURCE, offerAt('10000'))
    const signer = createTestSigner()
    render(<PayLinkButton resource={RESOURCE} signer={signer} />, { wrapper: wrapperFor() })
    await ready()
    const payments = api.serveX402(RESOURCE, offerAt('90000'))
    // A key's click has detail 0.
    fireEvent.click(button(), { detail: 0 })
    await waitFor(() => expect(status()).toHaveTextContent('The price changed to 0.09 USDC'), { interval: 1 })
    fireEvent.click(button(), { detail: 0 })
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(signer.calls).toBe(0)
    expect(payments).toHaveLength(0)
    expect(stateOf(button())).toBe('ready')

    aMomentLater()
    fireEvent.click(button(), { detail: 0 })
    await waitFor(() => expect(stateOf(button())).toBe('settled'))
    expect(payments.map(signedAmount)).toEqual(['90000'])
  })

  test('a held Enter does not click again: its repeats are cancelled, a new press and other keys are not', async () => {
    const onKeyDown = vi.fn()
    // Served, so that the price read on mount meets a seller, not an unhandled request.
    api.serveX402(RESOURCE, usdcOffer(RESOURCE))
    render(<PayLinkButton resource={RESOURCE} signer={createTestSigner()} onKeyDown={onKeyDown} />, { wrapper: wrapperFor() })
    // fireEvent returns false when the event's default (the browser's click) was prevented.
    expect(fireEvent.keyDown(button(), { key: 'Enter', repeat: true })).toBe(false)
    expect(fireEvent.keyDown(button(), { key: 'Enter' })).toBe(true)
    expect(fireEvent.keyDown(button(), { key: 'Tab', repeat: true })).toBe(true)
    // The consumer's handler still sees every key.
    expect(onKeyDown).toHaveBeenCalledTimes(3)
  })

  /**
   * The mock's links paid in a token of unknown decimals (outside DEFAULT_MAX_AMOUNT's table, which
   * the app caps itself): a product card reads the link (1.50), well within its staleTime, then the
   * seller raises the price to 2.50. Returns the mock and the wrapper the checkout opens in.
   */
  async function linkReadByThePageThenRaised() {
    const OTHER_USDC = '0xaf88d065e77c8cC2239327C5EDb3A432268e5831'
    const other = createMockApi({ apiKeys: false, settleDelayMs: 0, seed: { x402: { ...defaultSeed().x402, asset: OTHER_USDC } } })
    api.server.use(...other.handlers)
    const wrapper = wrapperFor()
    const card = render(<ProductPrice />, { wrapper })
    await screen.findByText('1.50 USDC')
    card.unmount()
    other.state.links.get(code)!.price = { amount: '2.50', currency: 'USDC' }
    const signer = createTestSigner()
    const ui = (shown: string) => <PayLinkButton code={shown} signer={signer} maxAmount={{ [OTHER_USDC]: '10000000' }} />
    const checkout = () => render(ui(code), { wrapper })
    return { other, checkout, ui, wrapper }
  }

  test("a 402 whose price cannot be read (an asset of unknown decimals) and a link read earlier by the page: neither the page's read nor the button's own is shown as the price; one press pays the 402's", async () => {
    const { other, checkout } = await linkReadByThePageThenRaised()
    checkout()
    await ready()
    await waitFor(() => expect(api.count('GET', `/links/${code}`)).toBe(2))
    expect(button()).toHaveAccessibleName('Pay')
    fireEvent.click(button())
    await waitFor(() => expect(stateOf(button())).toBe('settled'))
    expect(other.ledger.map((entry) => entry.amount)).toEqual(['2.50'])
  })

  test('the same, on a button switched to that link from another code (a carousel): no link price is shown for it', async () => {
    const { other, ui, wrapper } = await linkReadByThePageThenRaised()
    const { rerender } = render(ui(MOCK_LINKS.engagement), { wrapper })
    await ready()
    rerender(ui(code))
    await ready()
    // In session 40, the page's read (1.50, still fresh for the cache) was shown, and a click paid 2.50.
    await waitFor(() => expect(api.count('GET', `/links/${code}`)).toBe(2))
    expect(button()).toHaveAccessibleName('Pay')
    fireEvent.click(button())
    await waitFor(() => expect(stateOf(button())).toBe('settled'))
    expect(other.ledger.map((entry) => entry.amount)).toEqual(['2.50'])
  })

  test("a wallet that can pay none of the offers (the link's price stands in, disabled), and the link's read on mount fails: the page's older read of the link is not shown as the price", async () => {
    const wrapper = wrapperFor()
    const card = render(<ProductPrice />, { wrapper })
    await screen.findByText('1.50 USDC')
    card.unmount()
    api.mock.state.links.get(code)!.price = { amount: '2.50', currency: 'USDC' }
    // The read on mount meets a gateway's error page.
    api.server.use(http.get(`${BASE_URL}/pub/v1/links/${code}`, () => HttpResponse.text('<html>502</html>', { status: 500 })))
    render(<PayLinkButton code={code} signer={{ ...createTestSigner(), networks: ['solana:*'] }} />, { wrapper })
    await waitFor(() => expect(api.count('GET', `/links/${code}`)).toBe(2))
    await waitFor(() => expect(stateOf(button())).toBe('disabled'))
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)))
    expect(button()).toHaveAccessibleName('Pay Payment unavailable')
  })

  test('a link whose 402 price cannot be read (an asset of unknown decimals): a press that finds a new price says so, with no amount, and signs nothing; the next press pays it once', async () => {
    // The mock's links paid in a token outside DEFAULT_MAX_AMOUNT's table, which the app caps itself.
    const OTHER_USDC = '0xaf88d065e77c8cC2239327C5EDb3A432268e5831'
    const other = createMockApi({ apiKeys: false, settleDelayMs: 0, seed: { x402: { ...defaultSeed().x402, asset: OTHER_USDC } } })
    api.server.use(...other.handlers)
    vi.useFakeTimers({ toFake: ['Date'] })
    try {
      const signer = createTestSigner()
      renderButton({ signer, maxAmount: { [OTHER_USDC]: '10000000' } })
      await ready()
      expect(button()).toHaveAccessibleName('Pay')
      other.state.links.get(code)!.price = { amount: '2.50', currency: 'USDC' }
      vi.setSystemTime(Date.now() + 61_000)

      fireEvent.click(button())
      await waitFor(() => expect(status()).toHaveTextContent('The price changed. Press again to pay.'))
      expect(button()).toHaveAccessibleName('Pay The price changed. Press again to pay.')
      expect(signer.calls).toBe(0)
      expect(other.ledger).toHaveLength(0)
      aMomentLater()
      fireEvent.click(button())
      await waitFor(() => expect(stateOf(button())).toBe('settled'))
      expect(other.ledger.map((entry) => entry.amount)).toEqual(['2.50'])
      expect(signer.calls).toBe(1)
    } finally {
      vi.useRealTimers()
    }
  })
})

test('a PayLinkProvider remounted while the wallet is open (navigated away and back) shows that purchase, not the price again: one signature, one payment', async () => {
  let answer!: () => void
  const inner = createTestSigner()
  let asked = 0
  const signer = {
    ...inner,
    signPayment: async (...args: Parameters<typeof inner.signPayment>) => {
      if (asked++ === 0) await new Promise<void>((resolve) => (answer = resolve))
      return inner.signPayment(...args)
    },
  }
  const queryClient = testQueryClient()
  // The provider makes its client from `baseUrl`: a new one on every mount.
  const page = () => (
    <QueryClientProvider client={queryClient}>
      <PayLinkProvider baseUrl={BASE_URL} retry={false}>
        <PayLinkButton code={code} maxAmount={cap} signer={signer} />
      </PayLinkProvider>
    </QueryClientProvider>
  )
  const first = render(page())
  await waitFor(() => expect(stateOf(button())).toBe('ready'))
  fireEvent.click(button())
  await waitFor(() => expect(stateOf(button())).toBe('signing'))
  first.unmount()
  render(page())
  expect(stateOf(button())).toBe('signing')
  answer()
  await waitFor(() => expect(stateOf(button())).toBe('settled'))
  fireEvent.click(button())
  await new Promise((resolve) => setTimeout(resolve, 50))
  expect(inner.calls).toBe(1)
  expect(api.mock.ledger).toHaveLength(1)
})

test('a checkout closed while the wallet was open, whose payment settled meanwhile, shows "Paid" when opened again and reports it once: a click pays nothing', async () => {
  const wallet = gate()
  const signer = createTestSigner()
  const queryClient = testQueryClient()
  const onSettled = vi.fn()
  // The provider makes its client from `baseUrl`: a new one on every mount.
  const checkout = () => (
    <QueryClientProvider client={queryClient}>
      <PayLinkProvider baseUrl={BASE_URL} retry={false}>
        <PayLinkButton code={code} maxAmount={cap} signer={heldSigner(signer, wallet.promise)} onSettled={onSettled} />
      </PayLinkProvider>
    </QueryClientProvider>
  )
  await closeWhileSigning(checkout())
  // The user signs in the wallet anyway; the payment goes through while the checkout is closed.
  wallet.resolve()
  await waitFor(() => expect(api.mock.ledger).toHaveLength(1))

  expect(onSettled).not.toHaveBeenCalled()

  const second = render(checkout())
  await waitFor(() => expect(stateOf(button())).toBe('settled'))
  // Nobody saw it settle: the app learns it now, so it can deliver what was bought.
  await waitFor(() => expect(onSettled).toHaveBeenCalledTimes(1))
  expect(onSettled.mock.calls[0]![0]).toMatchObject({ success: true })
  fireEvent.click(button())
  await act(() => new Promise((resolve) => setTimeout(resolve, 50)))
  expect(signer.calls).toBe(1)
  expect(api.mock.ledger).toHaveLength(1)
  // Closed and opened again: already reported.
  second.unmount()
  render(checkout())
  await act(() => new Promise((resolve) => setTimeout(resolve, 50)))
  expect(stateOf(button())).toBe('settled')
  expect(onSettled).toHaveBeenCalledTimes(1)
})

test('a checkout closed while the wallet was open, whose payment failed meanwhile, reports the failure once when opened again', async () => {
  const wallet = gate()
  const onError = vi.fn()
  const checkout = () => (
    <PayLinkProvider baseUrl={BASE_URL} retry={false}>
      <PayLinkButton code={code} maxAmount={cap} signer={heldSigner(createTestSigner(), wallet.promise)} onError={onError} />
    </PayLinkProvider>
  )
  await closeWhileSigning(checkout())
  // The seller refuses the payment while the checkout is closed.
  api.server.use(http.post(`${BASE_URL}/pub/v1/payments/verify`, () => HttpResponse.json({ error: { code: 'forbidden', message: 'Payments are paused' } }, { status: 403 })))
  wallet.resolve()
  await act(() => new Promise((resolve) => setTimeout(resolve, 50)))
  expect(onError).not.toHaveBeenCalled()

  const second = render(checkout())
  await waitFor(() => expect(stateOf(button())).toBe('failed'))
  await waitFor(() => expect(onError).toHaveBeenCalledTimes(1))
  expect(onError.mock.calls[0]![0]).toMatchObject({ name: 'PayLinkHttpError', status: 403 })
  second.unmount()
  render(checkout())
  await act(() => new Promise((resolve) => setTimeout(resolve, 50)))
  expect(onError).toHaveBeenCalledTimes(1)
})

// The checkout opens before its order (so the link code) has loaded, or on another product first:
// the button gets the paid-for code after mounting, and must still report what nobody saw.
test.each([
  ['before its link code is known', ''],
  ['on another product first', MOCK_LINKS.engagement],
])('a checkout closed while the wallet was open, whose payment settled meanwhile, opened again %s: onSettled once the paid link shows', async (_, opening) => {
  const wallet = gate()
  const signer = createTestSigner()
  const queryClient = testQueryClient()
  const onSettled = vi.fn()
  const checkout = (linkCode: string) => (
    <QueryClientProvider client={queryClient}>
      <PayLinkProvider baseUrl={BASE_URL} retry={false}>
        <PayLinkButton code={linkCode} maxAmount={cap} signer={heldSigner(signer, wallet.promise)} onSettled={onSettled} />
      </PayLinkProvider>
    </QueryClientProvider>
  )
  await closeWhileSigning(checkout(code))
  wallet.resolve()
  await waitFor(() => expect(api.mock.ledger).toHaveLength(1))

  const second = render(checkout(opening))
  await act(() => new Promise((resolve) => setTimeout(resolve, 20)))
  second.rerender(checkout(code))
  await waitFor(() => expect(stateOf(button())).toBe('settled'))
  await waitFor(() => expect(onSettled).toHaveBeenCalledTimes(1))
  expect(onSettled.mock.calls[0]![0]).toMatchObject({ success: true })
  // Away and back: already reported.
  second.rerender(checkout(MOCK_LINKS.engagement))
  await ready()
  second.rerender(checkout(code))
  await act(() => new Promise((resolve) => setTimeout(resolve, 50)))
  expect(onSettled).toHaveBeenCalledTimes(1)
  expect(signer.calls).toBe(1)
})

test('outside a PayLinkProvider, the error names PayLinkButton', () => {
  vi.spyOn(console, 'error').mockImplementation(() => {})
  expect(() => render(<PayLinkButton code={code} />)).toThrow(/PayLinkButton must be used inside <PayLinkProvider>/)
})

test('asChild: an aria-label on the child (an icon-only link) names the button', async () => {
  render(
    <PayLinkButton asChild code={code} maxAmount={cap} signer={createTestSigner()}>
      <a href="#pay" aria-label="Buy the article">
        <svg aria-hidden="true" />
      </a>
    </PayLinkButton>,
    { wrapper: wrapperFor() },
  )
  const link = screen.getByRole('link')
  await waitFor(() => expect(stateOf(link)).toBe('ready'))
  expect(link).toHaveAccessibleName('Buy the article')
})

test('two providers of one API (two React roots) show one purchase of a link: a press on the second while the first is being confirmed pays nothing', async () => {
  const confirm = gate()
  api.server.use(http.post(`${BASE_URL}/pub/v1/payments/verify`, async ({ request }) => void (request.headers.has('payment-signature') && (await confirm.promise))))
  const signer = createTestSigner()
  const widget = () => (
    <PayLinkProvider baseUrl={BASE_URL} retry={false}>
      <PayLinkButton code={code} maxAmount={cap} signer={signer} />
    </PayLinkProvider>
  )
  render(
    <>
      {widget()}
      {widget()}
    </>,
  )
  const [header, footer] = screen.getAllByRole('button') as [HTMLElement, HTMLElement]
  await waitFor(() => expect(stateOf(footer)).toBe('ready'))
  fireEvent.click(header)
  await waitFor(() => expect(stateOf(header)).toBe('verifying'))
  expect(stateOf(footer)).toBe('verifying')
  fireEvent.click(footer)
  confirm.resolve()
  await waitFor(() => expect(stateOf(footer)).toBe('settled'))
  expect(stateOf(header)).toBe('settled')
  expect(signer.calls).toBe(1)
  expect(api.mock.ledger).toHaveLength(1)
})

test('two buttons for one resource: each onSettled gets the paid-for answer with its body unread', async () => {
  const RESOURCE = 'https://paid.test/one-article-two-buttons'
  api.serveX402(
    RESOURCE,
    usdcOffer(RESOURCE),
    () => HttpResponse.text('the article'),
  )
  const bodies: Promise<string>[] = []
  const onSettled = (_: unknown, response?: Response) => void bodies.push(response!.text())
  const signer = createTestSigner()
  render(
    <>
      <PayLinkButton resource={RESOURCE} signer={signer} onSettled={onSettled} />
      <PayLinkButton resource={RESOURCE} signer={signer} onSettled={onSettled} />
    </>,
    { wrapper: wrapperFor() },
  )
  const [first] = screen.getAllByRole('button')
  await waitFor(() => expect(stateOf(first!)).toBe('ready'))
  fireEvent.click(first!)
  await waitFor(() => expect(bodies).toHaveLength(2))
  expect(await Promise.all(bodies)).toEqual(['the article', 'the article'])
  expect(signer.calls).toBe(1)
})

describe("PayLinkButton under an app QueryClient's unusual defaults", () => {
  test('throwOnError: a link that cannot be read shows "Payment unavailable", not the app\'s error page', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    render(
      <ErrorBoundary>
        <PayLinkButton code="nope" signer={createTestSigner()} maxAmount={cap} />
      </ErrorBoundary>,
      { wrapper: wrapperFor(undefined, throwingQueryClient()) },
    )
    await waitFor(() => expect(stateOf(button())).toBe('failed'))
    expect(button()).toHaveAccessibleName('Try again Payment unavailable')
    expect(screen.queryByText('Something went wrong')).toBeNull()
  })

  test('throwOnError: a payment being confirmed whose status cannot be read (404) stays on screen, unknown, not the app\'s error page', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    api.mock.useScenario('payment-settles-slowly')
    render(
      <ErrorBoundary>
        <PayLinkButton code={code} signer={createTestSigner()} maxAmount={cap} />
      </ErrorBoundary>,
      { wrapper: wrapperFor(undefined, throwingQueryClient()) },
    )
    await ready()
    api.mock.inject('getPayment', { status: 404 })
    fireEvent.click(button())
    await waitFor(() => expect(stateOf(button())).toBe('unknown'))
    expect(screen.queryByText('Something went wrong')).toBeNull()
    expect(api.mock.ledger).toHaveLength(1)
  })
})

describe("PayLinkButton under an app QueryClient's placeholderData: keepPreviousData", () => {
  const keepingQueryClient = () => new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity, placeholderData: keepPreviousData } } })

  /** A button without a wallet (the price still shows) on the demo link, then given `next` while its link and its 402 are held. Returns the gate that lets them through. */
  async function switchedWhileHeld(next: string) {
    const held = gate()
    api.server.use(
      http.get(`${BASE_URL}/pub/v1/links/${next}`, () => held.promise),
      http.post(`${BASE_URL}/pub/v1/payments/verify`, () => held.promise),
    )
    const { rerender } = render(<PayLinkButton code={code} maxAmount={cap} />, { wrapper: wrapperFor(undefined, keepingQueryClient()) })
    await waitFor(() => expect(button()).toHaveAccessibleName('Pay 1.50 USDC'))
    rerender(<PayLinkButton code={next} maxAmount={cap} />)
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)))
    return held
  }

  test("another code: the last link's price is not shown as the new one's while it loads", async () => {
    const held = await switchedWhileHeld(MOCK_LINKS.engagement)
    expect(button()).toHaveAccessibleName('Pay')
    held.resolve()
    await waitFor(() => expect(button()).toHaveAccessibleName('Pay 0.25 USDC'))
  })

  test("a code that does not exist: the last link's price is not shown while it loads, nor after the 404", async () => {
    const held = await switchedWhileHeld('nope')
    expect(button()).toHaveAccessibleName('Pay')
    held.resolve()
    await waitFor(() => expect(api.count('GET', '/links/nope')).toBe(1))
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)))
    expect(button()).toHaveAccessibleName('Pay')
  })
})

describe('PayLinkButton: a 402 whose price cannot be read, and the link read again', () => {
  // Before session 42 the link's price stood in for such a 402's (an asset of unknown decimals), and
  // three defects of one kind followed: a read of the link older or newer than the terms showed a
  // price other than the one a press signed. These are the paths those defects took: the link's
  // price is never shown beside such terms, and a press signs the 402's amount, as the wallet shows.
  const OTHER_USDC = '0xaf88d065e77c8cC2239327C5EDb3A432268e5831'
  const islandOf = (signer: ReturnType<typeof createTestSigner>, queryClient = testQueryClient()) => (
    <QueryClientProvider client={queryClient}>
      <PayLinkProvider client={testClient()}>
        <PayLinkButton code={code} signer={signer} maxAmount={{ [OTHER_USDC]: '10000000' }} />
      </PayLinkProvider>
    </QueryClientProvider>
  )
  const noAmount = () => {
    for (const element of screen.getAllByRole('button')) expect(element.textContent).not.toMatch(/\d USDC/)
  }

  function priced(amount = '1.50') {
    const other = createMockApi({ apiKeys: false, settleDelayMs: 0, seed: { x402: { ...defaultSeed().x402, asset: OTHER_USDC } } })
    other.state.links.get(code)!.price = { amount, currency: 'USDC' }
    api.server.use(...other.handlers)
    return other
  }

  test('the link read again at a lower price (a refocus, a product card): no amount shows; a press signs the 402 it holds, the amount the wallet shows', async () => {
    const other = priced()
    const queryClient = testQueryClient()
    const signed: string[] = []
    const inner = createTestSigner()
    const signer = { ...inner, signPayment: (...args: Parameters<typeof inner.signPayment>) => (signed.push(args[0].amount), inner.signPayment(...args)) }
    render(islandOf(signer as ReturnType<typeof createTestSigner>, queryClient))
    await ready()
    other.state.links.get(code)!.price = { amount: '0.50', currency: 'USDC' }
    await act(() => queryClient.refetchQueries({ queryKey: ['paylink', 'link', code] }))
    noAmount()
    fireEvent.click(button())
    await waitFor(() => expect(['settled', 'unknown', 'failed']).toContain(stateOf(button())))
    // The seller now asks 0.50: it refuses the 1.50 the 402 asked, and the outcome is open, as for
    // any price changed under a 402 not yet expired. Before, the button showed "Pay 0.50 USDC".
    expect(signed).toEqual(['1500000'])
    expect(other.ledger).toHaveLength(0)
  })

  test("the app's reset reads the terms again at a raised price: no amount shows, and the link is not read for one; one press pays the new terms", async () => {
    const other = priced()
    const signer = createTestSigner()
    renderButton({ signer, maxAmount: { [OTHER_USDC]: '10000000' } })
    await ready()
    other.state.links.get(code)!.price = { amount: '2.50', currency: 'USDC' }
    const linkReads = api.count('GET', `/links/${code}`)
    act(() => linkPurchase(testClient(), code).reset())
    await waitFor(() => expect(api.count('POST', '/payments/verify')).toBe(2))
    await ready()
    // Before, the button showed its older read of the link (1.50) and one press signed 2.50.
    expect(button()).toHaveAccessibleName('Pay')
    expect(api.count('GET', `/links/${code}`)).toBe(linkReads)
    fireEvent.click(button())
    await waitFor(() => expect(stateOf(button())).toBe('settled'))
    expect(other.ledger.map((entry) => entry.amount)).toEqual(['2.50'])
    expect(signer.calls).toBe(1)
  })

  test('two roots (islands): one mounted after a raise, whose user refuses in the wallet; neither shows an amount, and a press of the other pays the new terms once', async () => {
    const other = priced()
    const signerA = createTestSigner()
    render(islandOf(signerA))
    await ready()
    other.state.links.get(code)!.price = { amount: '2.50', currency: 'USDC' }
    vi.useFakeTimers({ toFake: ['Date'] })
    try {
      // The 402 read on mount has expired: island B's press reads the new one, says so, and its
      // second press is refused in the wallet.
      vi.setSystemTime(Date.now() + 61_000)
      render(islandOf(createTestSigner({ rejects: true })))
      const [first, second] = screen.getAllByRole('button')
      await waitFor(() => expect(api.count('GET', `/links/${code}`)).toBe(2))
      fireEvent.click(second!)
      await waitFor(() => expect(second).toHaveTextContent('The price changed. Press again to pay.'))
      aMomentLater()
      fireEvent.click(second!)
      await waitFor(() => expect(stateOf(second!)).toBe('cancelled'))
      noAmount()
      // Before, island A showed "Pay 1.50 USDC" here, and its press signed 2.50.
      expect(first).toHaveAccessibleName('Pay Payment cancelled in your wallet')
      fireEvent.click(first!)
      await waitFor(() => expect(stateOf(first!)).toBe('settled'))
    } finally {
      vi.useRealTimers()
    }
    expect(other.ledger.map((entry) => entry.amount)).toEqual(['2.50'])
    expect(signerA.calls).toBe(1)
  })

  test('a wallet that can pay none of the offers shows the link\'s price, disabled (a refocus reads it again); once one that can is given, no amount shows and a press signs the 402\'s', async () => {
    const other = priced()
    const solana = { ...createTestSigner(), networks: ['solana:*'] } as ReturnType<typeof createTestSigner>
    const signed: string[] = []
    const inner = createTestSigner()
    const evm = { ...inner, signPayment: (...args: Parameters<typeof inner.signPayment>) => (signed.push(args[0].amount), inner.signPayment(...args)) } as ReturnType<typeof createTestSigner>
    const queryClient = testQueryClient()
    const view = render(islandOf(solana, queryClient))
    await waitFor(() => expect(stateOf(button())).toBe('disabled'))
    expect(button()).toHaveAccessibleName('Pay 1.50 USDC Payment unavailable')
    other.state.links.get(code)!.price = { amount: '0.50', currency: 'USDC' }
    await act(() => queryClient.refetchQueries({ queryKey: ['paylink', 'link', code] }))
    await waitFor(() => expect(button()).toHaveAccessibleName('Pay 0.50 USDC Payment unavailable'))
    view.rerender(islandOf(evm, queryClient))
    await ready()
    noAmount()
    fireEvent.click(button())
    await waitFor(() => expect(['settled', 'unknown', 'failed']).toContain(stateOf(button())))
    // The 402 read on mount asked 1.50, the amount the wallet shows; the seller, now at 0.50, refuses it.
    expect(signed).toEqual(['1500000'])
  })

  test("terms read again at a price the button reads from them (the default USDC): the new price shows, the link is not read again", async () => {
    const signer = createTestSigner()
    renderButton({ signer })
    await ready()
    const linkReads = api.count('GET', `/links/${code}`)
    api.mock.state.links.get(code)!.price = { amount: '1.75', currency: 'USDC' }
    act(() => linkPurchase(testClient(), code).reset())
    await waitFor(() => expect(button()).toHaveAccessibleName('Pay 1.75 USDC'))
    fireEvent.click(button())
    await waitFor(() => expect(stateOf(button())).toBe('settled'))
    expect(api.count('GET', `/links/${code}`)).toBe(linkReads)
    expect(api.mock.ledger.map((entry) => entry.amount)).toEqual(['1.75'])
  })
})
