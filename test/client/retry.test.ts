import { delay, http, HttpResponse } from 'msw'
import {
  createAttentionToken,
  createLink,
  getLink,
  PayLinkError,
  PayLinkNetworkError,
  verifyPayment,
} from '../../src/client.js'
import { API, linkFixture, makeClient, paymentFixture, paymentPayloadV2, proofFixture, rejectionOf, useMswServer } from './helpers.js'

const { server, sent } = useMswServer()

beforeEach(() => vi.useFakeTimers())
afterEach(() => vi.useRealTimers())

const linkInput = { creatorId: 'c', chainType: 'solana', model: 'payment' as const, splits: { creator: 9000, platform: 1000 } }

/** Serves GET /links/:code with `answers` in turn (the last one repeats) and counts the requests. */
function serveGetLink(...answers: Array<() => Response | Promise<Response>>) {
  const hits = { count: 0 }
  server.use(
    http.get(`${API}/links/:code`, () => {
      hits.count++
      return answers[Math.min(hits.count, answers.length) - 1]!()
    }),
  )
  return hits
}

const status = (code: number, headers: Record<string, string> = {}) => () => new HttpResponse(null, { status: code, headers })
const ok = () => HttpResponse.json(linkFixture)

describe('Retry-After', () => {
  it('waits the seconds a 429 asks for, and a GET makes at most 3 attempts', async () => {
    const hits = serveGetLink(status(429, { 'Retry-After': '5' }))
    const error = rejectionOf(getLink(makeClient(), 'lnk_abc123'))

    await vi.advanceTimersByTimeAsync(0)
    expect(hits.count).toBe(1)
    await vi.advanceTimersByTimeAsync(4_999)
    expect(hits.count).toBe(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(hits.count).toBe(2)
    await vi.advanceTimersByTimeAsync(5_000)
    expect(hits.count).toBe(3)
    await vi.advanceTimersByTimeAsync(60_000)
    expect(hits.count).toBe(3)
    expect(await error).toMatchObject({ name: 'PayLinkHttpError', status: 429, code: 'rate_limited', retryAfterSeconds: 5 })
  })

  it('waits until the HTTP date a 429 names, then succeeds', async () => {
    vi.setSystemTime(new Date('2026-03-01T12:00:00Z'))
    const hits = serveGetLink(status(429, { 'Retry-After': new Date(Date.now() + 7_000).toUTCString() }), ok)
    const link = getLink(makeClient(), 'lnk_abc123')

    await vi.advanceTimersByTimeAsync(6_999)
    expect(hits.count).toBe(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(hits.count).toBe(2)
    await expect(link).resolves.toEqual(linkFixture)
  })

  // RFC 9111: a CDN that kept the 429 says how long it sat there; the server's 30 s began that long ago.
  it('waits out only what is left of a cached 429\'s Retry-After: its Age is counted off', async () => {
    const hits = serveGetLink(status(429, { 'Retry-After': '30', Age: '20' }), ok)
    const link = getLink(makeClient(), 'lnk_abc123')

    await vi.advanceTimersByTimeAsync(9_999)
    expect(hits.count).toBe(1)
    await vi.advanceTimersByTimeAsync(1)
    await expect(link).resolves.toEqual(linkFixture)
    expect(hits.count).toBe(2)
  })

  // A retry before the server's time would only meet the same 429, after the user had watched a
  // spinner for maxRetryAfterMs per attempt: the error, with its Retry-After, comes at once.
  it('fails at once, with its Retry-After, on a Retry-After longer than maxRetryAfterMs', async () => {
    const hits = serveGetLink(status(429, { 'Retry-After': '3600' }), ok)
    let settled = false
    const error = rejectionOf(getLink(makeClient({ retry: { maxRetryAfterMs: 2_000 } }), 'lnk_abc123')).finally(() => (settled = true))

    await vi.advanceTimersByTimeAsync(0)
    expect(settled).toBe(true)
    expect(await error).toMatchObject({ name: 'PayLinkHttpError', status: 429, retryAfterSeconds: 3600, attempt: 1 })
    await vi.advanceTimersByTimeAsync(10_000)
    expect(hits.count).toBe(1)
  })

  it('still waits out a Retry-After of exactly maxRetryAfterMs', async () => {
    const hits = serveGetLink(status(503, { 'Retry-After': '2' }), ok)
    const link = getLink(makeClient({ retry: { maxRetryAfterMs: 2_000 } }), 'lnk_abc123')

    await vi.advanceTimersByTimeAsync(1_999)
    expect(hits.count).toBe(1)
    await vi.advanceTimersByTimeAsync(1)
    await expect(link).resolves.toEqual(linkFixture)
    expect(hits.count).toBe(2)
  })

  it('does not retry at once when a Retry-After is beyond the 24.8-day timer limit and maxRetryAfterMs is Infinity', async () => {
    const controller = new AbortController()
    const hits = serveGetLink(status(503, { 'Retry-After': '3000000' }), ok)
    const error = rejectionOf(
      getLink(makeClient({ retry: { maxRetryAfterMs: Infinity } }), 'lnk_abc123', { signal: controller.signal }),
    )

    await vi.advanceTimersByTimeAsync(60_000)
    expect(hits.count).toBe(1)
    controller.abort()
    expect(await error).toBe(controller.signal.reason)
  })
})

describe('a Retry-After that is neither whole seconds nor an HTTP date', () => {
  // Date.parse reads each of these as a day in 2000 or 2001, long past: "retry now".
  it.each(['1.5', '0.5', '-1', 'May 1'])('(%j) is ignored: the back-off applies, not an immediate retry', async (value) => {
    // The smallest jitter: the first back-off is half of baseDelayMs.
    vi.spyOn(Math, 'random').mockReturnValue(0)
    const hits = serveGetLink(status(503, { 'Retry-After': value }))
    const error = rejectionOf(getLink(makeClient({ retry: { attempts: 2, baseDelayMs: 2_000 } }), 'lnk_abc123'))

    await vi.advanceTimersByTimeAsync(999)
    expect(hits.count).toBe(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(hits.count).toBe(2)
    expect(await error).toMatchObject({ status: 503, retryAfterSeconds: undefined })
  })
})

describe('5xx and other statuses', () => {
  it.each([502, 503, 504])('retries a GET after %i and returns the later success', async (code) => {
    const hits = serveGetLink(status(code), ok)
    const link = getLink(makeClient(), 'lnk_abc123')

    await vi.advanceTimersByTimeAsync(0)
    expect(hits.count).toBe(1)
    // The first back-off is at most baseDelayMs (300).
    await vi.advanceTimersByTimeAsync(300)
    await expect(link).resolves.toEqual(linkFixture)
    expect(hits.count).toBe(2)
  })

  it('gives up on a GET after 3 attempts of 503', async () => {
    const hits = serveGetLink(status(503))
    const error = rejectionOf(getLink(makeClient(), 'lnk_abc123'))

    await vi.advanceTimersByTimeAsync(30_000)
    expect(hits.count).toBe(3)
    expect(await error).toMatchObject({ status: 503 })
  })

  it.each([500, 400, 401, 404, 422])('does not retry a GET after %i', async (code) => {
    const hits = serveGetLink(status(code))
    const error = rejectionOf(getLink(makeClient(), 'lnk_abc123'))

    await vi.advanceTimersByTimeAsync(30_000)
    expect(hits.count).toBe(1)
    expect(await error).toMatchObject({ status: code })
  })

  it('backs off with doubling waits capped at maxDelayMs', async () => {
    // The largest jitter, so each wait is as long as the policy allows.
    vi.spyOn(Math, 'random').mockReturnValue(0.999_999)
    const hits = serveGetLink(status(503))
    const error = rejectionOf(getLink(makeClient({ retry: { attempts: 4, baseDelayMs: 2_000, maxDelayMs: 3_000 } }), 'x'))

    await vi.advanceTimersByTimeAsync(0)
    expect(hits.count).toBe(1)
    await vi.advanceTimersByTimeAsync(2_000)
    expect(hits.count).toBe(2)
    // Uncapped, this wait would be 4 000 ms and the next 8 000 ms.
    await vi.advanceTimersByTimeAsync(3_000)
    expect(hits.count).toBe(3)
    await vi.advanceTimersByTimeAsync(3_000)
    expect(hits.count).toBe(4)
    expect(await error).toMatchObject({ status: 503 })
  })

  it('makes a single attempt with retry: false', async () => {
    const hits = serveGetLink(status(503))
    const error = rejectionOf(getLink(makeClient({ retry: false }), 'lnk_abc123'))

    await vi.advanceTimersByTimeAsync(30_000)
    expect(hits.count).toBe(1)
    expect(await error).toMatchObject({ status: 503 })
  })
})

describe('POST', () => {
  it.each([429, 502, 503, 504])('never retries createLink (no Idempotency-Key) after %i', async (code) => {
    let hits = 0
    server.use(
      http.post(`${API}/links`, () => {
        hits++
        return new HttpResponse(null, { status: code, headers: { 'Retry-After': '1' } })
      }),
    )
    const error = rejectionOf(createLink(makeClient(), linkInput))

    await vi.advanceTimersByTimeAsync(30_000)
    expect(hits).toBe(1)
    expect(await error).toMatchObject({ status: code })
  })

  it('never retries createAttentionToken after a network failure', async () => {
    let hits = 0
    server.use(
      http.post(`${API}/attention/token`, () => {
        hits++
        return HttpResponse.error()
      }),
    )
    const error = rejectionOf(createAttentionToken(makeClient(), { code: 'lnk_abc123' }))

    await vi.advanceTimersByTimeAsync(30_000)
    expect(hits).toBe(1)
    expect(await error).toBeInstanceOf(PayLinkNetworkError)
  })

  it('never retries verifyPayment without an idempotencyKey', async () => {
    let hits = 0
    server.use(
      http.post(`${API}/payments/verify`, () => {
        hits++
        return new HttpResponse(null, { status: 503 })
      }),
    )
    const error = rejectionOf(verifyPayment(makeClient(), { code: 'lnk_abc123' }, { paymentHeader: paymentPayloadV2 }))

    await vi.advanceTimersByTimeAsync(30_000)
    expect(hits).toBe(1)
    expect(await error).toMatchObject({ status: 503 })
  })

  it('retries verifyPayment with an idempotencyKey, resending the same payload and key', async () => {
    const seen: Array<[string | null, string | null]> = []
    server.use(
      http.post(`${API}/payments/verify`, ({ request }) => {
        seen.push([request.headers.get('PAYMENT-SIGNATURE'), request.headers.get('Idempotency-Key')])
        return seen.length === 1
          ? new HttpResponse(null, { status: 503 })
          : HttpResponse.json({ payment: paymentFixture, proof: proofFixture })
      }),
    )
    const result = verifyPayment(
      makeClient(),
      { code: 'lnk_abc123' },
      { paymentHeader: paymentPayloadV2, idempotencyKey: 'purchase-1' },
    )

    await vi.advanceTimersByTimeAsync(300)
    await expect(result).resolves.toMatchObject({ status: 'paid', payment: paymentFixture })
    expect(seen).toEqual([
      [paymentPayloadV2, 'purchase-1'],
      [paymentPayloadV2, 'purchase-1'],
    ])
  })
  it('refuses an idempotencyKey no HTTP header can carry at once, as the input it is, sending nothing', async () => {
    let hits = 0
    server.use(
      http.post(`${API}/payments/verify`, () => {
        hits++
        return HttpResponse.json({ payment: paymentFixture, proof: proofFixture })
      }),
    )
    // An em dash: fetch refuses the header before anything leaves, which read as "could not reach
    // the server" after three attempts and their back-off.
    const error = rejectionOf(verifyPayment(makeClient(), { code: 'lnk_abc123' }, { paymentHeader: paymentPayloadV2, idempotencyKey: 'order\u2014 1' }))

    await vi.advanceTimersByTimeAsync(30_000)
    expect(await error).toMatchObject({ name: 'PayLinkValidationError', source: 'input', issues: [{ path: 'headers', message: 'must be valid HTTP headers' }] })
    expect(hits).toBe(0)
  })
})

describe('time-out', () => {
  it('ends a stalled request with a PayLinkNetworkError marked timedOut', async () => {
    const hits = serveGetLink(async () => {
      await delay('infinite')
      return ok()
    })
    const error = rejectionOf(getLink(makeClient({ timeoutMs: 1_000, retry: false }), 'lnk_abc123'))

    await vi.advanceTimersByTimeAsync(1_000)
    const thrown = await error
    expect(thrown).toBeInstanceOf(PayLinkNetworkError)
    expect(thrown).toMatchObject({ timedOut: true, endpoint: 'getLink' })
    expect((thrown as Error).message).toContain('1000 ms')
    expect(hits.count).toBe(1)
  })

  it('gives each attempt its own time-out', async () => {
    const hits = serveGetLink(
      async () => {
        await delay('infinite')
        return ok()
      },
      // 800 ms is inside one attempt's 1 000 ms, but past 1 000 ms since the call began.
      async () => {
        await delay(800)
        return ok()
      },
    )
    const link = getLink(makeClient({ timeoutMs: 1_000 }), 'lnk_abc123')

    await vi.advanceTimersByTimeAsync(1_000)
    expect(hits.count).toBe(1)
    await vi.advanceTimersByTimeAsync(300 + 800)
    await expect(link).resolves.toEqual(linkFixture)
    expect(hits.count).toBe(2)
  })

  it('leaves a timed-out attempt its own aborted signal, even when its fetch wrapper reads init after the retry began', async () => {
    // A wrapper that awaits something first (a token refresh), slow the first time: attempt 1 times
    // out before the wrapper reads its init, and attempt 2 is under way by then.
    const signalAtSend: Record<number, boolean> = {}
    let calls = 0
    const wrapper: typeof fetch = async (input, init) => {
      const attempt = ++calls
      await new Promise((resolve) => setTimeout(resolve, attempt === 1 ? 1_500 : 0))
      signalAtSend[attempt] = init!.signal!.aborted
      return attempt === 1 ? new Promise<Response>(() => {}) : fetch(input, init)
    }
    serveGetLink(ok)
    const link = getLink(makeClient({ timeoutMs: 1_000, retry: { attempts: 2, baseDelayMs: 10, maxDelayMs: 10 }, fetch: wrapper }), 'lnk_abc123')

    await vi.advanceTimersByTimeAsync(2_000)
    await expect(link).resolves.toEqual(linkFixture)
    // Had attempt 1 read attempt 2's live signal, it would send a request nothing ever aborts.
    expect(signalAtSend).toEqual({ 1: true, 2: false })
  })

  it('never fires with timeoutMs: Infinity', async () => {
    const hits = serveGetLink(async () => {
      await delay(10 * 60_000)
      return ok()
    })
    const link = getLink(makeClient({ timeoutMs: Infinity, retry: false }), 'lnk_abc123')

    await vi.advanceTimersByTimeAsync(10 * 60_000)
    await expect(link).resolves.toEqual(linkFixture)
    expect(hits.count).toBe(1)
  })

  it('covers a body that stalls after the headers', async () => {
    serveGetLink(
      () =>
        new HttpResponse(
          new ReadableStream({
            start: (controller) => controller.enqueue(new TextEncoder().encode('{"code":')),
          }),
          { headers: { 'Content-Type': 'application/json' } },
        ),
    )
    const error = rejectionOf(getLink(makeClient({ timeoutMs: 1_000, retry: false }), 'lnk_abc123'))

    await vi.advanceTimersByTimeAsync(1_000)
    expect(await error).toMatchObject({ name: 'PayLinkNetworkError', timedOut: true })
  })

  it('times out a fetch that ignores its signal, even when its stalled answer comes after the time-out', async () => {
    // A wrapper that drops `init.signal`: the headers come at 1.5 s, the body never ends.
    const deaf: typeof fetch = () =>
      new Promise((resolve) =>
        setTimeout(() => resolve(new Response(new ReadableStream({ start: (c) => c.enqueue(new TextEncoder().encode('{"code":')) }))), 1_500),
      )
    const error = rejectionOf(getLink(makeClient({ timeoutMs: 1_000, retry: false, fetch: deaf }), 'lnk_abc123'))

    await vi.advanceTimersByTimeAsync(1_500)
    expect(await error).toMatchObject({ name: 'PayLinkNetworkError', timedOut: true })
  })

  it('times out a fetch that ignores its signal and never answers', async () => {
    const deaf: typeof fetch = () => new Promise(() => {})
    const error = rejectionOf(getLink(makeClient({ timeoutMs: 1_000, retry: false, fetch: deaf }), 'lnk_abc123'))

    await vi.advanceTimersByTimeAsync(1_000)
    expect(await error).toMatchObject({ name: 'PayLinkNetworkError', timedOut: true })
  })

  it('gives up on a GET after 3 timed-out attempts', async () => {
    const hits = serveGetLink(async () => {
      await delay('infinite')
      return ok()
    })
    const error = rejectionOf(getLink(makeClient({ timeoutMs: 1_000 }), 'lnk_abc123'))

    await vi.advanceTimersByTimeAsync(30_000)
    expect(hits.count).toBe(3)
    expect(await error).toMatchObject({ name: 'PayLinkNetworkError', timedOut: true })
  })
})

describe('network failure', () => {
  it('is a PayLinkNetworkError not marked timedOut, retried for a GET', async () => {
    const hits = serveGetLink(() => HttpResponse.error())
    const error = rejectionOf(getLink(makeClient(), 'lnk_abc123'))

    await vi.advanceTimersByTimeAsync(30_000)
    const thrown = await error
    expect(thrown).toBeInstanceOf(PayLinkNetworkError)
    expect(thrown).toMatchObject({ timedOut: false, endpoint: 'getLink' })
    expect(hits.count).toBe(3)
  })

  it('recovers when a later attempt gets through', async () => {
    const hits = serveGetLink(() => HttpResponse.error(), ok)
    const link = getLink(makeClient(), 'lnk_abc123')

    await vi.advanceTimersByTimeAsync(300)
    await expect(link).resolves.toEqual(linkFixture)
    expect(hits.count).toBe(2)
  })
})

describe('abort', () => {
  it('rejects with the AbortError itself when the caller aborts mid-request, and sends nothing more', async () => {
    const controller = new AbortController()
    const hits = serveGetLink(async () => {
      controller.abort()
      await delay('infinite')
      return ok()
    })
    const error = rejectionOf(getLink(makeClient(), 'lnk_abc123', { signal: controller.signal }))

    await vi.advanceTimersByTimeAsync(30_000)
    const thrown = await error
    expect(thrown).toBe(controller.signal.reason)
    expect(thrown).toMatchObject({ name: 'AbortError' })
    expect(thrown).not.toBeInstanceOf(PayLinkError)
    expect(hits.count).toBe(1)
  })

  it('rejects with the abort reason during the back-off, and makes no further attempt', async () => {
    const controller = new AbortController()
    const hits = serveGetLink(status(503, { 'Retry-After': '5' }))
    const error = rejectionOf(getLink(makeClient(), 'lnk_abc123', { signal: controller.signal }))

    await vi.advanceTimersByTimeAsync(1_000)
    expect(hits.count).toBe(1)
    controller.abort()
    expect(await error).toBe(controller.signal.reason)
    await vi.advanceTimersByTimeAsync(30_000)
    expect(hits.count).toBe(1)
  })

  it('sends nothing when the signal is already aborted', async () => {
    const controller = new AbortController()
    controller.abort()
    serveGetLink(ok)

    const thrown = await rejectionOf(getLink(makeClient(), 'lnk_abc123', { signal: controller.signal }))

    expect(thrown).toBe(controller.signal.reason)
    expect(sent).toHaveLength(0)
  })

  it('rejects with the abort reason when the caller aborts while the body is arriving', async () => {
    const controller = new AbortController()
    serveGetLink(
      () =>
        new HttpResponse(
          new ReadableStream({ start: (stream) => stream.enqueue(new TextEncoder().encode('{"code":')) }),
          { headers: { 'Content-Type': 'application/json' } },
        ),
    )
    // Aborts once the headers are in, so that only the body read is left to stop.
    const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
      const response = await globalThis.fetch(input, init)
      controller.abort()
      return response
    }

    const thrown = await rejectionOf(getLink(makeClient({ fetch }), 'lnk_abc123', { signal: controller.signal }))

    expect(thrown).toBe(controller.signal.reason)
    expect(sent).toHaveLength(1)
  })

  it('keeps a custom abort reason as it is', async () => {
    const controller = new AbortController()
    const reason = new Error('the user left the page')
    const hits = serveGetLink(async () => {
      controller.abort(reason)
      await delay('infinite')
      return ok()
    })

    expect(await rejectionOf(getLink(makeClient(), 'lnk_abc123', { signal: controller.signal }))).toBe(reason)
    expect(hits.count).toBe(1)
  })
})
