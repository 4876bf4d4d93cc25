import { act, fireEvent, render, screen, within } from '@testing-library/react'
import { useSuspenseQuery } from '@tanstack/react-query'
import { type ReactNode, StrictMode, Suspense, useDeferredValue, useState } from 'react'
import { FeeEstimate } from '../../src/components/FeeEstimate.js'
import { askedAmounts, useMockApi, wrapperFor } from './harness.js'

// An app that defers the typed amount (useDeferredValue) before handing it to FeeEstimate, as React
// advises for a costly subtree; with or without a sibling that suspends for the deferred amount
// (its own reader of something priced by it), which holds the deferred value back while it loads.
const api = useMockApi()
const route = { sourceChain: 'solana', destinationChain: 'base', asset: 'USDC' }
const root = () => screen.getByRole('group', { name: 'Fee estimate' })
const total = () => within(root()).queryAllByRole('definition')[0]?.textContent
const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms))

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] })
})
afterEach(() => vi.useRealTimers())

/** Every text the live region took, in order. */
function announcements() {
  const said: string[] = []
  const region = () => root().querySelector('[data-part=announcement]')!
  const observer = new MutationObserver(() => {
    const text = region().textContent ?? ''
    if (said.at(-1) !== text) said.push(text)
  })
  observer.observe(region(), { childList: true, characterData: true, subtree: true })
  onTestFinished(() => observer.disconnect())
  said.push(region().textContent ?? '')
  return said
}

/** A sibling of the app's that suspends for the deferred amount, 200 ms each. */
function Priced({ amount }: { amount: string }) {
  const { data } = useSuspenseQuery({ queryKey: ['priced', amount], queryFn: () => new Promise<string>((resolve) => setTimeout(resolve, 200, amount)) })
  return <span data-testid="priced">{data}</span>
}

function Checkout({ suspends }: { suspends: boolean }) {
  const [amount, setAmount] = useState('100')
  const deferred = useDeferredValue(amount)
  return (
    <>
      <input aria-label="Amount" value={amount} onChange={(event) => setAmount(event.target.value)} />
      <FeeEstimate {...route} amount={deferred} />
      {suspends && (
        <Suspense fallback="…">
          <Priced amount={deferred} />
        </Suspense>
      )}
    </>
  )
}

describe.each([
  [false, false],
  [false, true],
  [true, false],
  [true, true],
] as const)('a sibling suspends: %s, StrictMode: %s', (suspends, strict) => {
  test('typing "125.50" a key each 50 ms into a deferred amount: one request after the pause, each total announced once, none of an amount typed over', async () => {
    const errors = vi.spyOn(console, 'error')
    const amounts = askedAmounts(api)
    const app = <Checkout suspends={suspends} />
    render(strict ? <StrictMode>{app}</StrictMode> : app, { wrapper: wrapperFor() })
    await advance(0)
    if (suspends) await advance(200)
    expect(total()).toBe('0.4215 USDC')
    const said = announcements()
    // (React 18.2 with TanStack Query 5.48 in StrictMode asks twice on mount: the first request's
    // signal is aborted as StrictMode unmounts, whatever the deferral. Counted from here.)
    const mounted = amounts.length
    const seen: string[] = []
    for (const text of ['1', '12', '125', '125.', '125.5', '125.50']) {
      fireEvent.change(screen.getByLabelText('Amount'), { target: { value: text } })
      await advance(50)
      seen.push(`${root().getAttribute('data-state')} ${total()}`)
    }
    // Without a sibling the deferred amount follows within the key: the quote for 100 is another
    // amount's, refreshing. (With one, the estimate is handed 100 until the sibling's read of 125.50
    // is in: the app's to mark as behind, as for any deferred subtree.)
    if (!suspends) expect(seen).toEqual(Array(6).fill('refreshing 0.4215 USDC'))
    for (let i = 0; i < 10; i++) {
      await advance(100)
    }
    await advance(0)
    expect(amounts.slice(mounted)).toEqual(['125.5'])
    expect(root()).toHaveAttribute('data-state', 'ready')
    expect(total()).toBe('0.498 USDC')
    expect(said).toEqual(['Total fee 0.4215 USDC', 'Total fee 0.498 USDC'])
    expect(errors).not.toHaveBeenCalled()
  })
})
