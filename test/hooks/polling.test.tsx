import { act, renderHook } from '@testing-library/react'
import { keepPreviousData, QueryClient } from '@tanstack/react-query'
import { delay, http, HttpResponse } from 'msw'
import { PayLinkHttpError } from '../../src/client.js'
import { useBridgeStatus } from '../../src/hooks/useBridgeStatus.js'
import { usePayment } from '../../src/hooks/usePayment.js'
import { transferLifecycle } from '../../src/query/getBridgeStatusQueryOptions.js'
import { pollUntilSettled } from '../../src/query/pollUntilSettled.js'
import { MOCK_PAYMENTS, MOCK_TRANSFERS } from '../../src/mock/constants.js'
import { testClient, testQueryClient, useMockApi, wrapperFor } from './harness.js'

const api = useMockApi({ transferStepMs: 5_000, settleDelayMs: 2_000 })

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] })
})
afterEach(() => {
  vi.useRealTimers()
  setVisibility('visible')
})

const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms))

function setVisibility(state: 'visible' | 'hidden') {
  Object.defineProperty(document, 'visibilityState', { value: state, configurable: true })
  Object.defineProperty(document, 'hidden', { value: state === 'hidden', configurable: true })
  window.dispatchEvent(new Event('visibilitychange'))
  document.dispatchEvent(new Event('visibilitychange'))
}

const transferPath = (id: string) => `/bridge/status/${id}`

/** Answers every transfer with these statuses in turn (the last one from then on), each after `latencyMs`. */
function answerStatuses(answers: string[], latencyMs = 0) {
  let i = 0
  api.server.use(
    http.get('*/pub/v1/bridge/status/:id', async ({ params }) => {
      const status = answers[Math.min(i++, answers.length - 1)]
      if (latencyMs) await delay(latencyMs)
      return HttpResponse.json({
        id: params.id,
        status,
        sourceChain: 'solana',
        destinationChain: 'base',
        asset: 'USDC',
        amount: '10',
        createdAt: '2026-01-01T00:00:00Z',
        updatedAt: '2026-01-01T00:00:00Z',
      })
    }),
  )
}

test('a transfer is followed to completed, with back-off, and never asked again after', async () => {
  // The mock's clock is the faked Date: it moves one step per 5 s from the start.
  api.mock.reset()
  const { result } = renderHook(() => useBridgeStatus(MOCK_TRANSFERS.pending), { wrapper: wrapperFor() })
  await advance(0)
  expect(result.current.data?.status).toBe('pending')
  const seen = new Set<string>()
  seen.add('pending')
  for (let t = 0; t < 30_000; t += 500) {
    await advance(500)
    if (result.current.data) seen.add(result.current.data.status)
  }
  expect(result.current.data?.status).toBe('completed')
  // Statuses appear in lifecycle order (back-off may skip one), never repeated out of order.
  const order = ['pending', 'source_confirmed', 'in_transit', 'completed']
  const shown = [...seen].map((s) => order.indexOf(s))
  expect(shown).toEqual([...shown].sort((a, b) => a - b))
  expect(shown.length).toBeGreaterThanOrEqual(3)
  const polls = api.count('GET', transferPath(MOCK_TRANSFERS.pending))
  // Back-off: 2 s growing by half each time, so far fewer than one poll per 2 s over 30 s.
  expect(polls).toBeGreaterThanOrEqual(4)
  expect(polls).toBeLessThanOrEqual(8)
  await advance(10 * 60_000)
  expect(api.count('GET', transferPath(MOCK_TRANSFERS.pending))).toBe(polls)
  expect(result.current.isStale).toBe(false)
})

test('a terminal transfer is fetched once and never polled', async () => {
  const { result } = renderHook(() => useBridgeStatus(MOCK_TRANSFERS.refunded), { wrapper: wrapperFor() })
  await advance(0)
  expect(result.current.data?.status).toBe('refunded')
  await advance(5 * 60_000)
  expect(api.count('GET', transferPath(MOCK_TRANSFERS.refunded))).toBe(1)
})

test('no request while the document is hidden; polling resumes when it is visible', async () => {
  api.mock.useScenario('transfer-stuck-in-transit')
  const { result } = renderHook(() => useBridgeStatus(MOCK_TRANSFERS.inTransit), { wrapper: wrapperFor() })
  await advance(0)
  expect(result.current.data?.status).toBe('in_transit')
  const before = api.count('GET', transferPath(MOCK_TRANSFERS.inTransit))
  setVisibility('hidden')
  await advance(5 * 60_000)
  expect(api.count('GET', transferPath(MOCK_TRANSFERS.inTransit))).toBe(before)
  setVisibility('visible')
  await advance(100)
  expect(api.count('GET', transferPath(MOCK_TRANSFERS.inTransit))).toBeGreaterThan(before)
})

// The two hooks that follow a record, as the test reads them: the status followed.
type Followed = () => { data?: { status: string } | undefined }
test.each([
  ['useBridgeStatus', 'transfer-stuck-in-transit', transferPath(MOCK_TRANSFERS.inTransit), (() => useBridgeStatus(MOCK_TRANSFERS.inTransit)) as Followed, 'in_transit'],
  ['usePayment', 'payment-settles-slowly', `/payments/${MOCK_PAYMENTS.verified}`, (() => usePayment(MOCK_PAYMENTS.verified)) as Followed, 'verified'],
] as const)('%s: a network back online while the tab is hidden asks nothing until the tab is shown again', async (_, scenario, path, useFollowed, status) => {
  api.mock.useScenario(scenario)
  const { result } = renderHook(useFollowed, { wrapper: wrapperFor() })
  await advance(0)
  expect(result.current.data?.status).toBe(status)
  const before = api.count('GET', path)
  setVisibility('hidden')
  await act(async () => {
    window.dispatchEvent(new Event('offline'))
    window.dispatchEvent(new Event('online'))
  })
  await advance(10)
  expect(api.count('GET', path)).toBe(before)
  setVisibility('visible')
  await advance(10)
  expect(api.count('GET', path)).toBe(before + 1)
})

test("a tab shown again asks for a moving transfer even where the app's defaults turn focus refetches off; query: { refetchOnWindowFocus: false } turns it off for one hook", async () => {
  api.mock.useScenario('transfer-stuck-in-transit')
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity, refetchOnWindowFocus: false } } })
  const asked = () => api.count('GET', transferPath(MOCK_TRANSFERS.inTransit))
  const focusAsks = async () => {
    const before = asked()
    setVisibility('hidden')
    setVisibility('visible')
    // Well before the next poll (2 s at the least): only the focus can ask in between.
    await advance(10)
    return asked() - before
  }
  const followed = renderHook(() => useBridgeStatus(MOCK_TRANSFERS.inTransit), { wrapper: wrapperFor(testClient(), queryClient) })
  await advance(0)
  expect(followed.result.current.data?.status).toBe('in_transit')
  expect(await focusAsks()).toBe(1)
  followed.unmount()
  queryClient.clear()
  const quiet = renderHook(() => useBridgeStatus(MOCK_TRANSFERS.inTransit, { query: { refetchOnWindowFocus: false } }), {
    wrapper: wrapperFor(testClient(), queryClient),
  })
  await advance(0)
  expect(quiet.result.current.data?.status).toBe('in_transit')
  expect(await focusAsks()).toBe(0)
})

/** Follows `tr_custom` with an `onRegression` spy; `shown` lists the status of every render. */
function followWithSpy() {
  const onRegression = vi.fn()
  const shown: string[] = []
  const { result } = renderHook(
    () => {
      const r = useBridgeStatus('tr_custom', { polling: { onRegression } })
      if (r.data) shown.push(r.data.status)
      return r
    },
    { wrapper: wrapperFor() },
  )
  return { result, shown, onRegression }
}

test('a status that moves backwards is ignored and reported, not shown', async () => {
  answerStatuses(['in_transit', 'pending', 'completed', 'in_transit'])
  const { result, shown, onRegression } = followWithSpy()
  await advance(0)
  await advance(2_000)
  expect(onRegression).toHaveBeenCalledWith('in_transit', 'pending')
  await advance(3_100)
  expect(result.current.data?.status).toBe('completed')
  // A stray answer after the terminal one (here forced by a manual refetch) is not shown either.
  await act(() => result.current.refetch())
  expect(result.current.data?.status).toBe('completed')
  expect(onRegression).toHaveBeenCalledWith('completed', 'in_transit')
  expect(shown).not.toContain('pending')
  expect(shown.slice(shown.indexOf('completed'))).not.toContain('in_transit')
})

test('a status this version does not know does not open the way back: in_transit, then an unknown one, then pending is ignored and reported', async () => {
  answerStatuses(['in_transit', 'bridging', 'pending', 'completed'])
  const { result, shown, onRegression } = followWithSpy()
  await advance(0)
  await advance(2_100)
  expect(result.current.data?.status).toBe('bridging')
  await advance(3_000)
  expect(onRegression).toHaveBeenCalledWith('bridging', 'pending')
  expect(result.current.data?.status).toBe('bridging')
  await advance(4_600)
  expect(result.current.data?.status).toBe('completed')
  expect(shown).not.toContain('pending')
})

test('nothing replaces a terminal status, not even one this version does not know', async () => {
  answerStatuses(['completed', 'teleporting'])
  const onRegression = vi.fn()
  const { result } = renderHook(() => useBridgeStatus('tr_custom', { polling: { onRegression } }), { wrapper: wrapperFor() })
  await advance(0)
  expect(result.current.data?.status).toBe('completed')
  await act(() => result.current.refetch())
  expect(result.current.data?.status).toBe('completed')
  expect(onRegression).toHaveBeenCalledWith('completed', 'teleporting')
})

test('a terminal status answered again (a manual refetch) with new details shows them, and reports no step backwards', async () => {
  let destinationTx: string | undefined
  api.server.use(
    http.get('*/pub/v1/bridge/status/:id', ({ params }) =>
      HttpResponse.json({ id: params.id, status: 'completed', sourceChain: 'solana', destinationChain: 'base', asset: 'USDC', amount: '10', destinationTx, createdAt: '2026-01-01T00:00:00Z', updatedAt: '2026-01-01T00:00:00Z' }),
    ),
  )
  const { result, onRegression } = followWithSpy()
  await advance(0)
  expect(result.current.data?.status).toBe('completed')
  destinationTx = '0xfeed'
  await act(() => result.current.refetch())
  await advance(0)
  expect(result.current.data).toMatchObject({ status: 'completed', destinationTx: '0xfeed' })
  expect(onRegression).not.toHaveBeenCalled()
})

test('after a status this version does not know, the furthest known one again is shown, not taken for a step backwards', async () => {
  answerStatuses(['in_transit', 'bridging', 'in_transit'])
  const { result, onRegression } = followWithSpy()
  await advance(0)
  await advance(2_100)
  expect(result.current.data?.status).toBe('bridging')
  await advance(3_000)
  expect(result.current.data?.status).toBe('in_transit')
  expect(onRegression).not.toHaveBeenCalled()
})

test('a network back online while the tab is shown asks for a moving transfer at once', async () => {
  api.mock.useScenario('transfer-stuck-in-transit')
  const { result } = renderHook(() => useBridgeStatus(MOCK_TRANSFERS.inTransit), { wrapper: wrapperFor() })
  await advance(0)
  expect(result.current.data?.status).toBe('in_transit')
  const before = api.count('GET', transferPath(MOCK_TRANSFERS.inTransit))
  await act(async () => {
    window.dispatchEvent(new Event('offline'))
    window.dispatchEvent(new Event('online'))
  })
  // Well before the next poll (2 s at the least): only the reconnect can ask in between.
  await advance(10)
  expect(api.count('GET', transferPath(MOCK_TRANSFERS.inTransit))).toBe(before + 1)
})

test('a component re-renders once per answer, not when each poll starts, and still sees polling give up', async () => {
  // Each answer takes 300 ms, so a poll starting and its answer are two moments apart.
  answerStatuses(['in_transit'], 300)
  let renders = 0
  const { result } = renderHook(
    () => {
      renders++
      const { data, isStale } = useBridgeStatus('xfer_slow', { polling: { maxDurationMs: 20_000 } })
      return { status: data?.status, isStale }
    },
    { wrapper: wrapperFor() },
  )
  await advance(1_000)
  expect(result.current.status).toBe('in_transit')
  const [rendersBefore, pollsBefore] = [renders, api.count('GET', transferPath('xfer_slow'))]
  // In steps shorter than an answer takes: React 18 batches whatever happens within one act().
  for (let t = 0; t < 30_000; t += 100) await advance(100)
  const polls = api.count('GET', transferPath('xfer_slow')) - pollsBefore

  expect(polls).toBeGreaterThanOrEqual(3)
  // Each answer is the same transfer again: its time changes, so `isStale` is looked at again; the
  // fetch starting (isFetching) does not re-render a component that does not read it.
  expect(renders - rendersBefore).toBe(polls)
  // Polling gave up with an answer equal to the one before, and the component still says so.
  expect(result.current).toEqual({ status: 'in_transit', isStale: true })
})

test('polling gives up after maxDurationMs and reports isStale', async () => {
  api.mock.useScenario('transfer-stuck-in-transit')
  const { result } = renderHook(
    () => useBridgeStatus(MOCK_TRANSFERS.inTransit, { polling: { maxDurationMs: 60_000 } }),
    { wrapper: wrapperFor() },
  )
  await advance(0)
  expect(result.current.isStale).toBe(false)
  await advance(61_000)
  expect(result.current.isStale).toBe(true)
  expect(result.current.data?.status).toBe('in_transit')
  const polls = api.count('GET', transferPath(MOCK_TRANSFERS.inTransit))
  await advance(10 * 60_000)
  expect(api.count('GET', transferPath(MOCK_TRANSFERS.inTransit))).toBe(polls)
})

test('a 429 pushes the next poll past its Retry-After', async () => {
  api.mock.useScenario('transfer-stuck-in-transit')
  api.mock.inject('getBridgeStatus', { retryAfter: 20, times: 1 })
  const { result } = renderHook(() => useBridgeStatus(MOCK_TRANSFERS.inTransit), { wrapper: wrapperFor() })
  await advance(0)
  expect(result.current.error).toBeInstanceOf(PayLinkHttpError)
  expect(result.current.error).toMatchObject({ status: 429, retryAfterSeconds: 20 })
  await advance(19_000)
  expect(api.count('GET', transferPath(MOCK_TRANSFERS.inTransit))).toBe(1)
  await advance(2_000)
  expect(api.count('GET', transferPath(MOCK_TRANSFERS.inTransit))).toBe(2)
  expect(result.current.data?.status).toBe('in_transit')
})

test('within a 429\'s Retry-After, a tab shown again or a network back online asks nothing; polling resumes when it ends', async () => {
  api.mock.useScenario('transfer-stuck-in-transit')
  api.mock.inject('getBridgeStatus', { retryAfter: 60, times: 1 })
  const { result } = renderHook(() => useBridgeStatus(MOCK_TRANSFERS.inTransit), { wrapper: wrapperFor() })
  await advance(1_000)
  expect(result.current.error).toMatchObject({ status: 429, retryAfterSeconds: 60 })
  setVisibility('hidden')
  await advance(1_000)
  setVisibility('visible')
  await advance(0)
  await act(async () => {
    window.dispatchEvent(new Event('offline'))
    window.dispatchEvent(new Event('online'))
  })
  await advance(0)
  expect(api.count('GET', transferPath(MOCK_TRANSFERS.inTransit))).toBe(1)
  await advance(59_000)
  expect(api.count('GET', transferPath(MOCK_TRANSFERS.inTransit))).toBe(2)
  expect(result.current.data?.status).toBe('in_transit')
})

test("within a first answer's 429 Retry-After, another badge of the transfer mounting (a list, a remount) asks nothing; polling resumes when it ends", async () => {
  api.mock.useScenario('transfer-stuck-in-transit')
  api.mock.inject('getBridgeStatus', { retryAfter: 60, times: 1 })
  const wrapper = wrapperFor()
  const first = renderHook(() => useBridgeStatus(MOCK_TRANSFERS.inTransit), { wrapper })
  await advance(1_000)
  expect(first.result.current.error).toMatchObject({ status: 429, retryAfterSeconds: 60 })
  const second = renderHook(() => useBridgeStatus(MOCK_TRANSFERS.inTransit), { wrapper })
  await advance(1_000)
  expect(api.count('GET', transferPath(MOCK_TRANSFERS.inTransit))).toBe(1)
  await advance(59_000)
  expect(api.count('GET', transferPath(MOCK_TRANSFERS.inTransit))).toBe(2)
  expect(second.result.current.data?.status).toBe('in_transit')
})

test('an app whose queries are forgotten at once (gcTime: 0): a badge mounting again within a 429\'s Retry-After asks nothing; polling resumes when it ends', async () => {
  api.mock.useScenario('transfer-stuck-in-transit')
  api.mock.inject('getBridgeStatus', { retryAfter: 60, times: 1 })
  const wrapper = wrapperFor(undefined, new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: 0 } } }))
  const first = renderHook(() => useBridgeStatus(MOCK_TRANSFERS.inTransit), { wrapper })
  await advance(1_000)
  expect(first.result.current.error).toMatchObject({ status: 429, retryAfterSeconds: 60 })
  first.unmount()
  await advance(1_000)
  const second = renderHook(() => useBridgeStatus(MOCK_TRANSFERS.inTransit), { wrapper })
  await advance(1_000)
  expect(api.count('GET', transferPath(MOCK_TRANSFERS.inTransit))).toBe(1)
  expect(second.result.current.error).toMatchObject({ status: 429, retryAfterSeconds: 60 })
  await advance(56_000)
  expect(api.count('GET', transferPath(MOCK_TRANSFERS.inTransit))).toBe(1)
  // At its end (60 s), not a Retry-After after the mount.
  await advance(2_000)
  expect(api.count('GET', transferPath(MOCK_TRANSFERS.inTransit))).toBe(2)
  expect(second.result.current.data?.status).toBe('in_transit')
})

test('after a first answer that is an error, a badge mounting once its Retry-After has passed asks at once', async () => {
  api.mock.useScenario('transfer-stuck-in-transit')
  api.mock.inject('getBridgeStatus', { retryAfter: 5, times: 1 })
  const wrapper = wrapperFor()
  const first = renderHook(() => useBridgeStatus(MOCK_TRANSFERS.inTransit), { wrapper })
  await advance(1_000)
  expect(first.result.current.error).toMatchObject({ status: 429, retryAfterSeconds: 5 })
  first.unmount()
  await advance(10_000)
  const second = renderHook(() => useBridgeStatus(MOCK_TRANSFERS.inTransit), { wrapper })
  await advance(0)
  expect(api.count('GET', transferPath(MOCK_TRANSFERS.inTransit))).toBe(2)
  expect(second.result.current.data?.status).toBe('in_transit')
})

test('a Retry-After that outlasts maxDurationMs: isStale still turns true at the deadline, with one last poll then', async () => {
  api.mock.useScenario('transfer-stuck-in-transit')
  const { result } = renderHook(
    () => useBridgeStatus(MOCK_TRANSFERS.inTransit, { polling: { maxDurationMs: 60_000 } }),
    { wrapper: wrapperFor() },
  )
  await advance(0)
  // The poll at 2 s meets a 503 that says to come back in a day.
  api.mock.inject('getBridgeStatus', { status: 503, retryAfter: 86_400, times: 2 })
  await advance(2_100)
  expect(result.current.error).toMatchObject({ status: 503, retryAfterSeconds: 86_400 })
  const polls = api.count('GET', transferPath(MOCK_TRANSFERS.inTransit))
  await advance(57_000)
  expect(api.count('GET', transferPath(MOCK_TRANSFERS.inTransit))).toBe(polls)
  expect(result.current.isStale).toBe(false)
  // "Taking longer than usual" at the minute, not a day later: the poll that brings the render goes
  // then, the one request inside the Retry-After.
  await advance(2_000)
  expect(api.count('GET', transferPath(MOCK_TRANSFERS.inTransit))).toBe(polls + 1)
  expect(result.current).toMatchObject({ isStale: true, data: { status: 'in_transit' } })
  await advance(10 * 60_000)
  expect(api.count('GET', transferPath(MOCK_TRANSFERS.inTransit))).toBe(polls + 1)
})

test.each([
  ['inside a Retry-After', {}, { status: 503, retryAfter: 300, times: 1 }],
  ['with focus refetches turned off', { refetchOnWindowFocus: false }, { times: 0 }],
] as const)('a tab hidden across the deadline and shown again %s: isStale at once, and no poll after the deadline', async (_, query, fault) => {
  api.mock.useScenario('transfer-stuck-in-transit')
  const { result } = renderHook(
    () => useBridgeStatus(MOCK_TRANSFERS.inTransit, { polling: { maxDurationMs: 60_000 }, query }),
    { wrapper: wrapperFor() },
  )
  await advance(0)
  api.mock.inject('getBridgeStatus', fault)
  await advance(30_000)
  setVisibility('hidden')
  await advance(40_000)
  const polls = api.count('GET', transferPath(MOCK_TRANSFERS.inTransit))
  setVisibility('visible')
  await advance(0)
  expect(result.current.isStale).toBe(true)
  // The poll timer that ran out while the tab was hidden must not ask once it shows again.
  await advance(10 * 60_000)
  expect(api.count('GET', transferPath(MOCK_TRANSFERS.inTransit))).toBe(polls)
})

type FollowedStale = () => { isStale: boolean }

test.each([
  ['useBridgeStatus', 'transfer-stuck-in-transit', transferPath(MOCK_TRANSFERS.inTransit), (() => useBridgeStatus(MOCK_TRANSFERS.inTransit, { polling: { maxDurationMs: 40_000 } })) as FollowedStale],
  ['usePayment', undefined, '/payments/pay_stuck', (() => usePayment('pay_stuck', { polling: { maxDurationMs: 40_000 } })) as FollowedStale],
] as const)('%s: a device offline across the deadline says isStale at the deadline, not only once back online', async (_, scenario, path, useFollowed) => {
  if (scenario) api.mock.useScenario(scenario)
  // A payment that stays verified.
  else {
    api.server.use(
      http.get('*/pub/v1/payments/:id', ({ params }) =>
        HttpResponse.json({ id: params.id, linkCode: 'lnk_a', status: 'verified', amount: '1', asset: 'USDC', network: 'base', createdAt: '2026-01-01T00:00:00Z', updatedAt: '2026-01-01T00:00:00Z' }),
      ),
    )
  }
  const { result } = renderHook(useFollowed, { wrapper: wrapperFor() })
  await advance(0)
  expect(result.current.isStale).toBe(false)
  await advance(20_000)
  await act(async () => {
    window.dispatchEvent(new Event('offline'))
  })
  try {
    await advance(19_000)
    expect(result.current.isStale).toBe(false)
    const polls = api.count('GET', path)
    // "Taking longer than usual" at the deadline, offline as online: nothing was asked to learn it.
    await advance(1_500)
    expect(result.current.isStale).toBe(true)
    expect(api.count('GET', path)).toBe(polls)
  } finally {
    await act(async () => {
      window.dispatchEvent(new Event('online'))
    })
  }
  // Back online: the poll held at the deadline goes, and none after it.
  await advance(10)
  const polls = api.count('GET', path)
  await advance(10 * 60_000)
  expect(api.count('GET', path)).toBe(polls)
  expect(result.current.isStale).toBe(true)
})

test('a 503 with a Retry-After pushes the next poll past it, as a 429 does', async () => {
  api.mock.useScenario('transfer-stuck-in-transit')
  api.mock.inject('getBridgeStatus', { status: 503, retryAfter: 20, times: 1 })
  const { result } = renderHook(() => useBridgeStatus(MOCK_TRANSFERS.inTransit), { wrapper: wrapperFor() })
  await advance(0)
  expect(result.current.error).toMatchObject({ name: 'PayLinkHttpError', status: 503, retryAfterSeconds: 20 })
  // Not at the 2 s of the back-off: the server said when to come back.
  await advance(19_000)
  expect(api.count('GET', transferPath(MOCK_TRANSFERS.inTransit))).toBe(1)
  await advance(2_000)
  expect(api.count('GET', transferPath(MOCK_TRANSFERS.inTransit))).toBe(2)
  expect(result.current.data?.status).toBe('in_transit')
})

test('a badge mounted 20 s into a 30 s Retry-After (a remount) asks when it ends, at 30 s, not a whole Retry-After after its mount', async () => {
  api.mock.useScenario('transfer-stuck-in-transit')
  api.mock.inject('getBridgeStatus', { retryAfter: 30, times: 1 })
  const wrapper = wrapperFor()
  const first = renderHook(() => useBridgeStatus(MOCK_TRANSFERS.inTransit), { wrapper })
  await advance(0)
  expect(first.result.current.error).toMatchObject({ status: 429, retryAfterSeconds: 30 })
  await advance(20_000)
  first.unmount()
  const second = renderHook(() => useBridgeStatus(MOCK_TRANSFERS.inTransit), { wrapper })
  await advance(9_900)
  expect(api.count('GET', transferPath(MOCK_TRANSFERS.inTransit))).toBe(1)
  await advance(200)
  expect(api.count('GET', transferPath(MOCK_TRANSFERS.inTransit))).toBe(2)
  expect(second.result.current.data?.status).toBe('in_transit')
})

test('a render while the deadline is nearer than the wait does not put off the poll due before it', async () => {
  api.mock.useScenario('transfer-stuck-in-transit')
  const polling = { initialIntervalMs: 10_000, maxIntervalMs: 10_000, maxDurationMs: 25_000 }
  const { rerender } = renderHook(() => useBridgeStatus(MOCK_TRANSFERS.inTransit, { polling }), { wrapper: wrapperFor() })
  await advance(10_100)
  expect(api.count('GET', transferPath(MOCK_TRANSFERS.inTransit))).toBe(2)
  // 17 s: the deadline (25 s) is 8 s away, nearer than the 10 s wait; the poll is still due at 20 s.
  await advance(6_900)
  rerender()
  await advance(3_100)
  expect(api.count('GET', transferPath(MOCK_TRANSFERS.inTransit))).toBe(3)
  // And the last one at the deadline.
  await advance(5_000)
  expect(api.count('GET', transferPath(MOCK_TRANSFERS.inTransit))).toBe(4)
})

test('a render after a poll fell due, before its timer ran (a busy page), does not stop polling: the poll goes within a second', async () => {
  api.mock.useScenario('transfer-stuck-in-transit')
  const polling = { initialIntervalMs: 10_000, maxIntervalMs: 10_000 }
  const { rerender } = renderHook(() => useBridgeStatus(MOCK_TRANSFERS.inTransit, { polling }), { wrapper: wrapperFor() })
  await advance(9_000)
  // The clock passes the due time while the timer waits, as it does on a busy main thread.
  vi.setSystemTime(Date.now() + 1_500)
  rerender()
  await advance(1_000)
  expect(api.count('GET', transferPath(MOCK_TRANSFERS.inTransit))).toBe(2)
  // A request under way (due since its start) re-arms nothing that asks twice; the next poll is a wait after its answer.
  await advance(9_900)
  expect(api.count('GET', transferPath(MOCK_TRANSFERS.inTransit))).toBe(2)
  await advance(200)
  expect(api.count('GET', transferPath(MOCK_TRANSFERS.inTransit))).toBe(3)
})

test('the polling clock starts at a first answer that is an error stopping polling: isStale after maxDurationMs', async () => {
  const { result, rerender } = renderHook(() => useBridgeStatus('tr_nope', { polling: { maxDurationMs: 60_000 } }), {
    wrapper: wrapperFor(),
  })
  await advance(0)
  expect(result.current.error).toMatchObject({ name: 'PayLinkHttpError', status: 404 })
  expect(result.current.isStale).toBe(false)
  await advance(59_000)
  // Nothing polls any more: a render for another reason (a parent's) reads the clock again.
  rerender()
  expect(result.current.isStale).toBe(false)
  await advance(2_000)
  rerender()
  expect(result.current.isStale).toBe(true)
  expect(api.count('GET', transferPath('tr_nope'))).toBe(1)
})

test('usePayment follows a verified payment until it settles, then stops', async () => {
  api.mock.reset()
  const { result } = renderHook(() => usePayment(MOCK_PAYMENTS.verified), { wrapper: wrapperFor() })
  await advance(0)
  expect(result.current.data?.status).toBe('verified')
  await advance(3_000)
  expect(result.current.data?.status).toBe('settled')
  const polls = api.count('GET', `/payments/${MOCK_PAYMENTS.verified}`)
  await advance(5 * 60_000)
  expect(api.count('GET', `/payments/${MOCK_PAYMENTS.verified}`)).toBe(polls)
})

test("usePayment given another id, under an app's default keepPreviousData: no status until its own answer, not the last payment's", async () => {
  api.mock.reset()
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, placeholderData: keepPreviousData } } })
  const { result, rerender } = renderHook(({ id }) => usePayment(id), {
    wrapper: wrapperFor(testClient(), queryClient),
    initialProps: { id: MOCK_PAYMENTS.settled as string },
  })
  await advance(0)
  expect(result.current.data?.status).toBe('settled')
  api.mock.inject('getPayment', { latencyMs: 1_000, times: 1 })
  rerender({ id: MOCK_PAYMENTS.verified })
  expect(result.current.data).toBeUndefined()
  expect(result.current.isPending).toBe(true)
  // Still waiting for its answer: still nothing shown as its own.
  await advance(500)
  expect(result.current.data).toBeUndefined()
  await advance(5_000)
  expect(result.current.data?.id).toBe(MOCK_PAYMENTS.verified)
})

test("usePayment within a 429's Retry-After: a tab shown again, a network back online or another usePayment mounting asks nothing; a tab shown once it has ended asks at once", async () => {
  const path = `/payments/${MOCK_PAYMENTS.pending}`
  const wrapper = wrapperFor()
  const first = renderHook(() => usePayment(MOCK_PAYMENTS.pending), { wrapper })
  await advance(0)
  expect(first.result.current.data?.status).toBe('pending')
  api.mock.inject('getPayment', { retryAfter: 30, times: 1 })
  // The poll 2 s after the first answer.
  await advance(3_000)
  expect(first.result.current.error).toMatchObject({ status: 429, retryAfterSeconds: 30 })
  expect(api.count('GET', path)).toBe(2)
  setVisibility('hidden')
  await advance(1_000)
  setVisibility('visible')
  await advance(0)
  await act(async () => {
    window.dispatchEvent(new Event('offline'))
    window.dispatchEvent(new Event('online'))
  })
  const second = renderHook(() => usePayment(MOCK_PAYMENTS.pending), { wrapper })
  await advance(1_000)
  expect(api.count('GET', path)).toBe(2)
  // Hidden past the end (no poll while hidden): shown again, it asks at once.
  setVisibility('hidden')
  await advance(40_000)
  expect(api.count('GET', path)).toBe(2)
  setVisibility('visible')
  await advance(0)
  expect(api.count('GET', path)).toBe(3)
  expect(second.result.current.data?.status).toBe('pending')
})

test("usePayment within a first answer's 429 Retry-After: another usePayment mounting asks nothing, even in an app whose queries are forgotten at once (gcTime: 0); polling resumes when it ends", async () => {
  const path = `/payments/${MOCK_PAYMENTS.pending}`
  api.mock.inject('getPayment', { retryAfter: 30, times: 1 })
  const wrapper = wrapperFor(undefined, new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: 0 } } }))
  const first = renderHook(() => usePayment(MOCK_PAYMENTS.pending), { wrapper })
  await advance(1_000)
  expect(first.result.current.error).toMatchObject({ status: 429, retryAfterSeconds: 30 })
  first.unmount()
  await advance(1_000)
  const second = renderHook(() => usePayment(MOCK_PAYMENTS.pending), { wrapper })
  await advance(1_000)
  expect(api.count('GET', path)).toBe(1)
  expect(second.result.current.error).toMatchObject({ status: 429, retryAfterSeconds: 30 })
  await advance(26_000)
  expect(api.count('GET', path)).toBe(1)
  // At its end (30 s), not a Retry-After after the mount.
  await advance(2_000)
  expect(api.count('GET', path)).toBe(2)
  expect(second.result.current.data?.status).toBe('pending')
})

test('usePayment reports an unknown payment as a 404, and an empty id as disabled', async () => {
  const { result } = renderHook(() => usePayment('pay_nope'), { wrapper: wrapperFor() })
  await advance(0)
  expect(result.current.error).toMatchObject({ name: 'PayLinkHttpError', status: 404 })
  const disabled = renderHook(() => usePayment(undefined), { wrapper: wrapperFor() })
  await advance(10_000)
  expect(disabled.result.current.fetchStatus).toBe('idle')
  expect(api.count('GET', '/payments/pay_nope')).toBe(1)
})

test.each([
  ['a dropped connection', true, { dropConnection: true }],
  ['a 408', true, { status: 408 }],
  ['a 503', true, { status: 503 }],
  ['a 404', false, { status: 404 }],
  ['an answer that breaks the contract', false, { malformedJson: true }],
])('after %s, polling goes on: %s', async (_, again, fault) => {
  api.mock.useScenario('transfer-stuck-in-transit')
  api.mock.inject('getBridgeStatus', { ...fault, times: 1 })
  const { result } = renderHook(() => useBridgeStatus(MOCK_TRANSFERS.inTransit), { wrapper: wrapperFor() })
  await advance(0)
  expect(result.current.error).not.toBeNull()
  await advance(5 * 60_000)
  expect(api.count('GET', transferPath(MOCK_TRANSFERS.inTransit)) > 1).toBe(again)
})

test('without onRegression, a step backwards is a console warning (in development)', async () => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
  try {
    answerStatuses(['in_transit', 'pending'])
    const { result } = renderHook(() => useBridgeStatus('tr_custom'), { wrapper: wrapperFor() })
    await advance(2_000)
    expect(result.current.data?.status).toBe('in_transit')
    expect(warn).toHaveBeenCalledWith('[paylink] ignored a backward status: "pending" after "in_transit"')
  } finally {
    warn.mockRestore()
  }
})

test('without onRegression, a production build says nothing of a step backwards', async () => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
  vi.stubEnv('NODE_ENV', 'production')
  try {
    answerStatuses(['in_transit', 'pending'])
    const { result } = renderHook(() => useBridgeStatus('tr_custom'), { wrapper: wrapperFor() })
    await advance(2_000)
    expect(api.count('GET', transferPath('tr_custom'))).toBe(2)
    expect(result.current.data?.status).toBe('in_transit')
    expect(warn).not.toHaveBeenCalled()
  } finally {
    vi.unstubAllEnvs()
    warn.mockRestore()
  }
})

test('a query without an id starts no polling clock: never stale, and stale only maxDurationMs after it polls', async () => {
  api.mock.useScenario('transfer-stuck-in-transit')
  const { result, rerender } = renderHook((id: string | undefined) => useBridgeStatus(id, { polling: { maxDurationMs: 60_000 } }), {
    wrapper: wrapperFor(),
    initialProps: undefined as string | undefined,
  })
  const payment = renderHook(() => usePayment(undefined), { wrapper: wrapperFor() })
  await advance(31 * 60_000)
  // A render for another reason (a parent's) reads the clock again.
  rerender(undefined)
  payment.rerender()
  expect(result.current.isStale).toBe(false)
  expect(payment.result.current.isStale).toBe(false)
  rerender(MOCK_TRANSFERS.inTransit)
  await advance(0)
  expect(result.current.data?.status).toBe('in_transit')
  expect(result.current.isStale).toBe(false)
  await advance(61_000)
  expect(result.current.isStale).toBe(true)
})

test('after resetQueries the polling clock starts again at the next answer: not stale at once, polling again', async () => {
  api.mock.useScenario('transfer-stuck-in-transit')
  const queryClient = testQueryClient()
  const { result } = renderHook(() => useBridgeStatus(MOCK_TRANSFERS.inTransit, { polling: { maxDurationMs: 60_000 } }), {
    wrapper: wrapperFor(testClient(), queryClient),
  })
  await advance(61_000)
  expect(result.current.isStale).toBe(true)
  await act(() => queryClient.resetQueries())
  await advance(0)
  expect(result.current.data?.status).toBe('in_transit')
  expect(result.current.isStale).toBe(false)
  const polls = api.count('GET', transferPath(MOCK_TRANSFERS.inTransit))
  await advance(30_000)
  expect(api.count('GET', transferPath(MOCK_TRANSFERS.inTransit))).toBeGreaterThan(polls)
  expect(result.current.isStale).toBe(false)
  await advance(31_000)
  expect(result.current.isStale).toBe(true)
})

test('a Retry-After longer than a timer can wait asks again at the longest wait a timer holds, not at once', () => {
  const { refetchInterval } = pollUntilSettled(transferLifecycle, { maxDurationMs: Infinity })
  const error = new PayLinkHttpError({ endpoint: 'getBridgeStatus', status: 429, code: 'rate_limited', message: 'slow down', body: undefined, retryAfterSeconds: 30 * 86_400 })
  const query = { state: { data: undefined, error, dataUpdateCount: 0, errorUpdateCount: 1, dataUpdatedAt: 0, errorUpdatedAt: Date.now() } }
  // 2^31 - 1 ms: a longer delay fires after 1 ms.
  expect(refetchInterval(query as never)).toBe(2_147_483_647)
})

test('useBridgeStatus outside the provider names itself and the provider', () => {
  vi.spyOn(console, 'error').mockImplementation(() => {})
  expect(() => renderHook(() => useBridgeStatus(MOCK_TRANSFERS.pending))).toThrow(/^useBridgeStatus must be used inside <PayLinkProvider>/)
})

test('a device clock set back an hour (an NTP correction, a time-zone mistake undone) does not hold the next poll for that hour', async () => {
  answerStatuses(['in_transit', 'in_transit', 'in_transit', 'completed'])
  const { result, rerender } = renderHook(() => useBridgeStatus(MOCK_TRANSFERS.inTransit), { wrapper: wrapperFor() })
  await advance(0)
  expect(result.current.data?.status).toBe('in_transit')
  vi.setSystemTime(Date.now() - 3_600_000)
  // A render for another reason (the badge's time left ticks every 15 s) reads the clock again.
  rerender()
  // Polls 2 s, 3 s and 4.5 s apart: completed within 10 s, not an hour later.
  await advance(10_000)
  expect(api.count('GET', transferPath(MOCK_TRANSFERS.inTransit))).toBe(4)
  expect(result.current.data?.status).toBe('completed')
})

test('polling that never gives up (maxDurationMs: Infinity) sets no timer past its longest: no TimeoutOverflowWarning, render after render', async () => {
  vi.useRealTimers()
  const warnings = vi.spyOn(process, 'emitWarning')
  api.mock.useScenario('transfer-stuck-in-transit')
  const { result, rerender } = renderHook(() => useBridgeStatus(MOCK_TRANSFERS.inTransit, { polling: { maxDurationMs: Infinity } }), { wrapper: wrapperFor() })
  await vi.waitFor(() => expect(result.current.data?.status).toBe('in_transit'))
  for (let i = 0; i < 3; i++) rerender()
  // Node warns in a task after the timer is set.
  await new Promise((resolve) => setTimeout(resolve, 20))
  expect(warnings.mock.calls.filter(([warning]) => String(warning).includes('does not fit into a 32-bit signed integer'))).toEqual([])
  expect(result.current.isStale).toBe(false)
})
