import { act, renderHook, waitFor } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import type { FeeEstimateParams } from '../../src/client.js'
import { useFeeEstimate } from '../../src/hooks/useFeeEstimate.js'
import { createMockApi } from '../../src/mock/createMockApi.js'
import { estimateFeesQueryOptions, quoteEnd } from '../../src/query/estimateFeesQueryOptions.js'
import { payLinkKeys } from '../../src/query/payLinkKeys.js'
import { inTimeZone } from '../timeZone.js'
import { testClient, testQueryClient, useMockApi, wrapperFor } from './harness.js'

const api = useMockApi()
const params: FeeEstimateParams = { sourceChain: 'solana', destinationChain: 'base', asset: 'USDC', amount: '100' }
const quotes = () => api.count('GET', '/fees/estimate')

test('waits for a complete set of parameters', async () => {
  const { result, rerender } = renderHook((p: Partial<FeeEstimateParams>) => useFeeEstimate(p), {
    wrapper: wrapperFor(),
    initialProps: { ...params, amount: '' },
  })
  await act(() => new Promise((r) => setTimeout(r, 20)))
  expect(result.current.fetchStatus).toBe('idle')
  expect(quotes()).toBe(0)
  rerender(params)
  await waitFor(() => expect(result.current.isSuccess).toBe(true))
  expect(quotes()).toBe(1)
  expect(result.current.data?.totalFee).toEqual({
    amount: expect.stringMatching(/^\d+(\.\d+)?$/),
    currency: 'USDC',
    raw: expect.stringMatching(/ USDC$/),
  })
  expect(result.current.data?.estimatedSeconds).toEqual(expect.any(Number))
})

test.each([
  ['no parameters', undefined],
  ['no sourceChain', { ...params, sourceChain: '' }],
  ['no destinationChain', { ...params, destinationChain: undefined }],
  ['no asset', { ...params, asset: '' }],
])('with %s, waits: nothing sent, no error', async (_, p) => {
  const { result } = renderHook(() => useFeeEstimate(p as Partial<FeeEstimateParams> | undefined), { wrapper: wrapperFor() })
  await act(() => new Promise((r) => setTimeout(r, 20)))
  expect(result.current).toMatchObject({ fetchStatus: 'idle', error: null })
  expect(quotes()).toBe(0)
})

test('keeps the previous quote on screen while the parameters change', async () => {
  const { result, rerender } = renderHook((p: FeeEstimateParams) => useFeeEstimate(p), {
    wrapper: wrapperFor(),
    initialProps: params,
  })
  await waitFor(() => expect(result.current.isSuccess).toBe(true))
  const first = result.current.data
  api.mock.inject('estimateFees', { latencyMs: 200, times: 1 })
  rerender({ ...params, amount: '5000' })
  expect(result.current.data).toBe(first)
  expect(result.current.isPlaceholderData).toBe(true)
  await waitFor(() => expect(result.current.isPlaceholderData).toBe(false))
  expect(result.current.data).not.toEqual(first)
})

test('fetches a new quote when the quote expires', async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] })
  try {
    api.mock.useScenario('fees-expire-quickly')
    const { result } = renderHook(() => useFeeEstimate(params), { wrapper: wrapperFor() })
    await act(() => vi.advanceTimersByTimeAsync(10))
    expect(result.current.isSuccess).toBe(true)
    const ttl = Date.parse(result.current.data!.expiresAt!) - Date.now()
    await act(() => vi.advanceTimersByTimeAsync(ttl - 100))
    expect(quotes()).toBe(1)
    await act(() => vi.advanceTimersByTimeAsync(200))
    expect(quotes()).toBe(2)
  } finally {
    vi.useRealTimers()
  }
})

/**
 * Every fee quote made `quotedInMs` from now (negative: before) and ending `expiresInMs` from now,
 * its times written by `write` (ISO 8601 in UTC, with Z, unless told).
 */
function serveQuote(quotedInMs: number, expiresInMs: number, write = (iso: string) => iso) {
  const at = (ms: number) => write(new Date(Date.now() + ms).toISOString())
  api.server.use(
    http.get('*/pub/v1/fees/estimate', () =>
      HttpResponse.json({ totalFee: '0.42 USDC', estimatedTime: '90 seconds', quotedAt: at(quotedInMs), expiresAt: at(expiresInMs) }),
    ),
  )
}

/** Renders the hook and checks its first quote is current for 29 s and re-asked `lastStepMs` later. */
async function expectRequotedAfter(lastStepMs: number) {
  const { result } = renderHook(() => useFeeEstimate(params), { wrapper: wrapperFor() })
  await act(() => vi.advanceTimersByTimeAsync(10))
  expect(result.current.isSuccess).toBe(true)
  await act(() => vi.advanceTimersByTimeAsync(29_000))
  expect(quotes()).toBe(1)
  expect(result.current.isStale).toBe(false)
  await act(() => vi.advanceTimersByTimeAsync(lastStepMs))
  expect(quotes()).toBe(2)
}

test('a device clock an hour slow: the quote is re-quoted when its 30 s (quotedAt to expiresAt) have passed, not an hour later', async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] })
  try {
    const server = createMockApi({ apiKeys: false, now: () => Date.now() + 3_600_000 })
    api.server.use(...server.handlers)
    await expectRequotedAfter(2_000)
  } finally {
    vi.useRealTimers()
  }
})

test('a quote whose times have no zone (UTC, as Python writes them) lives its 10 s on a device 9 hours ahead, not re-asked at once', () =>
  inTimeZone('Asia/Tokyo', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] })
    try {
      // Without the Z.
      serveQuote(0, 10_000, (iso) => iso.slice(0, -1))
      const { result } = renderHook(() => useFeeEstimate(params), { wrapper: wrapperFor() })
      await act(() => vi.advanceTimersByTimeAsync(5_000))
      expect(quotes()).toBe(1)
      expect(result.current.isStale).toBe(false)
      await act(() => vi.advanceTimersByTimeAsync(5_500))
      expect(quotes()).toBe(2)
    } finally {
      vi.useRealTimers()
    }
  }))

test('a quote served 20 s after it was made (a cache) still ends at its expiresAt, not 30 s after it arrived', async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] })
  try {
    serveQuote(-20_000, 10_000)
    renderHook(() => useFeeEstimate(params), { wrapper: wrapperFor() })
    await act(() => vi.advanceTimersByTimeAsync(10))
    expect(quotes()).toBe(1)
    await act(() => vi.advanceTimersByTimeAsync(10_500))
    expect(quotes()).toBe(2)
  } finally {
    vi.useRealTimers()
  }
})

test.each([
  ['after', 120_000],
  ['equal to', 60_000],
])('a quotedAt %s expiresAt says nothing of the life: the quote ends at expiresAt, not re-asked every 5 s', async (_, quotedInMs) => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] })
  try {
    serveQuote(quotedInMs, 60_000)
    renderHook(() => useFeeEstimate(params), { wrapper: wrapperFor() })
    await act(() => vi.advanceTimersByTimeAsync(50_000))
    expect(quotes()).toBe(1)
  } finally {
    vi.useRealTimers()
  }
})

test('a render at the very moment a quote expires, before the re-quote timer ran (a busy page), does not stop re-quoting: asked within a second', async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] })
  try {
    serveQuote(0, 30_000)
    const { result, rerender } = renderHook(() => useFeeEstimate(params), { wrapper: wrapperFor() })
    await act(() => vi.advanceTimersByTimeAsync(10))
    expect(quotes()).toBe(1)
    // The clock reaches the end while the timer waits, as it does on a busy main thread.
    vi.setSystemTime(result.current.dataUpdatedAt + 30_000)
    rerender()
    await act(() => vi.advanceTimersByTimeAsync(1_100))
    expect(quotes()).toBe(2)
  } finally {
    vi.useRealTimers()
  }
})

test('a quote remounted past half its life is still fresh: no new quote before it ends', async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] })
  try {
    const wrapper = wrapperFor()
    const first = renderHook(() => useFeeEstimate(params), { wrapper })
    await act(() => vi.advanceTimersByTimeAsync(10))
    expect(first.result.current.isSuccess).toBe(true)
    first.unmount()
    // The mock's quotes hold 30 s: 20 s on, a page that shows the estimate again reads it from the cache.
    await act(() => vi.advanceTimersByTimeAsync(20_000))
    const second = renderHook(() => useFeeEstimate(params), { wrapper })
    await act(() => vi.advanceTimersByTimeAsync(10))
    expect(second.result.current.isStale).toBe(false)
    expect(quotes()).toBe(1)
  } finally {
    vi.useRealTimers()
  }
})

test('a quote without expiresAt (optional in the API) turns stale and is re-quoted 30 s after it arrived', async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] })
  try {
    api.server.use(http.get('*/pub/v1/fees/estimate', () => HttpResponse.json({ totalFee: '0.42 USDC', estimatedTime: '90 seconds' })))
    await expectRequotedAfter(1_000)
  } finally {
    vi.useRealTimers()
  }
})

test('a quote without expiresAt that comes back the same (a deterministic estimate) is re-quoted every 30 s, not every second', async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] })
  try {
    api.server.use(http.get('*/pub/v1/fees/estimate', () => HttpResponse.json({ totalFee: '0.42 USDC', estimatedTime: '90 seconds' })))
    const { result } = renderHook(() => useFeeEstimate(params), { wrapper: wrapperFor() })
    await act(() => vi.advanceTimersByTimeAsync(10))
    expect(result.current.isSuccess).toBe(true)
    // The first re-quote 30 s after the first answer, the next 30 s after it, not one a second between.
    await act(() => vi.advanceTimersByTimeAsync(30_500))
    expect(quotes()).toBe(2)
    await act(() => vi.advanceTimersByTimeAsync(20_000))
    expect(quotes()).toBe(2)
    expect(result.current.isStale).toBe(false)
    await act(() => vi.advanceTimersByTimeAsync(10_000))
    expect(quotes()).toBe(3)
  } finally {
    vi.useRealTimers()
  }
})

test('a quote that expires further out than a timer can wait is not asked for again in a loop', async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] })
  try {
    // 30 days: past the 2^31 - 1 ms a timer holds, after which it would fire at once.
    api.server.use(
      http.get('*/pub/v1/fees/estimate', () =>
        HttpResponse.json({ totalFee: '0.42 USDC', estimatedTime: '90 seconds', expiresAt: new Date(Date.now() + 30 * 86_400_000).toISOString() }),
      ),
    )
    const { result } = renderHook(() => useFeeEstimate(params), { wrapper: wrapperFor() })
    await act(() => vi.advanceTimersByTimeAsync(10))
    expect(result.current.isSuccess).toBe(true)
    await act(() => vi.advanceTimersByTimeAsync(60_000))
    expect(quotes()).toBe(1)
  } finally {
    vi.useRealTimers()
  }
})

test('a bad amount is refused before sending; a server error is reported', async () => {
  const bad = renderHook(() => useFeeEstimate({ ...params, amount: '1e3' }), { wrapper: wrapperFor() })
  await waitFor(() => expect(bad.result.current.isError).toBe(true))
  expect(bad.result.current.error).toMatchObject({ name: 'PayLinkValidationError', source: 'input' })
  expect(quotes()).toBe(0)
  api.mock.inject('estimateFees', { status: 503 })
  const down = renderHook(() => useFeeEstimate(params), { wrapper: wrapperFor() })
  await waitFor(() => expect(down.result.current.isError).toBe(true))
  expect(down.result.current.error).toMatchObject({ name: 'PayLinkHttpError', status: 503 })
})

test('an amount given as a number (a JavaScript caller) is a validation error, sent never, not a crash of the render', async () => {
  const { result } = renderHook(() => useFeeEstimate({ ...params, amount: 100 as unknown as string }), { wrapper: wrapperFor() })
  await waitFor(() => expect(result.current.isError).toBe(true))
  expect(result.current.error).toMatchObject({ name: 'PayLinkValidationError', source: 'input', issues: [{ path: 'amount', message: 'expected string' }] })
  expect(quotes()).toBe(0)
})

test('an amount ending in a dot, mid-typing, is quoted as the number before it', async () => {
  const { result } = renderHook(() => useFeeEstimate({ ...params, amount: '100.' }), { wrapper: wrapperFor() })
  await waitFor(() => expect(result.current.isSuccess).toBe(true))
  expect(result.current.data?.totalFee.amount).toBe('0.4215')
})

test('an amount with a leading dot (".5") is quoted, keyed and sent as "0.5"; a lone "." waits, unsent, like an empty amount', async () => {
  const amounts: (string | null)[] = []
  const record = ({ request }: { request: Request }) => void amounts.push(new URL(request.url).searchParams.get('amount'))
  api.server.events.on('request:start', record)
  onTestFinished(() => api.server.events.removeListener('request:start', record))
  const client = testClient()
  expect(estimateFeesQueryOptions(client, { ...params, amount: '.5' }).queryKey).toEqual(
    estimateFeesQueryOptions(client, { ...params, amount: '0.5' }).queryKey,
  )
  const dot = renderHook(() => useFeeEstimate({ ...params, amount: '.' }), { wrapper: wrapperFor() })
  await act(() => new Promise((resolve) => setTimeout(resolve, 20)))
  expect(dot.result.current).toMatchObject({ status: 'pending', fetchStatus: 'idle', error: null })
  const { result } = renderHook(() => useFeeEstimate({ ...params, amount: '.5' }), { wrapper: wrapperFor() })
  await waitFor(() => expect(result.current.isSuccess).toBe(true))
  expect(result.current.data?.totalFee.amount).toBe('0.123')
  expect(amounts).toEqual(['0.5'])
})

test(`payLinkKeys.fees of the amount the app holds ("10.00", "100.", ".5") is the key of its estimate: the app's getQueryData and invalidateQueries reach it`, async () => {
  const queryClient = testQueryClient()
  for (const amount of ['10.00', '100.', '.5']) {
    const { result } = renderHook(() => useFeeEstimate({ ...params, amount }), { wrapper: wrapperFor(testClient(), queryClient) })
    await waitFor(() => expect(result.current.isSuccess).toBe(true))
    expect([amount, queryClient.getQueryData(payLinkKeys.fees({ ...params, amount }))]).toEqual([amount, result.current.data])
    const before = quotes()
    await act(() => queryClient.invalidateQueries({ queryKey: payLinkKeys.fees({ ...params, amount }) }))
    expect(quotes()).toBe(before + 1)
  }
})

describe('after a 429 with Retry-After: 120', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] })
  })
  afterEach(() => vi.useRealTimers())
  const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms))
  // What TanStack reacts to on its own: the tab shown again, the network back, another component
  // mounting with the same parameters.
  const triggers = {
    focus: () => window.dispatchEvent(new Event('visibilitychange')),
    reconnect: () => {
      window.dispatchEvent(new Event('offline'))
      window.dispatchEvent(new Event('online'))
    },
    mount: (wrapper: ReturnType<typeof wrapperFor>) => void renderHook(() => useFeeEstimate(params), { wrapper }),
  }

  test.each(
    (['focus', 'reconnect', 'mount'] as const).flatMap((trigger) => [
      [trigger, 'the first quote', false] as const,
      [trigger, 'a re-quote at expiry', true] as const,
    ]),
  )('a %s after %s does not ask again before it, and does after it', async (trigger, _, quoted) => {
    const wrapper = wrapperFor()
    if (!quoted) api.mock.inject('estimateFees', { status: 429, retryAfter: 120, times: 1 })
    const { result } = renderHook(() => useFeeEstimate(params), { wrapper })
    await advance(10)
    if (quoted) {
      expect(result.current.isSuccess).toBe(true)
      api.mock.inject('estimateFees', { status: 429, retryAfter: 120, times: 1 })
      await advance(30_001)
    }
    const asked = quotes()
    expect(result.current.error).toMatchObject({ status: 429, retryAfterSeconds: 120 })
    await advance(60_000)
    await act(() => triggers[trigger](wrapper))
    await advance(10)
    expect(quotes()).toBe(asked)
    expect(result.current.isError).toBe(true)
    await advance(60_000)
    await act(() => triggers[trigger](wrapper))
    await advance(10)
    expect(quotes()).toBe(asked + 1)
    expect(result.current.isSuccess).toBe(true)
  })
})

test("the query bag's select makes the hook's data, of the type it returns (checked by tsc)", async () => {
  const { result } = renderHook(() => useFeeEstimate(params, { query: { select: (quote) => quote.totalFee.currency } }), { wrapper: wrapperFor() })
  await waitFor(() => expect(result.current.data).toBe('USDC'))
  const currency: string | undefined = result.current.data
  expect(currency).toBe('USDC')
})

test('useFeeEstimate outside the provider names itself and the provider', () => {
  vi.spyOn(console, 'error').mockImplementation(() => {})
  expect(() => renderHook(() => useFeeEstimate(undefined))).toThrow(/^useFeeEstimate must be used inside <PayLinkProvider>/)
})

// The same quote object can come back with an older arrival: a deterministic re-quote kept its
// object (structural sharing), then a dehydrated page state (an RSC payload shown again on going
// back) hydrates it again with the server's arrival, in this device's future.
test('a quote hydrated again with its server-side arrival, after an equal re-quote kept its object, does not get a new life from then', () => {
  vi.useFakeTimers({ toFake: ['Date'] })
  try {
    const t0 = 1_800_000_000_000
    const quote = { totalFee: { raw: '0.42 USDC' }, estimatedTime: { raw: '90 seconds' } } as never
    const serverArrival = t0 + 120_000 // a server clock 2 minutes ahead
    vi.setSystemTime(t0)
    expect(quoteEnd({ data: quote, dataUpdatedAt: serverArrival })).toBe(t0 + 30_000)
    // Re-quoted at 40 s, the answer equal: the same object, this device's arrival.
    vi.setSystemTime(t0 + 40_000)
    expect(quoteEnd({ data: quote, dataUpdatedAt: t0 + 40_000 })).toBe(t0 + 70_000)
    // At 50 s the page's dehydrated state puts it back with the server's arrival.
    vi.setSystemTime(t0 + 50_000)
    expect(quoteEnd({ data: quote, dataUpdatedAt: serverArrival })).toBe(t0 + 70_000)
  } finally {
    vi.useRealTimers()
  }
})

test('a device clock set back an hour during a Retry-After of 120 s: a focus after the 120 s asks again, not an hour later', async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] })
  try {
    api.mock.inject('estimateFees', { status: 429, retryAfter: 120, times: 1 })
    const { result, rerender } = renderHook(() => useFeeEstimate(params), { wrapper: wrapperFor() })
    await act(() => vi.advanceTimersByTimeAsync(10))
    expect(result.current.error).toMatchObject({ status: 429, retryAfterSeconds: 120 })
    vi.setSystemTime(Date.now() - 3_600_000)
    rerender()
    await act(() => vi.advanceTimersByTimeAsync(60_000))
    await act(() => window.dispatchEvent(new Event('visibilitychange')))
    await act(() => vi.advanceTimersByTimeAsync(10))
    // Still inside the 120 s from the jump.
    expect(quotes()).toBe(1)
    await act(() => vi.advanceTimersByTimeAsync(60_000))
    await act(() => window.dispatchEvent(new Event('visibilitychange')))
    await act(() => vi.advanceTimersByTimeAsync(10))
    expect(quotes()).toBe(2)
    expect(result.current.isSuccess).toBe(true)
  } finally {
    vi.useRealTimers()
  }
})

test('a device clock set back an hour while a quote is on screen (an NTP correction, a time zone put right): re-quoted within its life from then, not an hour later', async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] })
  try {
    // Quotes live 30 s.
    const { result, rerender } = renderHook(() => useFeeEstimate(params), { wrapper: wrapperFor() })
    await act(() => vi.advanceTimersByTimeAsync(10))
    expect(result.current.isSuccess).toBe(true)
    await act(() => vi.advanceTimersByTimeAsync(10_000))
    vi.setSystemTime(Date.now() - 3_600_000)
    // A render for another reason (FeeEstimate's "quoted … ago" ticks every 15 s) reads the clock again.
    rerender()
    await act(() => vi.advanceTimersByTimeAsync(15_000))
    rerender()
    await act(() => vi.advanceTimersByTimeAsync(15_000))
    rerender()
    // Its life counted again from the jump at the latest (what passed of it before is not known).
    await act(() => vi.advanceTimersByTimeAsync(5_000))
    expect(quotes()).toBe(2)
  } finally {
    vi.useRealTimers()
  }
})
