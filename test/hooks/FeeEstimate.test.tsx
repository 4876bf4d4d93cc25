import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { delay, http, HttpResponse } from 'msw'
import { type ComponentProps, createRef, Suspense, useLayoutEffect } from 'react'
import { renderToString } from 'react-dom/server'
import { dehydrate, hydrate, onlineManager, QueryClient } from '@tanstack/react-query'
import { estimateFeesQueryOptions } from '../../src/query/estimateFeesQueryOptions.js'
import { FeeEstimate, feeEstimateState } from '../../src/components/FeeEstimate.js'
import type { FeeEstimateParams } from '../../src/schemas/fees.js'
import { QUICK_QUOTE_TTL_MS } from '../../src/mock/scenarios.js'
import { inTimeZone } from '../timeZone.js'
import { ErrorBoundary, serverRendered, testClient, testQueryClient, throwingQueryClient, useMockApi, wrapperFor } from './harness.js'

const api = useMockApi()
// The mock: gas 0.1215 on solana ↔ base, platform 0.3 % of the amount, 90 s; quotes hold 30 s.
const params: FeeEstimateParams = { sourceChain: 'solana', destinationChain: 'base', asset: 'USDC', amount: '100' }
const quotes = () => api.count('GET', '/fees/estimate')
// FeeEstimate's debounceMs by default: how long an amount typed over a quote waits before it is asked for.
const TYPING_PAUSE_MS = 300
const root = () => screen.getByRole('group', { name: 'Fee estimate' })

/** The figures as [term, value] pairs, in order. */
function figures() {
  return within(root())
    .queryAllByRole('term')
    .map((dt) => [dt.textContent, dt.nextElementSibling?.textContent])
}

async function renderReady(props: ComponentProps<typeof FeeEstimate> = params, name = 'Fee estimate') {
  const view = render(<FeeEstimate {...props} />, { wrapper: wrapperFor() })
  await waitFor(() => expect(screen.getByRole('group', { name })).toHaveAttribute('data-state', 'ready'))
  return view
}

describe('with real timers', () => {
  test('idle until every parameter is set, without a request', async () => {
    const { rerender } = render(<FeeEstimate {...params} amount="" />, { wrapper: wrapperFor() })
    expect(root()).toHaveAttribute('data-state', 'idle')
    expect(root()).toHaveTextContent('Fees appear once the transfer details are complete.')
    expect(root()).not.toHaveAttribute('aria-busy')
    await act(() => new Promise((r) => setTimeout(r, 20)))
    expect(quotes()).toBe(0)
    rerender(<FeeEstimate {...params} />)
    await waitFor(() => expect(root()).toHaveAttribute('data-state', 'ready'))
    expect(quotes()).toBe(1)
  })

  test('loading is busy; ready shows the total, the breakdown and the time in words', async () => {
    render(<FeeEstimate {...params} />, { wrapper: wrapperFor() })
    expect(root()).toHaveAttribute('data-state', 'loading')
    expect(root()).toHaveAttribute('aria-busy', 'true')
    expect(root()).toHaveTextContent('Getting a quote…')
    await waitFor(() => expect(root()).toHaveAttribute('data-state', 'ready'))
    expect(root()).not.toHaveAttribute('aria-busy')
    expect(figures()).toEqual([
      ['Total fee', '0.4215 USDC'],
      ['Network fee', '0.1215 USDC'],
      ['Platform fee', '0.3 USDC'],
      ['Estimated time', 'about 2 minutes'],
    ])
    // A stylesheet's hooks: each figure's part is its label's key in kebab case.
    expect([...root().querySelectorAll('[data-part="figures"] > div')].map((row) => row.getAttribute('data-part'))).toEqual(['total-fee', 'gas-fee', 'platform-fee', 'estimated-time'])
    // Focusable from script only (where focus goes when the retry button leaves): never a Tab stop of its own.
    expect(root()).toHaveAttribute('tabindex', '-1')
    expect(root()).toHaveTextContent('quoted now')
  })

  test("an app QueryClient whose queries throw (throwOnError): a failed quote is the estimate's own error, with its retry, not the app's error page", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    api.mock.inject('estimateFees', { status: 500, times: 1 })
    render(
      <ErrorBoundary>
        <FeeEstimate {...params} />
      </ErrorBoundary>,
      { wrapper: wrapperFor(undefined, throwingQueryClient()) },
    )
    await waitFor(() => expect(root()).toHaveAttribute('data-state', 'error'))
    expect(screen.queryByText('Something went wrong')).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
    await waitFor(() => expect(root()).toHaveAttribute('data-state', 'ready'))
  })

  test('the total is exact: digits a float would lose are kept', async () => {
    await renderReady({ ...params, amount: '1000000000000000' })
    expect(figures()[0]).toEqual(['Total fee', '3,000,000,000,000.1215 USDC'])
  })

  test('de-DE: amounts, durations and the age in German, with German labels', async () => {
    await renderReady({
      ...params,
      amount: '1000000',
      locale: 'de-DE',
      labels: {
        title: 'Gebührenschätzung',
        totalFee: 'Gesamtgebühr',
        estimatedTime: 'Dauer',
        duration: ({ duration }) => `etwa ${duration}`,
        quoted: ({ relative }) => `Angebot von ${relative}`,
      },
    }, 'Gebührenschätzung')
    const group = screen.getByRole('group', { name: 'Gebührenschätzung' })
    expect(group).toHaveAttribute('data-state', 'ready')
    const terms = within(group).getAllByRole('term')
    expect(terms[0]).toHaveTextContent('Gesamtgebühr')
    expect(terms[0]!.nextElementSibling).toHaveTextContent('3.000,1215 USDC')
    expect(group).toHaveTextContent('Dauer')
    expect(group).toHaveTextContent('etwa 2 Minuten')
    expect(group).toHaveTextContent('Angebot von jetzt')
  })

  test('without gas and platform fees only the total and the time are shown', async () => {
    api.server.use(http.get('*/pub/v1/fees/estimate', () => HttpResponse.json({ totalFee: '2 USD', estimatedTime: '240 seconds' })))
    await renderReady()
    expect(figures()).toEqual([
      ['Total fee', '2 USD'],
      ['Estimated time', 'about 4 minutes'],
    ])
    expect(root().querySelector('[data-part="age"]')).toBeNull()
  })

  test.each([
    ['0 seconds', 'under a second', 'etwa 1 Sekunde'],
    ['0.4 seconds', 'under a second', 'etwa 1 Sekunde'],
    ['0.6 seconds', 'under a second', 'etwa 1 Sekunde'],
    ['1 second', 'about 1 second', 'etwa 1 Sekunde'],
  ])('an estimated time of %s reads "%s", never "about 0 seconds" (German labels: "%s")', async (estimatedTime, english, german) => {
    api.server.use(http.get('*/pub/v1/fees/estimate', () => HttpResponse.json({ totalFee: '0.01 USDC', estimatedTime })))
    const view = await renderReady()
    expect(figures()).toEqual([
      ['Total fee', '0.01 USDC'],
      ['Estimated time', english],
    ])
    view.unmount()
    // An app that translated `duration` alone gets its own words, with a duration of at least a second.
    await renderReady({ ...params, locale: 'de-DE', labels: { duration: ({ duration }) => `etwa ${duration}` } })
    expect(figures()[1]).toEqual(['Estimated time', german])
  })

  test.each([
    ['90 seconds', 'около 2 минут'],
    ['60 seconds', 'около 1 минуты'],
  ])('an estimated time of %s comes to labels as a count and a unit too: "%s" in Russian, whose "about" takes the genitive', async (estimatedTime, russian) => {
    api.server.use(http.get('*/pub/v1/fees/estimate', () => HttpResponse.json({ totalFee: '0.01 USDC', estimatedTime })))
    const duration = ({ count, unit }: { count: number; unit: string }) =>
      unit === 'minute' ? `около ${count} ${new Intl.PluralRules('ru').select(count) === 'one' ? 'минуты' : 'минут'}` : unit
    await renderReady({ ...params, locale: 'ru-RU', labels: { estimatedTime: 'Время', duration } })
    expect(figures()[1]).toEqual(['Время', russian])
  })

  test('new parameters keep the previous figures on screen, busy, until the new quote', async () => {
    const { rerender } = await renderReady()
    api.mock.inject('estimateFees', { latencyMs: 100, times: 1 })
    rerender(<FeeEstimate {...params} amount="1000" />)
    expect(root()).toHaveAttribute('data-state', 'refreshing')
    expect(root()).toHaveAttribute('aria-busy', 'true')
    expect(figures()[0]).toEqual(['Total fee', '0.4215 USDC'])
    await waitFor(() => expect(root()).toHaveAttribute('data-state', 'ready'))
    expect(figures()[0]).toEqual(['Total fee', '3.1215 USDC'])
  })

  test('an error shows an alert and a retry button that asks again', async () => {
    api.mock.inject('estimateFees', { status: 500, times: 1 })
    render(<FeeEstimate {...params} />, { wrapper: wrapperFor() })
    await waitFor(() => expect(root()).toHaveAttribute('data-state', 'error'))
    expect(screen.getByRole('alert')).toHaveTextContent('Could not get a fee quote.')
    expect(root()).not.toHaveAttribute('aria-busy')
    expect(figures()).toEqual([])
    api.mock.inject('estimateFees', { latencyMs: 100, times: 1 })
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
    await waitFor(() => expect(root()).toHaveAttribute('data-state', 'loading'))
    expect(root()).toHaveAttribute('aria-busy', 'true')
    await waitFor(() => expect(root()).toHaveAttribute('data-state', 'ready'))
    expect(quotes()).toBe(2)
    expect(screen.queryByRole('button')).toBeNull()
  })

  test('"Try again" pressed from the keyboard keeps focus in the estimate, not on <body>, while it loads and once ready', async () => {
    api.mock.inject('estimateFees', { status: 500, times: 1 })
    render(<FeeEstimate {...params} />, { wrapper: wrapperFor() })
    await waitFor(() => expect(root()).toHaveAttribute('data-state', 'error'))
    const retry = screen.getByRole('button', { name: 'Try again' })
    retry.focus()
    api.mock.inject('estimateFees', { latencyMs: 100, times: 1 })
    fireEvent.click(retry)
    await waitFor(() => expect(root()).toHaveAttribute('data-state', 'loading'))
    expect(retry).not.toBeInTheDocument()
    expect(root()).toContainElement(document.activeElement as HTMLElement)
    await waitFor(() => expect(root()).toHaveAttribute('data-state', 'ready'))
    expect(root()).toContainElement(document.activeElement as HTMLElement)
  })

  test.each([
    ['the user comes back to the tab', () => window.dispatchEvent(new Event('visibilitychange'))],
    ['the network comes back', () => (window.dispatchEvent(new Event('offline')), window.dispatchEvent(new Event('online')))],
  ])('a focused "Try again" that leaves because %s (a re-quote it did not ask for) hands focus to the estimate, not to <body>', async (_, comeBack) => {
    api.mock.inject('estimateFees', { status: 500, times: 1 })
    render(<FeeEstimate {...params} />, { wrapper: wrapperFor() })
    await waitFor(() => expect(root()).toHaveAttribute('data-state', 'error'))
    // A keyboard user on the button, who leaves the tab (or the network drops) and comes back.
    const retry = screen.getByRole('button', { name: 'Try again' })
    retry.focus()
    api.mock.inject('estimateFees', { latencyMs: 100, times: 1 })
    act(comeBack)
    await waitFor(() => expect(root()).toHaveAttribute('data-state', 'loading'))
    expect(retry).not.toBeInTheDocument()
    expect(root()).toContainElement(document.activeElement as HTMLElement)
    await waitFor(() => expect(root()).toHaveAttribute('data-state', 'ready'))
    expect(quotes()).toBe(2)
    expect(root()).toContainElement(document.activeElement as HTMLElement)
  })

  test.each(['1e3', 'abc', '1,5', '-5'])('a bad amount (%j) is an error without a request that says how to write one, and without a retry that could never work', async (amount) => {
    render(<FeeEstimate {...params} amount={amount} />, { wrapper: wrapperFor() })
    await waitFor(() => expect(root()).toHaveAttribute('data-state', 'error'))
    expect(screen.getByRole('alert')).toHaveTextContent('Check the amount: use digits and a dot, like 1.50.')
    expect(screen.queryByRole('button')).toBeNull()
    expect(quotes()).toBe(0)
  })

  test('another refused parameter (a number from a JavaScript caller) asks to check the details', async () => {
    render(<FeeEstimate {...params} sourceChain={1 as never} />, { wrapper: wrapperFor() })
    await waitFor(() => expect(root()).toHaveAttribute('data-state', 'error'))
    expect(screen.getByRole('alert')).toHaveTextContent('Check the transfer details.')
    expect(quotes()).toBe(0)
  })

  test.each([
    ['with only "error" translated, a bad amount reads it, no English', { error: 'Aucun devis.' }, 'Aucun devis.'],
    ['"invalid" gets the refused field', { error: 'Aucun devis.', invalid: ({ field }: { field: string }) => `Vérifiez ${field}.` }, 'Vérifiez amount.'],
  ])('%s', async (_, labels, text) => {
    render(<FeeEstimate {...params} amount="1,5" labels={labels} />, { wrapper: wrapperFor() })
    await waitFor(() => expect(root()).toHaveAttribute('data-state', 'error'))
    expect(screen.getByRole('alert')).toHaveTextContent(new RegExp(`^${text}$`))
  })

  test('typing "1.5" keeps the quote for "1" through "1.", without an error or a request for "1."', async () => {
    const amounts: (string | null)[] = []
    const record = ({ request }: { request: Request }) => void amounts.push(new URL(request.url).searchParams.get('amount'))
    api.server.events.on('request:start', record)
    onTestFinished(() => api.server.events.removeListener('request:start', record))
    const { rerender } = await renderReady({ ...params, amount: '1' })
    const states: (string | null)[] = []
    for (const amount of ['1.', '1.5']) {
      rerender(<FeeEstimate {...params} amount={amount} />)
      states.push(root().getAttribute('data-state'))
      if (amount === '1.') expect(figures()[0]).toEqual(['Total fee', '0.1245 USDC'])
      await act(() => new Promise((r) => setTimeout(r, 20)))
      states.push(root().getAttribute('data-state'))
    }
    await waitFor(() => expect(root()).toHaveAttribute('data-state', 'ready'))
    expect(states).not.toContain('error')
    expect(screen.queryByRole('alert')).toBeNull()
    expect(amounts).toEqual(['1', '1.5'])
  })

  test('typing "10.05" or "10.00": the zeros after the dot ask nothing new, the quote for "10" stays ready', async () => {
    const amounts: (string | null)[] = []
    const record = ({ request }: { request: Request }) => void amounts.push(new URL(request.url).searchParams.get('amount'))
    api.server.events.on('request:start', record)
    onTestFinished(() => api.server.events.removeListener('request:start', record))
    const { rerender } = await renderReady({ ...params, amount: '10' })
    const states: (string | null)[] = []
    for (const amount of ['10.', '10.0', '10.00', '10.0', '10.05']) {
      rerender(<FeeEstimate {...params} amount={amount} />)
      states.push(root().getAttribute('data-state'))
      await act(() => new Promise((r) => setTimeout(r, 20)))
    }
    await waitFor(() => expect(root()).toHaveAttribute('data-state', 'ready'))
    // Only "10.05" is another amount: refreshing once, for it.
    expect(states).toEqual(['ready', 'ready', 'ready', 'ready', 'refreshing'])
    expect(amounts).toEqual(['10', '10.05'])
  })

  test('typing ".5": a lone "." is incomplete, unsent, with no error; ".5" is quoted as "0.5" without an error', async () => {
    const amounts: (string | null)[] = []
    const record = ({ request }: { request: Request }) => void amounts.push(new URL(request.url).searchParams.get('amount'))
    api.server.events.on('request:start', record)
    onTestFinished(() => api.server.events.removeListener('request:start', record))
    const { rerender } = render(<FeeEstimate {...params} amount="." />, { wrapper: wrapperFor() })
    await act(() => new Promise((r) => setTimeout(r, 20)))
    const states = [root().getAttribute('data-state')]
    expect(states).toEqual(['idle'])
    rerender(<FeeEstimate {...params} amount=".5" />)
    states.push(root().getAttribute('data-state'))
    await act(() => new Promise((r) => setTimeout(r, 20)))
    states.push(root().getAttribute('data-state'))
    await waitFor(() => expect(root()).toHaveAttribute('data-state', 'ready'))
    expect(states).not.toContain('error')
    expect(screen.queryByRole('alert')).toBeNull()
    expect(figures()[0]).toEqual(['Total fee', '0.123 USDC'])
    expect(amounts).toEqual(['0.5'])
  })

  test('onRetry runs first and can cancel the retry', async () => {
    api.mock.inject('estimateFees', { status: 500 })
    const onRetry = vi.fn((event: { preventDefault(): void }) => event.preventDefault())
    render(<FeeEstimate {...params} onRetry={onRetry} />, { wrapper: wrapperFor() })
    await waitFor(() => expect(root()).toHaveAttribute('data-state', 'error'))
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
    await act(() => new Promise((r) => setTimeout(r, 20)))
    // Had ours run first, the quote would have been asked for before the veto.
    expect(onRetry).toHaveBeenCalledTimes(1)
    expect(quotes()).toBe(1)
    expect(root()).toHaveAttribute('data-state', 'error')
  })

  test('className, ref and rest props reach the root; ARIA can be overridden', async () => {
    const ref = createRef<HTMLDivElement>()
    await renderReady({ ...params, ref, className: 'mine', id: 'fees', 'aria-label': 'Bridge fees' }, 'Bridge fees')
    const group = screen.getByRole('group', { name: 'Bridge fees' })
    expect(ref.current).toBe(group)
    expect(group).toHaveClass('paylink-root', 'paylink-fee-estimate', 'mine')
    expect(group).toHaveAttribute('id', 'fees')
  })

  test('unstyled drops our classes and keeps the structure and data attributes', async () => {
    await renderReady({ ...params, unstyled: true })
    expect(root().className).toBe('')
    expect(root()).toHaveAttribute('data-state', 'ready')
    expect(root().querySelector('dl')).not.toBeNull()
  })

  test('outside a PayLinkProvider, the error names FeeEstimate, not a hook the app never called', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    expect(() => render(<FeeEstimate {...params} />)).toThrow(/^FeeEstimate must be used inside <PayLinkProvider>/)
  })

  test('renders on a server without touching the browser', () => {
    const Wrapper = wrapperFor()
    const html = renderToString(
      <Wrapper>
        <FeeEstimate {...params} />
      </Wrapper>,
    )
    expect(html).toContain('data-state="loading"')
    expect(html).toContain('aria-busy="true"')
    expect(html).toContain('Getting a quote…')
    expect(api.requests).toHaveLength(0)
  })
})

describe('with fake timers', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] })
  })
  afterEach(() => vi.useRealTimers())
  const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms))

  test("the quote's age moves on a coarse tick, and a new quote is asked for when it expires", async () => {
    render(<FeeEstimate {...params} />, { wrapper: wrapperFor() })
    await advance(0)
    expect(root()).toHaveTextContent('quoted now')
    await advance(20_000)
    expect(root()).toHaveTextContent('quoted 15 seconds ago')
    expect(quotes()).toBe(1)
    await advance(10_001)
    expect(quotes()).toBe(2)
    expect(root()).toHaveTextContent('quoted now')
  })

  test('a parent that renders again in the last 5 s of a quote does not put its re-quote off: asked when it expires, not up to 5 s later', async () => {
    const { rerender } = render(<FeeEstimate {...params} />, { wrapper: wrapperFor() })
    await advance(0)
    await advance(27_000)
    rerender(<FeeEstimate {...params} />)
    await advance(3_001)
    expect(quotes()).toBe(2)
    expect(root()).toHaveTextContent('quoted now')
  })

  test("a quotedAt without a zone (UTC, as Python writes it) is the quote's age on a device 9 hours ahead: now, not 9 hours ago", () =>
    inTimeZone('Asia/Tokyo', async () => {
      const quotedAt = new Date().toISOString().slice(0, -1)
      api.server.use(http.get('*/pub/v1/fees/estimate', () => HttpResponse.json({ totalFee: '0.42 USDC', estimatedTime: '90 seconds', quotedAt })))
      render(<FeeEstimate {...params} />, { wrapper: wrapperFor() })
      await advance(10)
      expect(root()).toHaveTextContent('quoted now')
    }))

  /** Serves quotes of a 60 s life dated `offsetMs` from the device's clock: a server clock that far ahead (or behind). */
  function serveQuotesDated(offsetMs: number) {
    api.server.use(
      http.get('*/pub/v1/fees/estimate', () => {
        const quotedAt = Date.now() + offsetMs
        return HttpResponse.json({
          totalFee: '0.42 USDC',
          estimatedTime: '90 seconds',
          quotedAt: new Date(quotedAt).toISOString(),
          expiresAt: new Date(quotedAt + 60_000).toISOString(),
        })
      }),
    )
  }

  test("a server clock 2 minutes ahead of the device's: the quote ages from its arrival, not \"quoted now\" for 2 minutes", async () => {
    serveQuotesDated(120_000)
    render(<FeeEstimate {...params} />, { wrapper: wrapperFor() })
    await advance(10)
    expect(root()).toHaveTextContent('quoted now')
    await advance(45_000)
    expect(root()).toHaveTextContent('quoted 45 seconds ago')
    expect(quotes()).toBe(1)
  })

  test("a device clock 2 hours ahead of the server's: a fresh quote is current for its life from its arrival, not re-asked every 5 s as \"quoted 2 hours ago\"", async () => {
    serveQuotesDated(-2 * 3_600_000)
    render(<FeeEstimate {...params} />, { wrapper: wrapperFor() })
    await advance(10)
    expect(root()).toHaveAttribute('data-state', 'ready')
    expect(root()).toHaveTextContent('quoted now')
    await advance(45_000)
    expect(root()).toHaveAttribute('data-state', 'ready')
    expect(root()).toHaveTextContent('quoted 45 seconds ago')
    expect(quotes()).toBe(1)
    await advance(15_000)
    expect(quotes()).toBe(2)
  })

  test.each([
    ['a server clock 2 minutes ahead', 120_000],
    ["a device clock 2 hours ahead of the server's", -2 * 3_600_000],
  ])('%s: the quote kept on screen for another amount, waiting for its quote, keeps its age from its arrival', async (_, offsetMs) => {
    serveQuotesDated(offsetMs)
    const { rerender } = render(<FeeEstimate {...params} />, { wrapper: wrapperFor() })
    await advance(10)
    await advance(20_000)
    expect(root()).toHaveTextContent('quoted 15 seconds ago')
    // Offline, the quote of 100 stands in for that of 200 for as long as the network is gone.
    act(() => onlineManager.setOnline(false))
    try {
      rerender(<FeeEstimate {...params} amount="200" />)
      await advance(10)
      expect(root()).toHaveAttribute('data-state', 'refreshing')
      expect(root()).toHaveTextContent('quoted 15 seconds ago')
      await advance(15_000)
      expect(root()).toHaveTextContent('quoted 30 seconds ago')
    } finally {
      act(() => onlineManager.setOnline(true))
    }
  })

  test('a quote prefetched on the server and hydrated on a device whose clock is a minute ahead: markup that matches, then busy while it is re-quoted', async () => {
    // The server prefetches and renders the quote; the device's clock reads it a minute old, stale.
    const server = new QueryClient()
    await server.fetchQuery(estimateFeesQueryOptions(testClient(), params))
    const state = dehydrate(server)
    const { container, hydrate } = serverRendered(state, <FeeEstimate {...params} />)
    expect(container.firstElementChild).toHaveAttribute('data-state', 'ready')
    vi.setSystemTime(Date.now() + 60_000)
    // No attribute the client renders differently, which React would leave as the server wrote it.
    await hydrate()
    // The stale quote is asked for again, and the estimate says so.
    const estimate = within(container).getByRole('group', { name: 'Fee estimate' })
    expect(estimate).toHaveAttribute('data-state', 'refreshing')
    expect(estimate).toHaveAttribute('aria-busy', 'true')
    await advance(0)
    expect(estimate).toHaveAttribute('data-state', 'ready')
    expect(estimate).not.toHaveAttribute('aria-busy')
  })

  test("a server clock 20 s behind the device's (a quote still current): the quote ages from its quotedAt, \"quoted 20 seconds ago\", not \"quoted now\"", async () => {
    serveQuotesDated(-20_000)
    render(<FeeEstimate {...params} />, { wrapper: wrapperFor() })
    await advance(10)
    expect(root()).toHaveAttribute('data-state', 'ready')
    expect(root()).toHaveTextContent('quoted 20 seconds ago')
  })

  test('a retryIn label of the app gets the wait in words, for its own sentence', async () => {
    api.mock.inject('estimateFees', { status: 429, retryAfter: 60, times: 1 })
    render(<FeeEstimate {...params} labels={{ retryIn: ({ relative }) => `Ask again ${relative}` }} />, { wrapper: wrapperFor() })
    await advance(10)
    expect(screen.getByRole('button')).toHaveAccessibleName('Ask again in 1 minute')
    expect(screen.getByRole('button')).toHaveAttribute('aria-disabled', 'true')
  })

  test('a 429 with Retry-After prefetched on the server (an app that dehydrates errors) hydrates as the server rendered it, then counts down: not "in 1 minute" there and "in 59 seconds" here, which React answers by throwing the page away', async () => {
    api.mock.inject('estimateFees', { status: 429, retryAfter: 60, times: 1 })
    const server = new QueryClient()
    await server.prefetchQuery(estimateFeesQueryOptions(testClient(), params))
    const state = JSON.parse(JSON.stringify(dehydrate(server, { shouldDehydrateQuery: () => true })))
    const { container, hydrate } = serverRendered(state, <FeeEstimate {...params} />)
    // The page reaches the device a second later.
    vi.setSystemTime(Date.now() + 1_000)
    await hydrate()
    const button = within(container).getByRole('button')
    expect(button).toHaveAccessibleName('Try again in 59 seconds')
    expect(button).toHaveAttribute('aria-disabled', 'true')
    await advance(59_000)
    expect(button).toHaveAccessibleName('Try again')
    expect(quotes()).toBe(1)
  })

  test('a 429 with a short Retry-After that has ended by the time the page hydrates: the failure the server rendered, not "loading" (a mismatch that throws the page away), then a new quote', async () => {
    api.mock.inject('estimateFees', { status: 429, retryAfter: 1, times: 1 })
    const server = new QueryClient()
    await server.prefetchQuery(estimateFeesQueryOptions(testClient(), params))
    const state = JSON.parse(JSON.stringify(dehydrate(server, { shouldDehydrateQuery: () => true })))
    const { container, hydrate } = serverRendered(state, <FeeEstimate {...params} />)
    expect(container.firstElementChild).toHaveAttribute('data-state', 'error')
    // The page reaches the device 2 s later: the wait is over here.
    vi.setSystemTime(Date.now() + 2_000)
    await hydrate()
    // Asked again once hydrated, as before.
    await advance(0)
    expect(within(container).getByRole('group', { name: 'Fee estimate' })).toHaveAttribute('data-state', 'ready')
    expect(quotes()).toBe(2)
  })

  test('a device clock set back an hour during a 60 s Retry-After (an NTP correction, a time zone put right): the retry button waits the minute from then, not "in 1 hour"', async () => {
    api.mock.inject('estimateFees', { status: 429, retryAfter: 60, times: 1 })
    render(<FeeEstimate {...params} />, { wrapper: wrapperFor() })
    await advance(10)
    expect(screen.getByRole('button')).toHaveAccessibleName('Try again in 1 minute')
    vi.setSystemTime(Date.now() - 3_600_000)
    // The countdown's next tick (15 s) renders on the clock as it reads now, and counts the wait from then.
    await advance(15_000)
    expect(screen.getByRole('button')).toHaveAccessibleName('Try again in 1 minute')
    await advance(60_000)
    expect(screen.getByRole('button')).toHaveAccessibleName('Try again')
    expect(screen.getByRole('button')).not.toHaveAttribute('aria-disabled')
    fireEvent.click(screen.getByRole('button'))
    await advance(10)
    expect(root()).toHaveAttribute('data-state', 'ready')
    expect(quotes()).toBe(2)
  })

  test('a 429 with Retry-After prefetched on a server whose clock is 2 minutes ahead: hydrates as the server rendered it, and the wait is the minute from then, not 3 minutes', async () => {
    api.mock.inject('estimateFees', { status: 429, retryAfter: 60, times: 1 })
    const server = new QueryClient()
    await server.prefetchQuery(estimateFeesQueryOptions(testClient(), params))
    const state = JSON.parse(JSON.stringify(dehydrate(server, { shouldDehydrateQuery: () => true })))
    const { container, hydrate } = serverRendered(state, <FeeEstimate {...params} />)
    expect(within(container).getByRole('button')).toHaveAccessibleName('Try again in 1 minute')
    vi.setSystemTime(Date.now() - 120_000)
    await hydrate()
    const button = within(container).getByRole('button')
    expect(button).toHaveAttribute('aria-disabled', 'true')
    await advance(60_000)
    expect(button).toHaveAccessibleName('Try again')
    expect(quotes()).toBe(1)
  })

  test('the same, hydrated beside a sibling that suspends 2 s (its hydration tried again later): still as the server rendered it', async () => {
    api.mock.inject('estimateFees', { status: 429, retryAfter: 60, times: 1 })
    const server = new QueryClient()
    await server.prefetchQuery(estimateFeesQueryOptions(testClient(), params))
    const state = JSON.parse(JSON.stringify(dehydrate(server, { shouldDehydrateQuery: () => true })))
    // Rendered on the server at once; in the browser its code or data comes 2 s later.
    let late: Promise<void> | undefined
    function Sibling() {
      if (late) throw late
      return <p>Details</p>
    }
    const { container, hydrate } = serverRendered(
      state,
      <Suspense fallback="…">
        <Sibling />
        <FeeEstimate {...params} />
      </Suspense>,
    )
    expect(within(container).getByRole('button')).toHaveAccessibleName('Try again in 1 minute')
    vi.setSystemTime(Date.now() - 120_000)
    late = new Promise<void>((resolve) => setTimeout(resolve, 2_000)).then(() => void (late = undefined))
    // No mismatch (hydrate's own check), and the button still waits out the minute.
    await hydrate(() => advance(2_000))
    expect(within(container).getByRole('button')).toHaveAttribute('aria-disabled', 'true')
  })

  test('a FeeEstimate mounted again 30 s into a 60 s Retry-After shows the 30 s left from its first frame, not the whole minute (that count is for hydration only)', async () => {
    api.mock.inject('estimateFees', { status: 429, retryAfter: 60, times: 1 })
    const queryClient = testQueryClient()
    await queryClient.prefetchQuery(estimateFeesQueryOptions(testClient(), params))
    vi.setSystemTime(Date.now() + 30_000)
    // What the first commit put on screen, before any effect could correct it.
    const firstFrame: (string | null)[] = []
    function Probe() {
      useLayoutEffect(() => void firstFrame.push(document.querySelector('[data-part="retry"]')?.textContent ?? null), [])
      return null
    }
    render(
      <>
        <FeeEstimate {...params} />
        <Probe />
      </>,
      { wrapper: wrapperFor(undefined, queryClient) },
    )
    expect(firstFrame).toEqual(['Try again in 30 seconds'])
    expect(screen.getByRole('button')).toHaveAccessibleName('Try again in 30 seconds')
    expect(quotes()).toBe(1)
  })

  test('a quote prefetched on a server whose clock is 2 minutes ahead of the device\'s: current for its life from its arrival on the device, not 2 minutes more', async () => {
    const server = new QueryClient()
    await server.fetchQuery(estimateFeesQueryOptions(testClient(), params))
    vi.setSystemTime(Date.now() - 120_000)
    const queryClient = testQueryClient()
    hydrate(queryClient, dehydrate(server))
    render(<FeeEstimate {...params} />, { wrapper: wrapperFor(undefined, queryClient) })
    await advance(10)
    expect(root()).toHaveAttribute('data-state', 'ready')
    expect(quotes()).toBe(1)
    // The quote holds 30 s: then it is asked for again, not 2 minutes later.
    await advance(30_000)
    await advance(10)
    expect(quotes()).toBe(2)
    expect(root()).toHaveAttribute('data-state', 'ready')
    expect(root()).toHaveTextContent('quoted now')
  })

  test('a quote prefetched on a server whose clock is 2 minutes ahead: a remount 20 s in does not give it another 30 s', async () => {
    const server = new QueryClient()
    await server.fetchQuery(estimateFeesQueryOptions(testClient(), params))
    vi.setSystemTime(Date.now() - 120_000)
    const queryClient = testQueryClient()
    hydrate(queryClient, dehydrate(server))
    const first = render(<FeeEstimate {...params} />, { wrapper: wrapperFor(undefined, queryClient) })
    await advance(20_000)
    first.unmount()
    render(<FeeEstimate {...params} />, { wrapper: wrapperFor(undefined, queryClient) })
    await advance(10)
    expect(quotes()).toBe(1)
    // 30 s after the quote came to the device, as without the remount: not 30 s after the remount.
    await advance(10_000)
    await advance(10)
    expect(quotes()).toBe(2)
  })

  test("offline (as the browser says): another amount's quote, or an expired one, waits for the network busy, not as a current quote", async () => {
    const { rerender } = render(<FeeEstimate {...params} />, { wrapper: wrapperFor() })
    await advance(0)
    act(() => onlineManager.setOnline(false))
    try {
      // The quote of 100 stands in for that of 200, which waits for the network.
      rerender(<FeeEstimate {...params} amount="200" />)
      await advance(10)
      expect(figures()[0]).toEqual(['Total fee', '0.4215 USDC'])
      expect(root()).toHaveAttribute('data-state', 'refreshing')
      expect(root()).toHaveAttribute('aria-busy', 'true')
      // Back to 100, whose quote then expires: its re-quote waits for the network too.
      rerender(<FeeEstimate {...params} />)
      await advance(31_000)
      expect(root()).toHaveAttribute('data-state', 'refreshing')
      expect(root()).toHaveAttribute('aria-busy', 'true')
      expect(quotes()).toBe(1)
    } finally {
      act(() => onlineManager.setOnline(true))
    }
    await advance(10)
    expect(root()).toHaveAttribute('data-state', 'ready')
    expect(root()).toHaveTextContent('quoted now')
  })

  test('a quote without expiresAt (optional in the API) is re-quoted 30 s after it arrived, not shown as current for ever', async () => {
    let n = 0
    api.server.use(http.get('*/pub/v1/fees/estimate', () => HttpResponse.json({ totalFee: `${++n} USDC`, estimatedTime: '90 seconds' })))
    render(<FeeEstimate {...params} />, { wrapper: wrapperFor() })
    await advance(10)
    expect(figures()[0]).toEqual(['Total fee', '1 USDC'])
    await advance(29_000)
    expect(quotes()).toBe(1)
    await advance(1_000)
    expect(quotes()).toBe(2)
    expect(root()).toHaveAttribute('data-state', 'ready')
    expect(figures()[0]).toEqual(['Total fee', '2 USDC'])
    // Half an hour on, the figures on screen are those of a quote under 30 s old.
    await advance(30 * 60_000)
    expect(quotes()).toBeGreaterThan(60)
    expect(figures()[0]).toEqual(['Total fee', `${quotes()} USDC`])
  })

  test('fees-expire-quickly: re-quoted on expiry, the old figures shown and busy meanwhile', async () => {
    api.mock.useScenario('fees-expire-quickly')
    render(<FeeEstimate {...params} />, { wrapper: wrapperFor() })
    await advance(0)
    expect(root()).toHaveAttribute('data-state', 'ready')
    api.mock.inject('estimateFees', { latencyMs: 1_000, times: 1 })
    await advance(QUICK_QUOTE_TTL_MS - 100)
    expect(quotes()).toBe(1)
    await advance(200)
    expect(quotes()).toBe(2)
    expect(root()).toHaveAttribute('data-state', 'refreshing')
    expect(root()).toHaveAttribute('aria-busy', 'true')
    expect(figures()[0]).toEqual(['Total fee', '0.4215 USDC'])
    await advance(1_000)
    expect(root()).toHaveAttribute('data-state', 'ready')
    expect(root()).not.toHaveAttribute('aria-busy')
    await advance(QUICK_QUOTE_TTL_MS)
    expect(quotes()).toBe(3)
  })

  test('"Try again" after a failed re-quote shows "Getting a quote…", not the expired quote as if refreshing', async () => {
    render(<FeeEstimate {...params} />, { wrapper: wrapperFor() })
    await advance(0)
    api.mock.inject('estimateFees', { status: 500, times: 1 })
    await advance(30_001)
    expect(root()).toHaveAttribute('data-state', 'error')
    api.mock.inject('estimateFees', { latencyMs: 1_000, times: 1 })
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
    await advance(10)
    expect(root()).toHaveAttribute('data-state', 'loading')
    expect(root()).toHaveTextContent('Getting a quote…')
    expect(figures()).toEqual([])
    await advance(1_000)
    expect(root()).toHaveAttribute('data-state', 'ready')
    expect(root()).toHaveTextContent('quoted now')
  })

  test('new parameters after a failed re-quote show "Getting a quote…", not the expired quote of the old ones as if refreshing', async () => {
    const { rerender } = render(<FeeEstimate {...params} />, { wrapper: wrapperFor() })
    await advance(0)
    api.mock.inject('estimateFees', { status: 500, times: 1 })
    await advance(30_001)
    expect(root()).toHaveAttribute('data-state', 'error')
    api.mock.inject('estimateFees', { latencyMs: 1_000, times: 1 })
    rerender(<FeeEstimate {...params} amount="200" />)
    await advance(10)
    expect(root()).toHaveAttribute('data-state', 'loading')
    expect(figures()).toEqual([])
    // A new amount is asked for once typing pauses; its quote takes 1 s.
    await advance(TYPING_PAUSE_MS)
    await advance(10)
    await advance(1_000)
    expect(root()).toHaveAttribute('data-state', 'ready')
    expect(figures()[0]).toEqual(['Total fee', '0.7215 USDC'])
  })

  test.each([
    ['after other parameters failed to be quoted', '150'],
    ['after the amount was cleared', ''],
  ])('new parameters a minute %s show "Getting a quote…", not the expired quote of the ones before', async (_, between) => {
    const { rerender } = render(<FeeEstimate {...params} />, { wrapper: wrapperFor() })
    await advance(0)
    expect(figures()[0]).toEqual(['Total fee', '0.4215 USDC'])
    if (between) api.mock.inject('estimateFees', { status: 500, times: 1 })
    rerender(<FeeEstimate {...params} amount={between} />)
    await advance(TYPING_PAUSE_MS)
    await advance(10)
    expect(root()).toHaveAttribute('data-state', between ? 'error' : 'idle')
    // The quote of 100 (30 s) expires meanwhile.
    await advance(60_000)
    api.mock.inject('estimateFees', { latencyMs: 1_000, times: 1 })
    rerender(<FeeEstimate {...params} amount="200" />)
    await advance(10)
    expect(root()).toHaveAttribute('data-state', 'loading')
    expect(figures()).toEqual([])
  })

  test.each([
    ['a quote of a 2 s life', 2_000, true],
    ['a quote past its expiresAt when it arrives, without a quotedAt to count a life from', -10_000, false],
  ])('%s is refreshing once it ends, not ready, until it is asked again 5 s after its arrival', async (_, lifeMs, dated) => {
    api.server.use(
      http.get('*/pub/v1/fees/estimate', () =>
        HttpResponse.json({
          totalFee: '0.42 USDC',
          estimatedTime: '90 seconds',
          ...(dated && { quotedAt: new Date().toISOString() }),
          expiresAt: new Date(Date.now() + lifeMs).toISOString(),
        }),
      ),
    )
    render(<FeeEstimate {...params} />, { wrapper: wrapperFor() })
    await advance(0)
    await advance(Math.max(lifeMs, 0) + 500)
    expect(root()).toHaveAttribute('data-state', 'refreshing')
    expect(root()).toHaveAttribute('aria-busy', 'true')
    expect(figures()[0]).toEqual(['Total fee', '0.42 USDC'])
    expect(quotes()).toBe(1)
    await advance(5_000)
    expect(quotes()).toBe(2)
  })

  test('a render just past a quote\'s end, before the late timer ran, does not put the re-quote off by 5 s', async () => {
    api.server.use(
      http.get('*/pub/v1/fees/estimate', () =>
        HttpResponse.json({ totalFee: '0.42 USDC', estimatedTime: '90 seconds', quotedAt: new Date().toISOString(), expiresAt: new Date(Date.now() + 10_000).toISOString() }),
      ),
    )
    const { rerender } = render(<FeeEstimate {...params} />, { wrapper: wrapperFor() })
    await advance(0)
    expect(quotes()).toBe(1)
    // A busy page: the clock passes the quote's end before its timer runs, and a render comes first
    // (here a new locale; in a browser, the one that shows the quote expired). TanStack starts the
    // re-quote's timer again from that render.
    vi.setSystemTime(Date.now() + 10_050)
    rerender(<FeeEstimate {...params} locale="de-DE" />)
    await advance(1_100)
    expect(quotes()).toBe(2)
  })

  test('new parameters after the quote standing in for a slow one has expired show "Getting a quote…", not that expired quote', async () => {
    const { rerender } = render(<FeeEstimate {...params} />, { wrapper: wrapperFor() })
    await advance(0)
    await advance(20_000)
    api.mock.inject('estimateFees', { latencyMs: 60_000 })
    rerender(<FeeEstimate {...params} amount="200" />)
    await advance(TYPING_PAUSE_MS)
    expect(root()).toHaveAttribute('data-state', 'refreshing')
    expect(figures()[0]).toEqual(['Total fee', '0.4215 USDC'])
    // The quote of 100 (30 s) expires while that of 200 is still on its way.
    await advance(11_000)
    rerender(<FeeEstimate {...params} amount="300" />)
    await advance(TYPING_PAUSE_MS)
    expect(root()).toHaveAttribute('data-state', 'loading')
    expect(figures()).toEqual([])
  })

  test.each([
    ['with a quotedAt', true],
    ['without a quotedAt (no age shown, so no tick)', false],
  ])('the quote of another amount standing in for a slow one leaves when it expires (%s), not at the next render', async (_, dated) => {
    let n = 0
    api.server.use(
      http.get('*/pub/v1/fees/estimate', async () => {
        // The first quote at once, lives 10 s; the next one is slow.
        if (n++) await delay(60_000)
        return HttpResponse.json({
          totalFee: '0.42 USDC',
          estimatedTime: '90 seconds',
          ...(dated && { quotedAt: new Date().toISOString() }),
          expiresAt: new Date(Date.now() + 10_000).toISOString(),
        })
      }),
    )
    const { rerender } = render(<FeeEstimate {...params} />, { wrapper: wrapperFor() })
    await advance(10)
    await advance(5_000)
    rerender(<FeeEstimate {...params} amount="200" />)
    await advance(TYPING_PAUSE_MS)
    await advance(10)
    expect(root()).toHaveAttribute('data-state', 'refreshing')
    expect(figures()[0]).toEqual(['Total fee', '0.42 USDC'])
    // The quote of 100 ends 10 s after it came; that of 200 is still on its way.
    await advance(5_000)
    expect(root()).toHaveAttribute('data-state', 'loading')
    expect(figures()).toEqual([])
  })

  test('a failed re-quote is not asked again on its own: one alert, no request for minutes, until Retry', async () => {
    render(<FeeEstimate {...params} />, { wrapper: wrapperFor() })
    await advance(0)
    api.mock.inject('estimateFees', { status: 429, retryAfter: 120, times: 1 })
    await advance(30_001)
    expect(quotes()).toBe(2)
    expect(root()).toHaveAttribute('data-state', 'error')
    const alert = screen.getByRole('alert')
    await advance(5 * 60_000)
    expect(quotes()).toBe(2)
    expect(root()).toHaveAttribute('data-state', 'error')
    // The same element: a new one would be announced again.
    expect(screen.getByRole('alert')).toBe(alert)
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
    await advance(0)
    expect(quotes()).toBe(3)
    expect(root()).toHaveAttribute('data-state', 'ready')
  })

  test('after a 429 with Retry-After, "Try again" says when, does nothing until then, then asks again', async () => {
    api.mock.inject('estimateFees', { status: 429, retryAfter: 120, times: 1 })
    const onRetry = vi.fn()
    render(<FeeEstimate {...params} onRetry={onRetry} />, { wrapper: wrapperFor() })
    await advance(0)
    expect(root()).toHaveAttribute('data-state', 'error')
    const button = screen.getByRole('button', { name: 'Try again in 2 minutes' })
    expect(button).toHaveAttribute('aria-disabled', 'true')
    fireEvent.click(button)
    await advance(0)
    expect(onRetry).not.toHaveBeenCalled()
    expect(quotes()).toBe(1)
    expect(root()).toHaveAttribute('data-state', 'error')
    await advance(60_000)
    expect(button).toHaveAccessibleName('Try again in 1 minute')
    await advance(59_999)
    expect(button).toHaveAttribute('aria-disabled', 'true')
    fireEvent.click(button)
    await advance(0)
    expect(quotes()).toBe(1)
    await advance(1)
    // The same element, enabled: focus on it is kept.
    expect(screen.getByRole('button')).toBe(button)
    expect(button).toHaveAccessibleName('Try again')
    expect(button).not.toHaveAttribute('aria-disabled')
    fireEvent.click(button)
    await advance(0)
    expect(onRetry).toHaveBeenCalledTimes(1)
    expect(quotes()).toBe(2)
    expect(root()).toHaveAttribute('data-state', 'ready')
  })

  test('the last half second of a Retry-After, rendered again (the user back on the tab), reads "Try again in 1 second", not "Try again now" on a button that does nothing yet', async () => {
    api.mock.inject('estimateFees', { status: 429, retryAfter: 2, times: 1 })
    render(<FeeEstimate {...params} />, { wrapper: wrapperFor() })
    await advance(0)
    await advance(1_600)
    act(() => void window.dispatchEvent(new Event('visibilitychange')))
    const button = screen.getByRole('button')
    expect(button).toHaveAttribute('aria-disabled', 'true')
    expect(button).toHaveAccessibleName('Try again in 1 second')
    await advance(400)
    expect(button).toHaveAccessibleName('Try again')
  })

  test('a Retry-After too long to be a number: "Try again tomorrow", not a crash', async () => {
    api.mock.inject('estimateFees', { status: 429, retryAfter: '9'.repeat(400), times: 1 })
    render(<FeeEstimate {...params} />, { wrapper: wrapperFor() })
    await advance(0)
    expect(root()).toHaveAttribute('data-state', 'error')
    expect(screen.getByRole('button', { name: 'Try again tomorrow' })).toHaveAttribute('aria-disabled', 'true')
  })

  test('editing the amount away and back during a Retry-After does not ask again for the amount told to wait', async () => {
    const amounts: (string | null)[] = []
    const record = ({ request }: { request: Request }) => void amounts.push(new URL(request.url).searchParams.get('amount'))
    api.server.events.on('request:start', record)
    onTestFinished(() => api.server.events.removeListener('request:start', record))
    api.mock.inject('estimateFees', { status: 429, retryAfter: 120, times: 10 })
    const { rerender } = render(<FeeEstimate {...params} amount="100" />, { wrapper: wrapperFor() })
    await advance(10)
    // A backspace, then the same digit again.
    rerender(<FeeEstimate {...params} amount="10" />)
    await advance(500)
    rerender(<FeeEstimate {...params} amount="100" />)
    await advance(500)
    expect(amounts).toEqual(['100', '10'])
    expect(screen.getByRole('button')).toHaveAttribute('aria-disabled', 'true')
  })

  test('an app whose queries are forgotten at once (gcTime: 0): editing the amount away and back during a Retry-After does not ask again for the amount told to wait', async () => {
    const amounts: (string | null)[] = []
    const record = ({ request }: { request: Request }) => void amounts.push(new URL(request.url).searchParams.get('amount'))
    api.server.events.on('request:start', record)
    onTestFinished(() => api.server.events.removeListener('request:start', record))
    api.mock.inject('estimateFees', { status: 429, retryAfter: 120, times: 10 })
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: 0 } } })
    const { rerender } = render(<FeeEstimate {...params} amount="100" />, { wrapper: wrapperFor(undefined, queryClient) })
    await advance(10)
    rerender(<FeeEstimate {...params} amount="10" />)
    await advance(500)
    rerender(<FeeEstimate {...params} amount="100" />)
    await advance(500)
    expect(amounts).toEqual(['100', '10'])
    expect(root()).toHaveAttribute('data-state', 'error')
    expect(screen.getByRole('button')).toHaveAttribute('aria-disabled', 'true')
  })

  test('with only "retry" translated, the waiting button reads it with the relative time, no English', async () => {
    api.mock.inject('estimateFees', { status: 429, retryAfter: 120, times: 1 })
    render(<FeeEstimate {...params} locale="fr" labels={{ retry: 'Réessayer' }} />, { wrapper: wrapperFor() })
    await advance(10)
    expect(screen.getByRole('button')).toHaveAccessibleName('Réessayer dans 2 minutes')
  })
})

test('feeEstimateState', () => {
  const at = (complete: boolean, hasData: boolean, isError: boolean, isFetching: boolean) =>
    feeEstimateState({ complete, hasData, isError, isFetching })
  expect(at(false, true, true, true)).toBe('idle')
  expect(at(true, false, false, true)).toBe('loading')
  expect(at(true, true, false, false)).toBe('ready')
  expect(at(true, true, false, true)).toBe('refreshing')
  expect(at(true, true, true, false)).toBe('error')
  expect(at(true, false, true, true)).toBe('loading')
  // A retry after an error: the quote kept from before the error has expired.
  expect(at(true, true, true, true)).toBe('loading')
})

describe('an invalid locale or a missing translation', () => {
  test('a locale Intl refuses ("en_US") shows the quote in en-US instead of crashing once it arrives', async () => {
    await renderReady({ ...params, amount: '1000000', locale: 'en_US' })
    expect(figures()).toEqual([
      ['Total fee', '3,000.1215 USDC'],
      ['Network fee', '0.1215 USDC'],
      ['Platform fee', '3,000 USDC'],
      ['Estimated time', 'about 2 minutes'],
    ])
    expect(root()).toHaveTextContent('quoted now')
  })

  test('a label left undefined (a missing translation) keeps its English text', async () => {
    const t: { title?: string; amount?: undefined; duration?: undefined } = {}
    await renderReady({ ...params, labels: { title: t.title, amount: t.amount, duration: t.duration, totalFee: 'Gesamt' } })
    expect(figures()[0]).toEqual(['Gesamt', '0.4215 USDC'])
    expect(figures()[3]).toEqual(['Estimated time', 'about 2 minutes'])
  })
})
