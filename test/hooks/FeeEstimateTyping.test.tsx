import { act, fireEvent, render, screen, within } from '@testing-library/react'
import { type ComponentProps, useState } from 'react'
import { FeeEstimate } from '../../src/components/FeeEstimate.js'
import { askedAmounts, useMockApi, wrapperFor } from './harness.js'

// An app that wires an <input> to the amount: the user types, and the estimate asks once typing pauses.
const api = useMockApi()
// The mock: gas 0.1215 on solana ↔ base, platform 0.3 % of the amount; quotes hold 30 s.
const route = { sourceChain: 'solana', destinationChain: 'base', asset: 'USDC' }
const TYPING_PAUSE_MS = 300
const root = () => screen.getByRole('group', { name: 'Fee estimate' })
const total = () => within(root()).queryAllByRole('definition')[0]?.textContent

function Checkout({ initial = '100', ...props }: { initial?: string } & Omit<ComponentProps<typeof FeeEstimate>, 'amount'>) {
  const [amount, setAmount] = useState(initial)
  return (
    <>
      <input aria-label="Amount" value={amount} onChange={(event) => setAmount(event.target.value)} />
      <FeeEstimate {...route} {...props} amount={amount} />
    </>
  )
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] })
})
afterEach(() => vi.useRealTimers())
const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms))
/** The user stops typing; the mock answers what was asked then. */
const pause = async () => {
  await advance(TYPING_PAUSE_MS)
  await advance(0)
}

/** Types `text` over the input's value (selected first), a key each 50 ms; the state and total seen after each key. */
async function type(text: string) {
  const seen: string[] = []
  for (let i = 1; i <= text.length; i++) {
    fireEvent.change(screen.getByLabelText('Amount'), { target: { value: text.slice(0, i) } })
    seen.push(`${root().getAttribute('data-state')} ${root().getAttribute('aria-busy')} ${total()}`)
    await advance(50)
  }
  return seen
}

test('typing "125.50" over the quote for 100, a key each 50 ms: one request, for 125.5, once typing pauses; meanwhile the quote for 100 stays, refreshing and busy', async () => {
  const amounts = askedAmounts(api)
  render(<Checkout />, { wrapper: wrapperFor() })
  await advance(0)
  expect(total()).toBe('0.4215 USDC')
  const seen = await type('125.50')
  expect(seen).toEqual(Array(6).fill('refreshing true 0.4215 USDC'))
  expect(amounts).toEqual(['100'])
  await pause()
  expect(amounts).toEqual(['100', '125.5'])
  expect(root()).toHaveAttribute('data-state', 'ready')
  expect(total()).toBe('0.498 USDC')
})

test('a pause, then another edit: one request after each pause', async () => {
  const amounts = askedAmounts(api)
  render(<Checkout />, { wrapper: wrapperFor() })
  await advance(0)
  await type('12')
  await pause()
  expect(amounts).toEqual(['100', '12'])
  expect(root()).toHaveAttribute('data-state', 'ready')
  expect(total()).toBe('0.1575 USDC')
  await type('125')
  await pause()
  expect(amounts).toEqual(['100', '12', '125'])
  expect(total()).toBe('0.4965 USDC')
})

test('the first quote is asked at once: typing into an empty field asks for the first digit, then waits for a pause', async () => {
  const amounts = askedAmounts(api)
  render(<Checkout initial="" />, { wrapper: wrapperFor() })
  expect(root()).toHaveAttribute('data-state', 'idle')
  const seen = await type('125')
  expect(amounts).toEqual(['1'])
  // "1" quoted, and shown as not current while "125" waits.
  expect(seen.at(-1)).toBe('refreshing true 0.1245 USDC')
  await pause()
  expect(amounts).toEqual(['1', '125'])
  expect(total()).toBe('0.4965 USDC')
})

test('clearing the amount drops the quote at once: a screen reader is no longer told the old amount\'s total as current', async () => {
  render(<Checkout />, { wrapper: wrapperFor() })
  await advance(0)
  const region = within(root()).getByRole('status')
  expect(region).toHaveTextContent('Total fee 0.4215 USDC')
  fireEvent.change(screen.getByLabelText('Amount'), { target: { value: '' } })
  expect(root()).toHaveAttribute('data-state', 'idle')
  expect(total()).toBeUndefined()
  expect(region).toHaveTextContent(/^$/)
})

test('another chain picked while an amount waits asks at once, for the amount typed', async () => {
  const amounts = askedAmounts(api)
  const { rerender } = render(<Checkout />, { wrapper: wrapperFor() })
  await advance(0)
  await type('10')
  rerender(<Checkout destinationChain="polygon" />)
  await advance(0)
  expect(amounts).toEqual(['100', '10'])
  expect(root()).toHaveAttribute('data-state', 'ready')
  expect(total()).toBe('0.0715 USDC')
})

test('typing after a failed quote shows "Getting a quote…" until the new amount is asked, not the old alert and its retry', async () => {
  api.mock.inject('estimateFees', { status: 500, times: 1 })
  render(<Checkout />, { wrapper: wrapperFor() })
  await advance(0)
  expect(root()).toHaveAttribute('data-state', 'error')
  const seen = await type('12')
  expect(seen).toEqual(Array(2).fill('loading true undefined'))
  expect(screen.queryByRole('alert')).toBeNull()
  expect(screen.queryByRole('button')).toBeNull()
  await pause()
  expect(total()).toBe('0.1575 USDC')
})

test('a parent that renders again while an amount waits (a clock ticking) does not put the request off', async () => {
  const amounts = askedAmounts(api)
  const { rerender } = render(<Checkout />, { wrapper: wrapperFor() })
  await advance(0)
  await type('12')
  for (let i = 0; i < 5; i++) {
    rerender(<Checkout />)
    await advance(50)
  }
  await advance(10)
  expect(amounts).toEqual(['100', '12'])
})

test('debounceMs={0} asks at each change', async () => {
  const amounts = askedAmounts(api)
  render(<Checkout debounceMs={0} />, { wrapper: wrapperFor() })
  await advance(0)
  await type('12')
  expect(amounts).toEqual(['100', '1', '12'])
})

test('debounceMs={Infinity} waits as long as a timer can, not at once (a timer runs a longer delay after 1 ms)', async () => {
  const amounts = askedAmounts(api)
  render(<Checkout debounceMs={Infinity} />, { wrapper: wrapperFor() })
  await advance(0)
  await type('12')
  // Less than the quote's 30 s life: the quote on screen is not asked again either.
  await advance(20_000)
  expect(amounts).toEqual(['100'])
  expect(root()).toHaveAttribute('data-state', 'refreshing')
})

test('unmounted while an amount waits: no timer is left behind, and nothing is asked', async () => {
  const { unmount } = render(<Checkout />, { wrapper: wrapperFor() })
  await advance(0)
  await type('12')
  unmount()
  expect(vi.getTimerCount()).toBe(0)
  await pause()
  expect(api.count('GET', '/fees/estimate')).toBe(1)
})

test('typing "125" into an empty field over a slow API: the first digit\'s total, landing while "125" waits, is not told as the current total', async () => {
  api.mock.inject('estimateFees', { latencyMs: 200 })
  render(<Checkout initial="" />, { wrapper: wrapperFor() })
  const region = within(root()).getByRole('status')
  const told: string[] = []
  const observer = new MutationObserver(() => told.push(region.textContent!))
  observer.observe(region, { childList: true, characterData: true, subtree: true })
  onTestFinished(() => observer.disconnect())
  for (const value of ['1', '12', '125']) {
    fireEvent.change(screen.getByLabelText('Amount'), { target: { value } })
    for (let t = 0; t < 100; t += 10) await advance(10)
  }
  for (let t = 0; t < 1_000; t += 10) await advance(10)
  expect(root()).toHaveAttribute('data-state', 'ready')
  // The mock: gas 0.1215 plus 0.3 % of 125.
  expect(told.filter(Boolean)).toEqual(['Total fee 0.4965 USDC'])
})
