import { act, render, screen } from '@testing-library/react'
import { dehydrate, keepPreviousData, QueryClient } from '@tanstack/react-query'
import { http, HttpResponse } from 'msw'
import { type ComponentProps, createRef, Profiler } from 'react'
import { renderToString } from 'react-dom/server'
import { getBridgeStatusQueryOptions } from '../../src/query/getBridgeStatusQueryOptions.js'
import { BridgeStatusBadge, bridgeStatusBadgeState } from '../../src/components/BridgeStatusBadge.js'
import { MOCK_TRANSFER_REASONS, MOCK_TRANSFERS, MOCK_UNKNOWN_STATUS } from '../../src/mock/constants.js'
import { inTimeZone } from '../timeZone.js'
import { ErrorBoundary, serverRendered, testClient, throwingQueryClient, useMockApi, wrapperFor } from './harness.js'

// One step a minute: a pending transfer is due in 3 minutes, one in transit in 1.
const STEP_MS = 60_000
const api = useMockApi({ transferStepMs: STEP_MS })

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] })
  // The mock's clock is the faked Date from here on.
  api.mock.reset()
})
afterEach(() => vi.useRealTimers())

const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms))
const explorerUrl = (chain: string, tx: string) => `https://explorer.test/${chain}/tx/${tx}`

/** The badge's root, which carries its state; its live region (`role="status"`) is inside. */
const root = () => document.querySelector<HTMLElement>('[data-state]')!

async function renderBadge(props: ComponentProps<typeof BridgeStatusBadge>) {
  const view = render(<BridgeStatusBadge {...props} />, { wrapper: wrapperFor() })
  await advance(0)
  return { ...view, badge: root(), status: screen.getByRole('status') }
}

/**
 * The API answers every transfer id with a transfer of `fields` (and the usual rest: Solana to Base,
 * 25 USDC); a function of none gives them anew for each request.
 */
function serveTransfer(fields: Record<string, unknown> | (() => Record<string, unknown>)) {
  api.server.use(
    http.get('*/pub/v1/bridge/status/:id', ({ params }) =>
      HttpResponse.json({
        id: params.id,
        sourceChain: 'solana',
        destinationChain: 'base',
        asset: 'USDC',
        amount: '25.00',
        createdAt: '2026-01-01T00:00:00Z',
        updatedAt: '2026-01-01T00:00:00Z',
        ...(typeof fields === 'function' ? fields() : fields),
      }),
    ),
  )
}

test.each([
  [MOCK_TRANSFERS.pending, 'pending', 'Transfer pending'],
  [MOCK_TRANSFERS.sourceConfirmed, 'source_confirmed', 'Confirmed on the source chain'],
  [MOCK_TRANSFERS.inTransit, 'in_transit', 'In transit'],
  [MOCK_TRANSFERS.completed, 'completed', 'Transfer completed'],
  [MOCK_TRANSFERS.failed, 'failed', 'Transfer failed'],
  [MOCK_TRANSFERS.refunded, 'refunded', 'Transfer refunded'],
])('the seeded transfer %s shows as %s', async (transferId, state, text) => {
  const { badge, status } = await renderBadge({ transferId })
  expect(badge).toHaveAttribute('data-state', state)
  expect(status).toHaveTextContent(text)
})

test('loading until the first answer, in a polite status region', async () => {
  render(<BridgeStatusBadge transferId={MOCK_TRANSFERS.pending} />, { wrapper: wrapperFor() })
  const status = screen.getByRole('status')
  expect(root()).toHaveAttribute('data-state', 'loading')
  expect(status).toHaveTextContent('Checking the transfer…')
  expect(status).toHaveAttribute('aria-live', 'polite')
  expect(status).toHaveAttribute('aria-atomic', 'true')
  await advance(0)
  expect(root()).toHaveAttribute('data-state', 'pending')
  // The same region, now saying the new status: one added with its text is often not announced.
  expect(screen.getByRole('status')).toBe(status)
  expect(status).toHaveTextContent('Transfer pending')
})

test('the live region holds the status and the failure reason, not the ticking time left nor the links', async () => {
  const { status, unmount } = await renderBadge({ transferId: MOCK_TRANSFERS.pending, explorerUrl })
  expect(status).toHaveTextContent('Transfer pending')
  const eta = screen.getByText('about 3 minutes left')
  expect(root()).toContainElement(eta)
  expect(status).not.toContainElement(eta)
  expect(eta.closest('[aria-live]')).toBeNull()
  // The source chain confirms at 1 minute; the poll at 64 s shows it, with its link.
  await advance(STEP_MS + 10_000)
  expect(status).toHaveTextContent('Confirmed on the source chain')
  const link = screen.getByRole('link', { name: 'Source transaction on solana' })
  expect(root()).toContainElement(link)
  expect(link.closest('[aria-live]')).toBeNull()
  expect(screen.getAllByRole('status')).toEqual([status])
  unmount()

  const failed = await renderBadge({ transferId: MOCK_TRANSFERS.failed, explorerUrl })
  expect(failed.status).toHaveTextContent('Transfer failed')
  expect(failed.status).toContainElement(screen.getByText('The destination chain rejected the mint'))
  const links = screen.getAllByRole('link')
  expect(links).toHaveLength(1)
  for (const a of links) expect(a.closest('[aria-live]')).toBeNull()
})

test('a failed or refunded transfer shows its failure reason, in its status', async () => {
  const failed = await renderBadge({ transferId: MOCK_TRANSFERS.failed })
  // Two words apart, as a screen reader reads the region and as an unstyled badge shows it.
  expect(failed.status).toHaveTextContent('Transfer failed The destination chain rejected the mint')
  failed.unmount()
  const refunded = await renderBadge({ transferId: MOCK_TRANSFERS.refunded })
  expect(refunded.status).toHaveTextContent('The bridge timed out; the amount went back to the sender')
})

test("an app's reason label translates the API's failure reason, or leaves it out with ''", async () => {
  const reason = vi.fn(({ status }: { reason: string; status: string }) => (status === 'failed' ? 'Zielkette lehnte ab' : '?'))
  const translated = await renderBadge({ transferId: MOCK_TRANSFERS.failed, labels: { failed: 'Fehlgeschlagen', reason } })
  expect(translated.status).toHaveTextContent(/^Fehlgeschlagen Zielkette lehnte ab$/)
  expect(reason).toHaveBeenCalledWith({ reason: 'The destination chain rejected the mint', status: 'failed' })
  translated.unmount()
  const hidden = await renderBadge({ transferId: MOCK_TRANSFERS.refunded, labels: { refunded: 'Erstattet', reason: () => '' } })
  expect(hidden.status).toHaveTextContent(/^Erstattet$/)
  expect(hidden.status.querySelector('[data-part="reason"]')).toBeNull()
})

test('shows the time left, which ages on a coarse tick without a render per second', async () => {
  // Polls far apart: only the tick can move the text.
  const polling = { initialIntervalMs: 10 * 60_000, maxIntervalMs: 10 * 60_000 }
  const onRender = vi.fn()
  render(
    <Profiler id="badge" onRender={onRender}>
      <BridgeStatusBadge transferId={MOCK_TRANSFERS.pending} polling={polling} />
    </Profiler>,
    { wrapper: wrapperFor() },
  )
  await advance(0)
  const eta = screen.getByText('about 3 minutes left')
  expect(eta.tagName).toBe('TIME')
  expect(eta).toHaveAttribute('dateTime', new Date(Date.now() + 3 * STEP_MS).toISOString())
  const commits = onRender.mock.calls.length
  await advance(45_000)
  expect(root()).toHaveTextContent('about 2 minutes left')
  // 45 s on a 15 s tick: three renders, not forty-five.
  expect(onRender.mock.calls.length - commits).toBeLessThanOrEqual(3)
})

test('a badge that shows no time (a completed transfer) does not render again each time the user switches back to the tab', async () => {
  const onRender = vi.fn()
  render(
    <Profiler id="badge" onRender={onRender}>
      <BridgeStatusBadge transferId={MOCK_TRANSFERS.completed} />
    </Profiler>,
    { wrapper: wrapperFor() },
  )
  await advance(0)
  expect(root()).toHaveAttribute('data-state', 'completed')
  const commits = onRender.mock.calls.length
  for (const type of ['visibilitychange', 'pageshow']) await act(async () => window.dispatchEvent(new Event(type)))
  expect(onRender.mock.calls.length).toBe(commits)
})

test.each([
  ['without a time left', false],
  ['with a time left', true],
])('a poll answer that changes nothing re-renders the badge once, %s', async (_, withEta) => {
  const t0 = Date.now()
  serveTransfer({
    status: 'in_transit',
    createdAt: new Date(t0).toISOString(),
    updatedAt: new Date(t0).toISOString(),
    ...(withEta && { estimatedCompletionAt: new Date(t0 + 60 * 60_000).toISOString() }),
  })
  const onRender = vi.fn()
  // Polls 7 s apart, between the ticks (every 15 s): each window below holds one answer and no tick.
  render(
    <Profiler id="badge" onRender={onRender}>
      <BridgeStatusBadge transferId="tr_still" polling={{ initialIntervalMs: 7_000, maxIntervalMs: 7_000 }} />
    </Profiler>,
    { wrapper: wrapperFor() },
  )
  await advance(0)
  const polls = () => api.count('GET', '/bridge/status/tr_still')
  for (let answer = 1; answer <= 4; answer++) {
    await advance(6_800)
    const [commits, asked] = [onRender.mock.calls.length, polls()]
    while (polls() === asked) await advance(100)
    await advance(100)
    expect(onRender.mock.calls.length - commits).toBe(1)
  }
  expect(root()).toHaveTextContent(withEta ? 'In transit about 1 hour left' : /^In transit$/)
})

test('a transfer confirmed on the source chain still shows its time left', async () => {
  serveTransfer({ status: 'source_confirmed', estimatedCompletionAt: new Date(Date.now() + 2 * 60_000).toISOString() })
  const { badge } = await renderBadge({ transferId: 'tr_confirmed' })
  expect(badge).toHaveAttribute('data-state', 'source_confirmed')
  expect(badge).toHaveTextContent('Confirmed on the source chain about 2 minutes left')
})

test('an ETA that has passed says so instead of counting down below zero', async () => {
  api.mock.useScenario('transfer-stuck-in-transit')
  const { badge } = await renderBadge({ transferId: MOCK_TRANSFERS.inTransit })
  expect(badge).toHaveTextContent('about 1 minute left')
  await advance(2 * STEP_MS)
  expect(badge).toHaveAttribute('data-state', 'in_transit')
  expect(badge).toHaveTextContent('any moment now')
})

test('a tick that lands under half a second before the ETA says "any moment now", not "about 0 seconds left"', async () => {
  const t0 = Date.now()
  serveTransfer({
    status: 'in_transit',
    createdAt: new Date(t0).toISOString(),
    updatedAt: new Date(t0).toISOString(),
    estimatedCompletionAt: new Date(t0 + 15_300).toISOString(),
  })
  // Polls far apart: only the tick moves the text.
  const { badge } = await renderBadge({ transferId: 'tr_soon', polling: { initialIntervalMs: 10 * 60_000, maxIntervalMs: 10 * 60_000 } })
  expect(badge).toHaveTextContent('about 15 seconds left')
  await advance(15_000)
  expect(badge).toHaveTextContent('any moment now')
  expect(badge).not.toHaveTextContent('0 seconds')
})

test("an app QueryClient whose queries throw (throwOnError): an unknown transfer is the badge's own error, not the app's error page", async () => {
  vi.spyOn(console, 'error').mockImplementation(() => {})
  render(
    <ErrorBoundary>
      <BridgeStatusBadge transferId="tr_nope" />
    </ErrorBoundary>,
    { wrapper: wrapperFor(testClient(), throwingQueryClient()) },
  )
  await advance(0)
  expect(screen.queryByText('Something went wrong')).toBeNull()
  expect(root()).toHaveAttribute('data-state', 'error')
  expect(screen.getByRole('status')).toHaveTextContent('Could not check the transfer')
})

test('a transfer goes to completed on the mock clock; then no tick and no poll', async () => {
  const onRender = vi.fn()
  render(
    <Profiler id="badge" onRender={onRender}>
      <BridgeStatusBadge transferId={MOCK_TRANSFERS.inTransit} explorerUrl={explorerUrl} />
    </Profiler>,
    { wrapper: wrapperFor() },
  )
  await advance(0)
  const badge = root()
  expect(badge).toHaveAttribute('data-state', 'in_transit')
  expect(screen.queryByRole('link', { name: 'Destination transaction on base' })).toBeNull()
  await advance(STEP_MS + 30_000)
  expect(badge).toHaveAttribute('data-state', 'completed')
  expect(screen.getByRole('status')).toHaveTextContent('Transfer completed')
  expect(badge).not.toHaveTextContent(/left|any moment/)
  expect(screen.getByRole('link', { name: 'Destination transaction on base' })).toBeInTheDocument()
  const commits = onRender.mock.calls.length
  const polls = api.count('GET', `/bridge/status/${MOCK_TRANSFERS.inTransit}`)
  await advance(10 * 60_000)
  expect(onRender.mock.calls.length).toBe(commits)
  expect(api.count('GET', `/bridge/status/${MOCK_TRANSFERS.inTransit}`)).toBe(polls)
})

test.each([
  ['transfer-fails', 'failed', 'Transfer failed', MOCK_TRANSFER_REASONS.failed],
  ['transfer-refunded', 'refunded', 'Transfer refunded', MOCK_TRANSFER_REASONS.refunded],
] as const)('%s: a transfer followed from in transit to %s announces the end with its reason; then no time left and no poll', async (scenario, state, label, reason) => {
  api.mock.useScenario(scenario)
  const { badge, status } = await renderBadge({ transferId: MOCK_TRANSFERS.inTransit, explorerUrl })
  expect(badge).toHaveAttribute('data-state', 'in_transit')
  expect(badge).toHaveTextContent('about 1 minute left')
  await advance(STEP_MS + 30_000)
  expect(badge).toHaveAttribute('data-state', state)
  expect(status).toHaveTextContent(`${label} ${reason}`)
  expect(badge).not.toHaveTextContent(/left|any moment/)
  expect(screen.getByRole('link', { name: 'Source transaction on solana' })).toBeInTheDocument()
  expect(screen.queryByRole('link', { name: 'Destination transaction on base' })).toBeNull()
  const polls = api.count('GET', `/bridge/status/${MOCK_TRANSFERS.inTransit}`)
  await advance(10 * 60_000)
  expect(api.count('GET', `/bridge/status/${MOCK_TRANSFERS.inTransit}`)).toBe(polls)
})

test('links both transactions to the explorer, with names and safe rel', async () => {
  await renderBadge({ transferId: MOCK_TRANSFERS.completed, explorerUrl, linkTarget: '_blank' })
  const source = screen.getByRole('link', { name: 'Source transaction on solana' })
  const destination = screen.getByRole('link', { name: 'Destination transaction on base' })
  expect(source.getAttribute('href')).toMatch(/^https:\/\/explorer\.test\/solana\/tx\/0x[0-9a-f]{64}$/)
  expect(destination.getAttribute('href')).toMatch(/^https:\/\/explorer\.test\/base\/tx\/0x[0-9a-f]{64}$/)
  // A stylesheet's hooks, named after the side.
  expect(source).toHaveAttribute('data-part', 'source-tx')
  expect(destination).toHaveAttribute('data-part', 'destination-tx')
  for (const link of [source, destination]) {
    expect(link).toHaveAttribute('rel', 'noopener noreferrer')
    expect(link).toHaveAttribute('target', '_blank')
  }
})

test('no links without explorerUrl, and none for a chain it has no URL for', async () => {
  const plain = await renderBadge({ transferId: MOCK_TRANSFERS.completed })
  expect(screen.queryAllByRole('link')).toHaveLength(0)
  plain.unmount()
  await renderBadge({
    transferId: MOCK_TRANSFERS.completed,
    explorerUrl: (chain, tx) => (chain === 'base' ? explorerUrl(chain, tx) : undefined),
  })
  expect(screen.getAllByRole('link').map((a) => a.textContent)).toEqual(['Destination transaction on base'])
  expect(screen.getByRole('link')).not.toHaveAttribute('target')
})

test.each([
  ['javascript:', 'javascript:alert(document.cookie)'],
  ['javascript: hidden by a tab and a leading space', ' java\tscript:alert(1)'],
  ['data:', 'data:text/html,<script>alert(1)</script>'],
  ['web+http: (a scheme that only ends in http)', 'web+http:alert(1)'],
])('a %s transaction id from the API makes no link, where the app builds the URL with new URL(tx, base)', async (_, hostile) => {
  serveTransfer({ status: 'completed', sourceTx: hostile, destinationTx: '0xabc' })
  const { badge } = await renderBadge({
    transferId: 'tr_hostile',
    explorerUrl: (chain, tx) => new URL(tx, `https://explorer.test/${chain}/tx/`).href,
  })
  expect(badge).toHaveAttribute('data-state', 'completed')
  expect(screen.getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
    ['Destination transaction on base', 'https://explorer.test/base/tx/0xabc'],
  ])
})

test('a relative explorer URL (an explorer on the app\'s own site) is still linked', async () => {
  await renderBadge({ transferId: MOCK_TRANSFERS.completed, explorerUrl: (chain, tx) => `/explorer/${chain}/${tx}` })
  expect(screen.getByRole('link', { name: 'Source transaction on solana' }).getAttribute('href')).toMatch(/^\/explorer\/solana\/0x/)
  expect(screen.getByRole('link', { name: 'Destination transaction on base' }).getAttribute('href')).toMatch(/^\/explorer\/base\/0x/)
})

test("another transferId shows loading, not the previous transfer as its own, under an app's default keepPreviousData", async () => {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, placeholderData: keepPreviousData } } })
  const { rerender } = render(<BridgeStatusBadge transferId={MOCK_TRANSFERS.completed} explorerUrl={explorerUrl} />, {
    wrapper: wrapperFor(testClient(), queryClient),
  })
  await act(() => vi.advanceTimersByTimeAsync(0))
  expect(root()).toHaveAttribute('data-state', 'completed')
  api.mock.inject('getBridgeStatus', { latencyMs: 5_000, times: 1 })
  rerender(<BridgeStatusBadge transferId={MOCK_TRANSFERS.pending} explorerUrl={explorerUrl} />)
  await act(() => vi.advanceTimersByTimeAsync(100))
  expect(root()).toHaveAttribute('data-state', 'loading')
  expect(screen.queryAllByRole('link')).toHaveLength(0)
  await act(() => vi.advanceTimersByTimeAsync(5_000))
  expect(root()).toHaveAttribute('data-state', 'pending')
})

test('stale: a transfer stuck past maxDurationMs says it is taking longer than usual', async () => {
  api.mock.useScenario('transfer-stuck-in-transit')
  const { badge, status } = await renderBadge({ transferId: MOCK_TRANSFERS.inTransit, polling: { maxDurationMs: 60_000 } })
  expect(badge).toHaveAttribute('data-state', 'in_transit')
  await advance(61_000)
  expect(badge).toHaveAttribute('data-state', 'stale')
  expect(status).toHaveTextContent('Taking longer than usual')
})

test("stale under an app QueryClient that renders its queries for data and error only (notifyOnChangeProps): it still says so at the deadline", async () => {
  // No time left, whose tick would render the badge anyway.
  serveTransfer({ status: 'in_transit' })
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity, notifyOnChangeProps: ['data', 'error'] } } })
  render(<BridgeStatusBadge transferId="tr_1" polling={{ maxDurationMs: 60_000 }} />, {
    wrapper: wrapperFor(testClient(), queryClient),
  })
  await advance(0)
  expect(root()).toHaveAttribute('data-state', 'in_transit')
  await advance(61_000)
  expect(root()).toHaveAttribute('data-state', 'stale')
})

test('back from sleep (timers stood still), the time left is re-read as the page shows again, not up to 15 s later', async () => {
  const t0 = Date.now()
  serveTransfer({
    status: 'in_transit',
    createdAt: new Date(t0).toISOString(),
    updatedAt: new Date(t0).toISOString(),
    estimatedCompletionAt: new Date(t0 + 10 * 60_000).toISOString(),
  })
  // Every listener of these events added on the window is gone once the badge is.
  const types = ['visibilitychange', 'pageshow']
  const add = vi.spyOn(window, 'addEventListener')
  const remove = vi.spyOn(window, 'removeEventListener')
  const listeners = (spy: typeof add | typeof remove) => spy.mock.calls.filter(([type]) => types.includes(type)).map(([, listener]) => listener)
  // Polls far apart: no answer moves the text either.
  const { badge, unmount } = await renderBadge({ transferId: 'tr_sleep', polling: { initialIntervalMs: 60 * 60_000, maxIntervalMs: 60 * 60_000 } })
  expect(badge).toHaveTextContent('about 10 minutes left')
  // The laptop sleeps 7 minutes: the clock moves on, no timer runs.
  vi.setSystemTime(Date.now() + 7 * 60_000)
  await act(async () => document.dispatchEvent(new Event('visibilitychange', { bubbles: true })))
  expect(badge).toHaveTextContent('about 3 minutes left')
  unmount()
  expect(listeners(add).filter((listener) => !listeners(remove).includes(listener))).toEqual([])
})

test('back from the back-forward cache (a page restored, no visibilitychange), the time left is re-read at once', async () => {
  const t0 = Date.now()
  serveTransfer({ status: 'in_transit', createdAt: new Date(t0).toISOString(), updatedAt: new Date(t0).toISOString(), estimatedCompletionAt: new Date(t0 + 10 * 60_000).toISOString() })
  const { badge } = await renderBadge({ transferId: 'tr_bfcache', polling: { initialIntervalMs: 60 * 60_000, maxIntervalMs: 60 * 60_000 } })
  expect(badge).toHaveTextContent('about 10 minutes left')
  // The user left the page 7 minutes ago, and comes back to it with the Back button.
  vi.setSystemTime(Date.now() + 7 * 60_000)
  await act(async () => window.dispatchEvent(new Event('pageshow')))
  expect(badge).toHaveTextContent('about 3 minutes left')
})

test('a status this version does not know shows as unknown, with the status as sent', async () => {
  serveTransfer({ status: 'awaiting_attestation' })
  const { badge, status } = await renderBadge({ transferId: 'tr_new' })
  expect(badge).toHaveAttribute('data-state', 'unknown')
  expect(status).toHaveTextContent('Transfer status: awaiting_attestation')
})

test("a status this version does not know keeps the API's time left (a newer API's step on the way); a final status drops it", async () => {
  const estimatedCompletionAt = new Date(Date.now() + 5 * 60_000).toISOString()
  serveTransfer({ status: 'awaiting_attestation', estimatedCompletionAt })
  const unknown = await renderBadge({ transferId: 'tr_new' })
  expect(unknown.badge).toHaveTextContent(/^Transfer status: awaiting_attestation about 5 minutes left$/)
  unknown.unmount()
  // An ETA the API left on a transfer that has ended.
  serveTransfer({ status: 'completed', estimatedCompletionAt })
  const completed = await renderBadge({ transferId: 'tr_done' })
  expect(completed.badge).toHaveTextContent(/^Transfer completed$/)
})

test('a status this version does not know, past its time left, says nothing of it: it may be a newer API\'s end, not "any moment now" for good', async () => {
  serveTransfer({ status: 'in_transit', estimatedCompletionAt: new Date(Date.now() - 60_000).toISOString() })
  const moving = await renderBadge({ transferId: 'tr_late' })
  expect(moving.badge).toHaveTextContent(/^In transit any moment now$/)
  moving.unmount()
  serveTransfer({ status: 'cancelled', estimatedCompletionAt: new Date(Date.now() - 60_000).toISOString() })
  const unknown = await renderBadge({ transferId: 'tr_cancelled' })
  expect(unknown.badge).toHaveTextContent(/^Transfer status: cancelled$/)
})

test('unknown-status: a followed transfer goes from in transit to a status this version does not know, then to completed, with no backward-status warning', async () => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
  api.mock.useScenario('unknown-status')
  const { badge, status } = await renderBadge({ transferId: MOCK_TRANSFERS.inTransit, explorerUrl })
  expect(badge).toHaveAttribute('data-state', 'in_transit')
  await advance(STEP_MS + 30_000)
  expect(badge).toHaveAttribute('data-state', 'unknown')
  expect(status).toHaveTextContent(`Transfer status: ${MOCK_UNKNOWN_STATUS}`)
  expect(screen.getByRole('link', { name: 'Source transaction on solana' })).toBeInTheDocument()
  await advance(STEP_MS + 30_000)
  expect(badge).toHaveAttribute('data-state', 'completed')
  expect(status).toHaveTextContent('Transfer completed')
  expect(screen.getByRole('link', { name: 'Destination transaction on base' })).toBeInTheDocument()
  expect(warn).not.toHaveBeenCalled()
})

test('error: a 500 before any answer, and an unknown id', async () => {
  api.mock.inject('getBridgeStatus', { status: 500 })
  const down = await renderBadge({ transferId: MOCK_TRANSFERS.pending })
  expect(down.badge).toHaveAttribute('data-state', 'error')
  expect(down.status).toHaveTextContent('Could not check the transfer')
  down.unmount()
  api.mock.clearFaults()
  const missing = await renderBadge({ transferId: 'tr_nope' })
  expect(missing.badge).toHaveAttribute('data-state', 'error')
})

test('a failed poll keeps the last status on screen while polling goes on', async () => {
  const { badge } = await renderBadge({ transferId: MOCK_TRANSFERS.pending })
  api.mock.inject('getBridgeStatus', { status: 500, times: 1 })
  // The poll at 2 s, and its answer.
  await advance(2_100)
  expect(api.count('GET', `/bridge/status/${MOCK_TRANSFERS.pending}`)).toBe(2)
  expect(badge).toHaveAttribute('data-state', 'pending')
  // The source chain confirms at 1 minute, and the poll at 64 s shows it.
  await advance(STEP_MS + 10_000)
  expect(badge).toHaveAttribute('data-state', 'source_confirmed')
})

test.each([
  ['a 404', { status: 404 }],
  ['a 401', { status: 401 }],
  ['a 403', { status: 403 }],
  ['a 200 that is not JSON', { malformedJson: true }],
])('after %s on a poll, polling stops and the badge says it cannot check, not the old status', async (_, fault) => {
  const { badge, status } = await renderBadge({ transferId: MOCK_TRANSFERS.pending })
  expect(badge).toHaveAttribute('data-state', 'pending')
  api.mock.inject('getBridgeStatus', { ...fault, times: 1 })
  // The poll at 2 s, and its answer.
  await advance(2_100)
  expect(badge).toHaveAttribute('data-state', 'error')
  expect(status).toHaveTextContent('Could not check the transfer')
  expect(badge).not.toHaveTextContent(/Transfer pending|left|any moment/)
  // The transfer completes meanwhile, unseen: the badge neither claims it is pending nor slow.
  const polls = api.count('GET', `/bridge/status/${MOCK_TRANSFERS.pending}`)
  await advance(31 * 60_000)
  expect(api.count('GET', `/bridge/status/${MOCK_TRANSFERS.pending}`)).toBe(polls)
  expect(badge).toHaveAttribute('data-state', 'error')
  expect(status).toHaveTextContent('Could not check the transfer')
})

test('className, ref and rest props (ARIA too) reach the root', async () => {
  const ref = createRef<HTMLDivElement>()
  const { badge } = await renderBadge({
    transferId: MOCK_TRANSFERS.completed,
    ref,
    className: 'mine',
    id: 'badge',
    role: 'group',
    'aria-label': 'Your transfer',
    title: 'Transfer',
  })
  expect(ref.current).toBe(badge)
  expect(badge).toHaveClass('paylink-root', 'paylink-bridge-status-badge', 'mine')
  expect(badge).toHaveAttribute('id', 'badge')
  expect(badge).toHaveAttribute('title', 'Transfer')
  expect(screen.getByRole('group', { name: 'Your transfer' })).toBe(badge)
})

// The old root was the live region, and an app made it assertive: the same prop must not make the
// whole badge live now, the time left and the link names re-read as they change.
test('an aria-live the app passes (assertive) goes to the live region, and the root stays no live region', async () => {
  const { badge, status } = await renderBadge({ transferId: MOCK_TRANSFERS.pending, explorerUrl, 'aria-live': 'assertive' })
  expect(status).toHaveAttribute('aria-live', 'assertive')
  expect(badge).not.toHaveAttribute('aria-live')
  expect(screen.getByText('about 3 minutes left').closest('[aria-live]')).toBeNull()
})

test('unstyled drops our classes and keeps the structure and data attributes', async () => {
  const { badge } = await renderBadge({ transferId: MOCK_TRANSFERS.completed, unstyled: true, className: 'mine' })
  expect(badge.className).toBe('mine')
  expect(badge).toHaveAttribute('data-state', 'completed')
  expect(badge.querySelector('[data-part="indicator"]')).toHaveAttribute('aria-hidden', 'true')
})

test('unstyled, the status, the time left and the links read as words apart, not run together', async () => {
  const inTransit = await renderBadge({ transferId: MOCK_TRANSFERS.inTransit, unstyled: true, explorerUrl })
  expect(inTransit.badge.textContent).toMatch(/^In transit about 1 minute left Source transaction on \S+$/)
  inTransit.unmount()
  const completed = await renderBadge({ transferId: MOCK_TRANSFERS.completed, unstyled: true, explorerUrl })
  expect(completed.badge.textContent).toMatch(/^Transfer completed Source transaction on \S+ Destination transaction on \S+$/)
})

test('labels and locale: German texts and durations', async () => {
  await renderBadge({
    transferId: MOCK_TRANSFERS.pending,
    locale: 'de-DE',
    explorerUrl,
    labels: {
      pending: 'Ausstehend',
      eta: ({ duration }) => `noch etwa ${duration}`,
      sourceTx: ({ chain }) => `Quelltransaktion auf ${chain}`,
    },
  })
  expect(screen.getByRole('status')).toHaveTextContent('Ausstehend')
  expect(root()).toHaveTextContent('noch etwa 3 Minuten')
  // The source transaction appears once the source chain confirms (at 1 minute; the next poll lands at 64 s).
  await advance(STEP_MS + 10_000)
  expect(screen.getByRole('link', { name: 'Quelltransaktion auf solana' })).toBeInTheDocument()
})

test('a label given as undefined (a missing translation) keeps its default text', async () => {
  const t: { pending?: string; eta?: () => string } = {}
  const labels = { pending: t.pending, eta: t.eta, sourceTx: undefined }
  const { badge, status } = await renderBadge({ transferId: MOCK_TRANSFERS.pending, explorerUrl, labels })
  expect(badge).toHaveAttribute('data-state', 'pending')
  expect(status).toHaveTextContent('Transfer pending')
  expect(badge).toHaveTextContent('about 3 minutes left')
  await advance(STEP_MS + 10_000)
  expect(screen.getByRole('link', { name: 'Source transaction on solana' })).toBeInTheDocument()
})

test('the relative time is offered to labels too', async () => {
  await renderBadge({ transferId: MOCK_TRANSFERS.pending, locale: 'de-DE', labels: { eta: ({ relative }) => `fertig ${relative}` } })
  expect(root()).toHaveTextContent('fertig in 3 Minuten')
})

test('the time left comes to labels as a count and a unit too, for a language whose words agree with the number', async () => {
  // Russian "about" takes the genitive, which Intl's "3 минуты" is not: 1 минуты, 2-4 and 5+ минут.
  const eta = ({ count, unit }: { count: number; unit: string }) =>
    unit === 'minute' ? `осталось около ${count} ${new Intl.PluralRules('ru').select(count) === 'one' ? 'минуты' : 'минут'}` : unit
  const polling = { initialIntervalMs: 10 * 60_000, maxIntervalMs: 10 * 60_000 }
  await renderBadge({ transferId: MOCK_TRANSFERS.pending, locale: 'ru-RU', polling, labels: { eta } })
  expect(root()).toHaveTextContent('осталось около 3 минут')
  await advance(STEP_MS + 45_000)
  expect(root()).toHaveTextContent('осталось около 1 минуты')
})

test('outside a PayLinkProvider, the error names BridgeStatusBadge, not a hook the app never called', () => {
  vi.spyOn(console, 'error').mockImplementation(() => {})
  expect(() => render(<BridgeStatusBadge transferId={MOCK_TRANSFERS.pending} />)).toThrow(/^BridgeStatusBadge must be used inside <PayLinkProvider>/)
})

test('renders on a server without touching the browser', () => {
  const Wrapper = wrapperFor()
  const html = renderToString(
    <Wrapper>
      <BridgeStatusBadge transferId={MOCK_TRANSFERS.pending} className="mine" />
    </Wrapper>,
  )
  // The live region is there from the first HTML, so the first status change is announced.
  // (The label in the one child the region is given per status, and the span that lays it out.)
  expect(html).toMatch(/<span data-part="status" role="status"[^>]*><span><span><span data-part="label">Checking the transfer…<\/span><\/span><\/span><\/span>/)
  expect(html).toContain('data-state="loading"')
  expect(html).toContain('Checking the transfer…')
  expect(api.requests).toHaveLength(0)
})

test('server-rendered with a transfer on the way: no time left in the HTML, not "any moment now" (the server has no now of the device), then the time left once hydrated', async () => {
  const server = new QueryClient()
  await server.prefetchQuery(getBridgeStatusQueryOptions(testClient(), MOCK_TRANSFERS.pending))
  const state = JSON.parse(JSON.stringify(dehydrate(server, { shouldDehydrateQuery: () => true })))
  const { container, hydrate } = serverRendered(state, <BridgeStatusBadge transferId={MOCK_TRANSFERS.pending} />)
  expect(container.firstElementChild).toHaveAttribute('data-state', 'pending')
  expect(container).not.toHaveTextContent(/left|any moment/)
  await hydrate()
  await advance(0)
  expect(container).toHaveTextContent('Transfer pending about 3 minutes left')
})

/**
 * A badge server-rendered after a 429 before any answer (an app that dehydrates errors, sent as
 * JSON), hydrated 2 s later; it asserts React found the markup as it would render it.
 */
async function hydrateAfter429(retryAfter: number) {
  api.mock.inject('getBridgeStatus', { retryAfter, times: 1 })
  const server = new QueryClient()
  await server.prefetchQuery(getBridgeStatusQueryOptions(testClient(), MOCK_TRANSFERS.pending))
  const state = JSON.parse(JSON.stringify(dehydrate(server, { shouldDehydrateQuery: () => true })))
  const { container, hydrate } = serverRendered(state, <BridgeStatusBadge transferId={MOCK_TRANSFERS.pending} />)
  expect(container.firstElementChild).toHaveAttribute('data-state', 'error')
  vi.setSystemTime(Date.now() + 2_000)
  await hydrate()
  return container.firstElementChild
}

test('a 429 with a short Retry-After, server-rendered, that has ended by the time the page hydrates: the error the server rendered, not "loading" (a mismatch that throws the page away), then asked again at once', async () => {
  const badge = await hydrateAfter429(1)
  await advance(0)
  expect(badge).toHaveAttribute('data-state', 'pending')
  expect(api.requests).toHaveLength(2)
})

test('a 429 server-rendered whose Retry-After still holds when the page hydrates: nothing asked before it ends', async () => {
  const badge = await hydrateAfter429(10)
  await advance(7_000)
  expect(badge).toHaveAttribute('data-state', 'error')
  expect(api.requests).toHaveLength(1)
  // The poll a Retry-After after the mount, and its answer.
  await advance(3_100)
  expect(api.requests).toHaveLength(2)
  expect(badge).toHaveAttribute('data-state', 'pending')
})

test('bridgeStatusBadgeState', () => {
  const at = (status: string | undefined, isStale = false, isError = false) => bridgeStatusBadgeState({ status, isStale, isError })
  expect(at(undefined)).toBe('loading')
  expect(at(undefined, false, true)).toBe('error')
  expect(at('in_transit', false, true)).toBe('in_transit')
  expect(at('in_transit', true)).toBe('stale')
  expect(at('refunded')).toBe('refunded')
  expect(at('paused')).toBe('unknown')
  // An error that stops polling shows over a status that is not terminal, stale or not; a transient
  // one (polling goes on) and one after a terminal status do not.
  const error = (status: number | undefined, name = 'PayLinkHttpError') => ({ name, status })
  const withError = (status: string | undefined, e: { name: string }, isStale = false) =>
    bridgeStatusBadgeState({ status, isStale, isError: true, error: e })
  expect(withError('in_transit', error(404))).toBe('error')
  expect(withError('pending', error(403), true)).toBe('error')
  expect(withError('paused', error(undefined, 'PayLinkValidationError'))).toBe('error')
  expect(withError(undefined, error(404))).toBe('error')
  expect(withError('in_transit', error(503))).toBe('in_transit')
  expect(withError('in_transit', error(429), true)).toBe('stale')
  expect(withError('source_confirmed', error(408))).toBe('source_confirmed')
  expect(withError('in_transit', error(undefined, 'PayLinkNetworkError'))).toBe('in_transit')
  expect(withError(undefined, error(503))).toBe('error')
  expect(withError('completed', error(404))).toBe('completed')
  expect(withError('refunded', error(undefined, 'PayLinkValidationError'))).toBe('refunded')
  expect(bridgeStatusBadgeState({ status: 'pending', isStale: false, isError: false, error: null })).toBe('pending')
})

/** Serves a transfer in transit, due in 5 minutes, with its times written by `write`. */
function serveInTransit(write: (ms: number) => string) {
  serveTransfer(() => ({
    status: 'in_transit',
    createdAt: write(Date.now() - 60_000),
    updatedAt: write(Date.now()),
    estimatedCompletionAt: write(Date.now() + 5 * 60_000),
  }))
}

test("reads a time without a zone as the server's UTC, not the device's zone (an ETA 9 hours off in Tokyo)", () =>
  inTimeZone('Asia/Tokyo', async () => {
    // As Python's datetime.utcnow().isoformat() writes it: UTC, without a zone.
    serveInTransit((ms) => new Date(ms).toISOString().slice(0, -1))
    const { badge } = await renderBadge({ transferId: 'tr_python' })
    expect(badge).toHaveAttribute('data-state', 'in_transit')
    expect(badge).toHaveTextContent('about 5 minutes left')
  }))

test('the ETA element carries a valid HTML datetime whatever spelling the API used', async () => {
  // As Postgres writes a timestamptz: a space before the time and a short offset, which HTML's
  // datetime attribute does not allow.
  serveInTransit((ms) => `${new Date(ms).toISOString().slice(0, 19).replace('T', ' ')}+00`)
  const { badge } = await renderBadge({ transferId: 'tr_postgres' })
  expect(badge).toHaveTextContent('about 5 minutes left')
  const due = Math.floor((Date.now() + 5 * 60_000) / 1000) * 1000
  expect(badge.querySelector('time')).toHaveAttribute('dateTime', new Date(due).toISOString())
})
