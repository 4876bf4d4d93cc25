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

describe('a browser without AbortSignal.any (before Safari 17.4, Chrome 116, Firefox 124)', () => {
  const any = AbortSignal.any
  beforeEach(() => void Reflect.deleteProperty(AbortSignal, 'any'))
  afterEach(() => void (AbortSignal.any = any))

  test('sends a request that has a signal, and its answer comes back', async () => {
    const sent: RequestInit[] = []
    const [, body] = await timedFetch(async (_input, init) => (sent.push(init!), new Response('ok')), URL_, {}, { signal: new AbortController().signal, timeoutMs: 1_000 }, (r) => r.text())
    expect(body).toBe('ok')
    expect(sent).toHaveLength(1)
  })

  test("the caller's abort still ends the request with the caller's reason, and reaches the fetch's signal", async () => {
    const controller = new AbortController()
    const reason = new Error('left the page')
    let seen: AbortSignal | undefined
    const sent = timedFetch((_input, init) => ((seen = init!.signal!), new Promise<Response>(() => {})), URL_, {}, { signal: controller.signal, timeoutMs: 60_000 }, noBody)
    controller.abort(reason)
    await expect(sent).rejects.toBe(reason)
    expect(seen).toMatchObject({ aborted: true, reason })
  })

  test('a signal aborted before the request sends nothing', async () => {
    const reason = new Error('gone')
    let calls = 0
    await expect(timedFetch(async () => (calls++, new Response('ok')), URL_, {}, { signal: AbortSignal.abort(reason), timeoutMs: 1_000 }, noBody)).rejects.toBe(reason)
    expect(calls).toBe(0)
  })
})
