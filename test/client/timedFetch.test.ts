import { PayLinkNetworkError } from '../../src/client/errors.js'
import { timedFetch } from '../../src/client/timedFetch.js'

// The edges of one timed attempt that the transport tests (over MSW and real sockets) cannot time:
// an answer that settles in the same turn as the abort or the time-out.

const URL_ = 'http://127.0.0.1:9/pub/v1/links/x'
const noBody = () => undefined

afterEach(() => {
  vi.useRealTimers()
})

test('an abort in the same turn as an answer that settles at once is the abort', async () => {
  const controller = new AbortController()
  const reason = new Error('left the page')
  const sent = timedFetch(async () => new Response('ok'), URL_, {}, { signal: controller.signal, timeoutMs: 1_000 }, noBody)
  controller.abort(reason)

  await expect(sent).rejects.toBe(reason)
})

test('an answer in the same turn as the time-out, ahead of it, is a time-out', async () => {
  vi.useFakeTimers()
  let answer!: (response: Response) => void
  // Due at the same moment as the time-out and set first: it fires first, in the same turn.
  setTimeout(() => answer(new Response('ok')), 1_000)
  const sent = timedFetch(() => new Promise<Response>((resolve) => (answer = resolve)), URL_, {}, { timeoutMs: 1_000 }, noBody)
  const outcome = sent.then(
    () => 'answered',
    (error: unknown) => error,
  )
  vi.advanceTimersByTime(1_000)

  const error = await outcome
  expect(error).toBeInstanceOf(PayLinkNetworkError)
  expect(error).toMatchObject({ timedOut: true })
})

test('a fetch that aborts the signal and throws at once leaves no unhandled rejection', async () => {
  const unhandled: unknown[] = []
  const onUnhandled = (reason: unknown) => unhandled.push(reason)
  process.on('unhandledRejection', onUnhandled)
  try {
    const controller = new AbortController()
    const reason = new Error('cancelled')
    const fetchFn = () => {
      controller.abort(reason)
      throw new TypeError('fetch failed')
    }

    await expect(timedFetch(fetchFn, URL_, {}, { signal: controller.signal, timeoutMs: 1_000 }, noBody)).rejects.toBe(reason)
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(unhandled).toEqual([])
  } finally {
    process.off('unhandledRejection', onUnhandled)
  }
})
