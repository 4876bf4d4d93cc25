import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { FeeEstimate } from '../../src/components/FeeEstimate.js'
import type { FeeEstimateParams } from '../../src/schemas/fees.js'
import { useMockApi, wrapperFor } from './harness.js'

// What a screen reader user hears of the total: the figures are no live region (the quote's age
// there changes every tick), so a polite status region says the total when one arrives.
const api = useMockApi()
// The mock: gas 0.1215 on solana ↔ base, platform 0.3 % of the amount; quotes hold 30 s.
const params: FeeEstimateParams = { sourceChain: 'solana', destinationChain: 'base', asset: 'USDC', amount: '100' }
const root = () => screen.getByRole('group', { name: 'Fee estimate' })
const region = () => within(root()).getByRole('status')

/** Every text the region takes from now on, as a screen reader would be handed them. */
function announced() {
  const node = region()
  const texts: string[] = []
  const observer = new MutationObserver(() => texts.push(node.textContent!))
  observer.observe(node, { childList: true, characterData: true, subtree: true })
  onTestFinished(() => observer.disconnect())
  return texts
}

describe('with real timers', () => {
  test('the first total is announced politely: the region is there, empty, while the quote loads', async () => {
    render(<FeeEstimate {...params} />, { wrapper: wrapperFor() })
    expect(region()).toHaveAttribute('aria-live', 'polite')
    expect(region()).toHaveTextContent(/^$/)
    const texts = announced()
    await waitFor(() => expect(root()).toHaveAttribute('data-state', 'ready'))
    await act(() => Promise.resolve())
    expect(texts).toEqual(['Total fee 0.4215 USDC'])
  })

  test("a new amount's total is announced once; the previous total, kept while it loads, is not said again", async () => {
    const { rerender } = render(<FeeEstimate {...params} />, { wrapper: wrapperFor() })
    await waitFor(() => expect(root()).toHaveAttribute('data-state', 'ready'))
    const texts = announced()
    api.mock.inject('estimateFees', { latencyMs: 100, times: 1 })
    rerender(<FeeEstimate {...params} amount="1000" />)
    expect(root()).toHaveAttribute('data-state', 'refreshing')
    await waitFor(() => expect(root()).toHaveAttribute('data-state', 'ready'))
    await act(() => Promise.resolve())
    expect(texts).toEqual(['Total fee 3.1215 USDC'])
  })

  test('an error is left to its alert (no stale total in the region); the total after a retry is announced', async () => {
    api.mock.inject('estimateFees', { status: 500, times: 1 })
    render(<FeeEstimate {...params} />, { wrapper: wrapperFor() })
    await waitFor(() => expect(root()).toHaveAttribute('data-state', 'error'))
    expect(region()).toHaveTextContent(/^$/)
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
    await waitFor(() => expect(root()).toHaveAttribute('data-state', 'ready'))
    expect(region()).toHaveTextContent(/^Total fee 0.4215 USDC$/)
  })

  test("in the app's language: its totalFee label and amount format, in its locale", async () => {
    render(<FeeEstimate {...params} amount="1000000" locale="de-DE" labels={{ totalFee: 'Gesamtgebühr', amount: (v) => `${v.amount} ${v.currency}.` }} />, {
      wrapper: wrapperFor(),
    })
    await waitFor(() => expect(root()).toHaveAttribute('data-state', 'ready'))
    expect(region()).toHaveTextContent(/^Gesamtgebühr 3.000,1215 USDC\.$/)
  })
})

describe('with fake timers', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] })
  })
  afterEach(() => vi.useRealTimers())
  const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms))

  test('the re-quote of an expired quote that gives the same total announces nothing; one that gives another total announces it', async () => {
    let total = '0.42 USDC'
    api.server.use(http.get('*/pub/v1/fees/estimate', () => HttpResponse.json({ totalFee: total, estimatedTime: '90 seconds' })))
    render(<FeeEstimate {...params} />, { wrapper: wrapperFor() })
    await advance(0)
    expect(region()).toHaveTextContent(/^Total fee 0.42 USDC$/)
    const texts = announced()
    await advance(30_001)
    expect(api.count('GET', '/fees/estimate')).toBe(2)
    expect(texts).toEqual([])
    total = '0.5 USDC'
    await advance(30_001)
    expect(api.count('GET', '/fees/estimate')).toBe(3)
    expect(texts).toEqual(['Total fee 0.5 USDC'])
  })
})
