import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { useSuspenseQuery } from '@tanstack/react-query'
import { Component, type ReactNode, StrictMode, startTransition, Suspense, useState } from 'react'
import { PayLinkButton } from '../../src/components/PayLinkButton.js'
import { MOCK_LINKS } from '../../src/mock/constants.js'
import { purchases } from '../../src/payment/forgetPurchases.js'
import { createTestSigner } from '../../src/mock/createTestSigner.js'
import type { PaymentSigner } from '../../src/x402/paymentSigner.js'
import { BASE_URL, cap, gate, heldPurchase, usdcOffer, useMockApi, wrapperFor } from './harness.js'

// React's transitions around PayLinkButton: a switch of link rendered in a transition whose new
// tree suspends (an app's own reader of the new link's details), then superseded.
const api = useMockApi({ settleDelayMs: 0 })
const stateOf = (testId: string) => screen.getByTestId(testId).getAttribute('data-state')
const aWhile = (ms = 20) => act(() => new Promise((resolve) => setTimeout(resolve, ms)))

// Three links, or three x402 URLs, at three prices: the first on screen, the two others switched to.
const RESOURCES = ['https://shop.test/a', 'https://shop.test/b', 'https://shop.test/c']
const kinds = {
  code: { items: [MOCK_LINKS.demo, MOCK_LINKS.engagement, MOCK_LINKS.unpriced], price: 'Pay 1.50 USDC', amount: '1500000', reads: () => api.count('POST', '/payments/verify') },
  resource: { items: RESOURCES, price: 'Pay 0.01 USDC', amount: '10000', reads: () => api.requests.filter((r) => r.path !== '/a').length },
}

describe.each([
  ['code', false],
  ['code', true],
  ['resource', false],
  ['resource', true],
] as const)('%s, StrictMode: %s', (kind, strict) => {
  const { items: [first, second, third], price, amount, reads } = kinds[kind]
  const what = (shown: string) => (kind === 'code' ? { code: shown } : { resource: shown })
  beforeEach(() => RESOURCES.forEach((url, i) => api.serveX402(url, usdcOffer(url, String(10000 * (i + 1))))))

  test('a press while a switch waits in a transition (the new tree suspends, then another switch supersedes it) pays the link on screen: one signature, at its price, nothing asked of the pending links', async () => {
    const errors = vi.spyOn(console, 'error')
    const signer = createTestSigner()
    const signed: string[] = []
    const wallet: PaymentSigner = { ...signer, signPayment: async (requirement, context) => (signed.push(requirement.amount), signer.signPayment(requirement, context)) }
    // The app's details of each link load until the test lets them.
    const details = new Map<string, ReturnType<typeof gate>>()
    function Details({ code }: { code: string }) {
      const { data } = useSuspenseQuery({
        queryKey: ['details', code],
        queryFn: async () => {
          if (!details.has(code)) details.set(code, gate())
          await details.get(code)!.promise
          return code
        },
      })
      return <span data-testid="details">{data}</span>
    }
    let show!: (code: string) => void
    const onSettled = vi.fn()
    function App() {
      const [code, setCode] = useState<string>(first!)
      show = (next) => startTransition(() => setCode(next))
      return (
        <>
          <PayLinkButton data-testid="buy" {...what(code)} signer={wallet} maxAmount={cap} onSettled={onSettled} />
          <Suspense fallback="loading">
            <Details code={code} />
          </Suspense>
        </>
      )
    }
    const Wrapper = wrapperFor()
    const app = <Wrapper><App /></Wrapper>
    render(strict ? <StrictMode>{app}</StrictMode> : app)
    await waitFor(() => expect(stateOf('buy')).toBe('ready'))
    details.get(first!)!.open()
    await waitFor(() => expect(screen.getByTestId('details')).toHaveTextContent(first!))
    expect(screen.getByTestId('buy')).toHaveTextContent(price)
    const before = reads()

    // Switch to engagement, then (superseding it) to unpriced, both waiting for their details.
    act(() => show(second!))
    await aWhile()
    act(() => show(third!))
    await aWhile()
    expect(screen.getByTestId('details')).toHaveTextContent(first!)
    expect(screen.getByTestId('buy')).toHaveTextContent(price)
    // No terms read of links never shown.
    expect(reads()).toBe(before)
    expect([...details.keys()]).toEqual([first, second, third])
    // Nor a purchase kept for them.
    const kept = (item: string) => [...purchases.keys()].some((id) => id.endsWith(kind === 'code' ? `|${item}` : item))
    expect([kept(first!), kept(second!), kept(third!)]).toEqual([true, false, false])

    fireEvent.click(screen.getByTestId('buy'), { detail: 1 })
    await waitFor(() => expect(stateOf('buy')).toBe('settled'))
    if (kind === 'code') expect(api.mock.ledger.map((e) => e.linkCode)).toEqual([first])
    else expect(api.requests.filter((r) => r.paid).map((r) => r.path)).toEqual(['/a'])
    expect(signed).toEqual([amount])
    await waitFor(() => expect(onSettled).toHaveBeenCalledTimes(1))
    expect(stateOf('buy')).toBe('settled')

    // The pending switch lands: the link shown is unpriced now, and nothing more was signed.
    details.get(third!)!.open()
    details.get(second!)!.open()
    await waitFor(() => expect(screen.getByTestId('details')).toHaveTextContent(third!))
    await waitFor(() => expect(stateOf('buy')).not.toBe('loading'))
    await aWhile()
    // And back to the link paid: shown paid, not reported again.
    act(() => show(first!))
    await waitFor(() => expect(screen.getByTestId('details')).toHaveTextContent(first!))
    expect(stateOf('buy')).toBe('settled')
    await aWhile()
    expect(signer.calls).toBe(1)
    expect(api.requests.filter((r) => r.paid)).toHaveLength(1)
    expect(onSettled).toHaveBeenCalledTimes(1)
    expect(errors).not.toHaveBeenCalled()
  })
})

/** react-error-boundary's way: a fallback with a reset that mounts the children anew. */
class ResettingBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false }
  static getDerivedStateFromError() {
    return { failed: true }
  }
  override render() {
    if (!this.state.failed) return this.props.children
    return (
      <button type="button" data-testid="reset" onClick={() => this.setState({ failed: false })}>
        Something went wrong
      </button>
    )
  }
}

describe.each([
  ['signing', false, false],
  ['verifying', false, false],
  ['signing', true, false],
  ['verifying', true, false],
  ['signing', false, true],
  ['verifying', false, true],
  ['signing', true, true],
  ['verifying', true, true],
] as const)('an error boundary above a button %s (StrictMode: %s; settled behind the fallback: %s)', (step, strict, behind) => {
  test('a sibling throws, the boundary resets: the button shows the purchase as it is, one signature, one charge, onSettled once, no second prompt', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
    // The paid request waits (verifying) until the test lets it go.
    const { wallet, sent, signer, held } = heldPurchase(api, step)
    let broken = false
    function Sibling() {
      if (broken) throw new Error('boom')
      return null
    }
    let rerender!: () => void
    function App() {
      const [, set] = useState(0)
      rerender = () => set((n) => n + 1)
      return (
        <ResettingBoundary>
          <PayLinkButton data-testid="buy" code={MOCK_LINKS.demo} signer={held} maxAmount={cap} onSettled={onSettled} onError={onError} />
          <Sibling />
        </ResettingBoundary>
      )
    }
    const onSettled = vi.fn()
    const onError = vi.fn()
    const Wrapper = wrapperFor()
    const app = <Wrapper><App /></Wrapper>
    render(strict ? <StrictMode>{app}</StrictMode> : app)
    await waitFor(() => expect(stateOf('buy')).toBe('ready'))
    fireEvent.click(screen.getByTestId('buy'), { detail: 1 })
    await waitFor(() => expect(stateOf('buy')).toBe(step))

    broken = true
    act(() => rerender())
    expect(screen.queryByTestId('buy')).toBeNull()
    broken = false
    if (behind) {
      wallet.open()
      sent.open()
      await waitFor(() => expect(api.mock.ledger).toHaveLength(1))
      await aWhile()
    }
    fireEvent.click(screen.getByTestId('reset'))
    expect(stateOf('buy')).toBe(behind ? 'settled' : step)
    if (!behind) {
      // A press now is one the button ignores while in flight.
      fireEvent.click(screen.getByTestId('buy'), { detail: 1 })
      wallet.open()
      sent.open()
    }
    await waitFor(() => expect(stateOf('buy')).toBe('settled'))
    await waitFor(() => expect(onSettled).toHaveBeenCalledTimes(1))
    await aWhile()
    expect(onSettled).toHaveBeenCalledTimes(1)
    expect(onError).not.toHaveBeenCalled()
    expect(signer.calls).toBe(1)
    expect(api.mock.ledger).toHaveLength(1)
    // Only the sibling's error, as React reports an error a boundary caught (React 18 also names the component).
    expect(errors.mock.calls.filter((call) => !/boom|<Sibling>/.test(call.map((a) => (a instanceof Error ? a.message : String(a))).join(' ')))).toEqual([])
  })
})

describe.each([
  ['code', false],
  ['code', true],
  ['resource', false],
  ['resource', true],
] as const)('%s, StrictMode: %s', (kind, strict) => {
  test('a render thrown away (a transition to another wallet and a cap below the price, superseded) lends the purchase none of its options: a press pays with the wallet and cap on screen, once', async () => {
    const errors = vi.spyOn(console, 'error')
    const url = RESOURCES[0]!
    if (kind === 'resource') api.serveX402(url, usdcOffer(url))
    const onScreen = createTestSigner()
    const other = createTestSigner()
    // The app's wallet panel for the other wallet loads until the test lets it.
    const panel = gate()
    let loaded = false
    function Panel({ wallet }: { wallet: string }) {
      if (wallet === 'other' && !loaded) throw panel.promise.then(() => void (loaded = true))
      return <span data-testid="panel">{wallet}</span>
    }
    let pick!: (wallet: 'mine' | 'other') => void
    function App() {
      const [wallet, setWallet] = useState<'mine' | 'other'>('mine')
      pick = (next) => startTransition(() => setWallet(next))
      const what = kind === 'code' ? { code: MOCK_LINKS.demo } : { resource: url }
      return (
        <>
          <PayLinkButton
            data-testid="buy"
            {...what}
            signer={wallet === 'mine' ? onScreen : other}
            // The other wallet's cap is below any price: a purchase that signed with it would refuse.
            maxAmount={wallet === 'mine' ? cap : { [Object.keys(cap)[0]!]: '1' }}
          />
          <Suspense fallback="loading">
            <Panel wallet={wallet} />
          </Suspense>
        </>
      )
    }
    const Wrapper = wrapperFor()
    const app = <Wrapper><App /></Wrapper>
    render(strict ? <StrictMode>{app}</StrictMode> : app)
    await waitFor(() => expect(stateOf('buy')).toBe('ready'))
    const price = screen.getByTestId('buy').textContent
    // The other wallet rendered, waiting for its panel; then the user goes back to the first.
    act(() => pick('other'))
    await aWhile()
    expect(screen.getByTestId('panel')).toHaveTextContent('mine')
    fireEvent.click(screen.getByTestId('buy'), { detail: 1 })
    if (kind === 'code') await waitFor(() => expect(stateOf('buy')).toBe('settled'))
    act(() => pick('mine'))
    panel.open()
    await aWhile()
    await waitFor(() => expect(stateOf('buy')).toBe('settled'))
    expect(screen.getByTestId('panel')).toHaveTextContent('mine')
    expect([onScreen.calls, other.calls]).toEqual([1, 0])
    if (kind === 'code') expect(api.mock.ledger).toHaveLength(1)
    else expect(api.requests.filter((r) => r.paid)).toHaveLength(1)
    expect(price).toMatch(/^Pay /)
    expect(errors).not.toHaveBeenCalled()
  })
})
