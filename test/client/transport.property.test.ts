import { inspect } from 'node:util'
import fc from 'fast-check'
import {
  createLink,
  createPayLinkClient,
  defaultRetryPolicy,
  estimateFees,
  getLink,
  getPayment,
  PayLinkHttpError,
  PayLinkNetworkError,
  PayLinkValidationError,
  PayLinkX402Error,
  type RetryPolicy,
  verifyPayment,
} from '../../src/client.js'
import {
  API,
  API_KEY,
  BASE_URL,
  encodeBase64Json,
  feeFixture,
  linkFixture,
  paymentFixture,
  paymentPayloadV1,
  paymentPayloadV2,
  paymentRequiredV1Body,
  proofFixture,
} from './helpers.js'

// The client's transport promise, over random servers, policies and callers, as the README's client
// section states it: a call settles once, with validated data, one of the package's typed errors
// naming the endpoint, or the caller's own abort reason; a POST without an Idempotency-Key goes
// once, and only a 429/502/503/504 or no answer is tried again, never before its Retry-After (read
// in every form HTTP allows, less a cache's Age) or back-off, never past maxRetryAfterMs, never
// after an abort; the key and the payment header never reach an error; nothing is left unhandled
// or pending. The server is an injected fetch: no network; the clock is fake, so no assertion waits.

const BASE_TIME = Date.UTC(2026, 2, 1, 12)

type Echo = 'none' | 'raw' | 'slash' | 'unicode'
type RetryAfter =
  | { form: 'none' }
  | { form: 'seconds'; value: number }
  | { form: 'huge' }
  | { form: 'date'; format: 'imf' | 'rfc850' | 'asctime'; offset: number }
  | { form: 'junk'; value: string }
type Answer = { delay: number; deaf: boolean } & (
  | { kind: 'valid' | 'unknown status' | 'x402 402' | '402 page' | 'redirect' | 'dropped' | 'hang' | 'stall' }
  | { kind: 'bad shape'; how: 'missing' | 'wrong type' | 'null' | 'array' | 'echo'; echo: Echo }
  | { kind: '2xx text'; body: 'text' | 'html' | 'empty'; echo: Echo }
  | {
      kind: 'error'
      status: number
      body: 'contract' | 'junk json' | 'html' | 'empty'
      echo: Echo
      retryAfter: RetryAfter
      date: number | undefined
      age: number | string | undefined
    }
)
// `answered`: 1 ms after the answer to that attempt, mostly in the back-off that follows it.
type Abort = { at: 'never' } | { at: 'before' } | { at: 'send' | 'answered'; attempt: number } | { at: 'time'; ms: number }

/** One of `values`, as constants. */
const oneOf = <T extends string | number>(...values: T[]) => fc.constantFrom(...values)
/** `arbitrary`, `weight` times as often as an unweighted neighbour in a `fc.oneof`. */
const often = <T>(weight: number, arbitrary: fc.Arbitrary<T>) => ({ weight, arbitrary })

const echo = oneOf<Echo>('none', 'raw', 'slash', 'unicode')
const retryAfter: fc.Arbitrary<RetryAfter> = fc.oneof(
  fc.record({ form: oneOf('none') }),
  // Mostly a wait short enough to be taken, then one past maxRetryAfterMs.
  often(2, fc.record({ form: oneOf('seconds'), value: fc.oneof(fc.nat(3), fc.nat(200)) })),
  fc.record({ form: oneOf('huge') }),
  often(
    2,
    fc.record({ form: oneOf('date'), format: oneOf('imf', 'rfc850', 'asctime'), offset: fc.oneof(fc.integer({ min: -120, max: 4 }), fc.integer({ min: -120, max: 200 })) }),
  ),
  fc.record({ form: oneOf('junk'), value: oneOf('soon', '1.5', '-1', '-30', 'May 1', '1e3', '0x10', '') }),
)
const errorAnswer = fc.record({
  kind: oneOf('error'),
  status: fc.oneof(often(3, oneOf(429, 502, 503, 504)), oneOf(400, 401, 403, 404, 409, 422, 500, 500, 500)),
  body: oneOf('contract', 'junk json', 'html', 'empty'),
  echo,
  retryAfter,
  // The server's clock, this many seconds off the device's; a cache's Age, a number or not.
  date: fc.option(fc.integer({ min: -7_200, max: 7_200 }), { nil: undefined }),
  age: fc.option(fc.oneof(fc.nat(100), oneOf('5, 7', '-3')), { nil: undefined }),
})
const answerArb: fc.Arbitrary<Answer> = fc
  .tuple(
    fc.oneof(
      often(2, fc.record({ kind: oneOf('valid', 'unknown status', 'x402 402', '402 page', 'redirect') })),
      often(2, fc.record({ kind: oneOf('dropped', 'hang', 'stall') })),
      fc.record({ kind: oneOf('bad shape'), how: oneOf('missing', 'wrong type', 'null', 'array', 'echo'), echo }),
      fc.record({ kind: oneOf('2xx text'), body: oneOf('text', 'html', 'empty'), echo }),
      often(5, errorAnswer),
    ),
    // Before the headers come: 20 s is past every time-out.
    oneOf(0, 0, 0, 10, 900, 20_000),
    fc.boolean(),
  )
  .map(([answer, delay, deaf]): Answer => ({ ...answer, delay, deaf }))

const retryPolicy = fc.record(
  {
    attempts: fc.integer({ min: 1, max: 4 }),
    baseDelayMs: oneOf(0, 1, 300, 2_000),
    maxDelayMs: oneOf(0, 100, 5_000),
    maxRetryAfterMs: oneOf(0, 2_000, 60_000, Infinity),
  },
  { requiredKeys: [] },
)
const runArb = fc.record({
  endpoint: oneOf('getLink', 'getPayment', 'estimateFees', 'createLink', 'verifyPayment'),
  // With / and + in it, as a real signature's base64 often has.
  paymentHeader: fc.constantFrom(undefined, paymentPayloadV1, paymentPayloadV2, encodeBase64Json({ ...JSON.parse(atob(paymentPayloadV2)), extra: '??>>>~~' })),
  idempotencyKey: fc.constantFrom(undefined, 'purchase-1'),
  apiKey: fc.oneof(oneOf(API_KEY, 'sk_live/7Qh2+VzK9pLm4='), fc.stringMatching(/^[A-Za-z\d+/=_-]{12,32}$/).map((s) => `sk_${s}`)),
  timeoutMs: fc.constantFrom(undefined, 50, 1_000, 15_000),
  retry: fc.oneof(fc.constant(false as const), often(4, retryPolicy)),
  script: fc.array(answerArb, { minLength: 1, maxLength: 4 }),
  abort: fc.oneof(
    often(4, fc.record({ at: oneOf('never') })),
    fc.record({ at: oneOf('before') }),
    fc.record({ at: oneOf('send'), attempt: oneOf(1, 1, 2, 3) }),
    often(2, fc.record({ at: oneOf('answered'), attempt: oneOf(1, 1, 2, 3) })),
    fc.record({ at: oneOf('time'), ms: fc.oneof(fc.nat(2_000), fc.nat(40_000)) }),
  ) as fc.Arbitrary<Abort>,
  abortReason: fc.constantFrom(undefined, new Error('the user left'), 'Cancel pressed'),
  // Milliseconds past a whole second: HTTP dates have none.
  clock: fc.nat(999),
})
type Run = typeof runArb extends fc.Arbitrary<infer T> ? T : never

/** `secret` as a server may echo it: as it is, with `/` escaped (PHP), or every unit `\uXXXX`. */
function spell(secret: string, how: Echo): string {
  if (how === 'slash') return secret.replaceAll('/', '\\/')
  if (how === 'unicode') return secret.replace(/[^]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
  return secret
}

const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']
/** `ms` as an HTTP date in one of the three formats RFC 9110 says a recipient must read. */
function httpDate(ms: number, format: 'imf' | 'rfc850' | 'asctime'): string {
  const d = new Date(ms)
  const two = (n: number) => String(n).padStart(2, '0')
  const time = `${two(d.getUTCHours())}:${two(d.getUTCMinutes())}:${two(d.getUTCSeconds())}`
  const day = DAYS[d.getUTCDay()]!
  const month = MONTHS[d.getUTCMonth()]!
  if (format === 'imf') return d.toUTCString()
  if (format === 'rfc850') return `${day}, ${two(d.getUTCDate())}-${month}-${two(d.getUTCFullYear() % 100)} ${time} GMT`
  return `${day.slice(0, 3)} ${month} ${String(d.getUTCDate()).padStart(2, ' ')} ${time} ${d.getUTCFullYear()}`
}

/** What one attempt ends in, as the README says the client reads it. */
type Outcome =
  | { kind: 'data' }
  | { kind: 'validation' }
  | { kind: 'http'; status: number; retryAfterSeconds: number | undefined }
  | { kind: 'network'; timedOut: boolean }
  | { kind: 'x402' }

const RETRYABLE = [429, 502, 503, 504]
const retryable = (o: Outcome) => o.kind === 'network' || (o.kind === 'http' && RETRYABLE.includes(o.status))

/** An attempt as the server saw it, with the answer it got and what the client must make of it. */
interface Attempt {
  at: number
  /** When the answer came in full, or the time-out ran out. */
  ended: number
  answer: Answer
  outcome: Outcome
  init: RequestInit
  url: string
  afterAbort: boolean
  afterSettled: boolean
}

function validBody(endpoint: Run['endpoint'], unknownStatus: boolean): Record<string, unknown> {
  if (endpoint === 'getLink' || endpoint === 'createLink') return { ...linkFixture, ...(unknownStatus && { status: 'archived', model: 'auction' }) }
  if (endpoint === 'estimateFees') return { ...feeFixture, ...(unknownStatus && { route: 'cctp-v9' }) }
  const payment = { ...paymentFixture, ...(unknownStatus && { status: 'refunded' }) }
  return endpoint === 'getPayment' ? payment : { payment, proof: proofFixture }
}

/** The answer `answer` stands for (none for one that never comes), and what the client must make of it. */
function serve(run: Run, answer: Answer, secrets: string[]): { response: ((signal?: AbortSignal) => Response) | undefined; outcome: Outcome } {
  const echoed = (how: Echo) => (how === 'none' ? '' : secrets.map((s) => spell(s, how)).join(' '))
  switch (answer.kind) {
    case 'valid':
    case 'unknown status':
      return {
        response: () => Response.json(validBody(run.endpoint, answer.kind === 'unknown status'), { status: run.endpoint === 'createLink' ? 201 : 200 }),
        outcome: { kind: 'data' },
      }
    case 'x402 402':
      return {
        response: () => Response.json(paymentRequiredV1Body, { status: 402 }),
        outcome: run.endpoint === 'verifyPayment' ? { kind: 'data' } : { kind: 'http', status: 402, retryAfterSeconds: undefined },
      }
    case '402 page': {
      // A 402 with no requirements (a paywall's page): verifyPayment cannot read it; to any other endpoint, an error.
      const secret = secrets.join(' ')
      return {
        response: () => new Response(`<html><title>Pay ${secret}</title></html>`, { status: 402, headers: { 'content-type': 'text/html' } }),
        outcome: run.endpoint === 'verifyPayment' ? { kind: 'x402' } : { kind: 'http', status: 402, retryAfterSeconds: undefined },
      }
    }
    case 'redirect':
      return {
        response: () => new Response(null, { status: 307, headers: { Location: 'https://elsewhere.test/' } }),
        outcome: { kind: 'http', status: 307, retryAfterSeconds: undefined },
      }
    case 'dropped':
      return {
        response: () => {
          throw new TypeError('fetch failed')
        },
        outcome: { kind: 'network', timedOut: false },
      }
    case 'hang':
      return { response: undefined, outcome: { kind: 'network', timedOut: true } }
    case 'stall':
      return {
        // The headers, part of the body, then nothing: a real fetch errors the body when its signal aborts.
        response: (signal) =>
          new Response(
            new ReadableStream({
              start: (c) => {
                c.enqueue(new TextEncoder().encode('{"code":'))
                signal?.addEventListener('abort', () => c.error(signal.reason))
              },
            }),
          ),
        outcome: { kind: 'network', timedOut: true },
      }
    case 'bad shape': {
      // A field each endpoint's schema checks as a string: left out, a number, or the secrets echoed.
      const field = run.endpoint === 'estimateFees' ? 'totalFee' : 'createdAt'
      const record: Record<string, unknown> = { ...(run.endpoint === 'verifyPayment' ? paymentFixture : validBody(run.endpoint, false)) }
      // Undefined (left out of the JSON) when missing.
      record[field] = { echo: 'ECHO', 'wrong type': 42 }[answer.how as string]
      const json = JSON.stringify(run.endpoint === 'verifyPayment' ? { payment: record, proof: proofFixture } : record)
      const text = answer.how === 'null' ? 'null' : answer.how === 'array' ? '[]' : json.replace('"ECHO"', `"${echoed(answer.echo) || 'not one'}"`)
      return { response: () => new Response(text, { headers: { 'content-type': 'application/json' } }), outcome: { kind: 'validation' } }
    }
    case '2xx text': {
      const words = echoed(answer.echo)
      const text = { empty: '', html: `<html><head><title>Welcome ${words}</title></head></html>`, text: `Notice: ${words} ok` }[answer.body]
      return { response: () => new Response(text), outcome: { kind: 'validation' } }
    }
    case 'error': {
      const outcome = { kind: 'http' as const, status: answer.status, retryAfterSeconds: undefined as number | undefined }
      const words = echoed(answer.echo)
      const body =
        answer.body === 'contract' ? `{"error":{"code":"oops","message":"Key ${words} refused","requestId":"req_1","details":{"echo":"${words}"}}}`
        : answer.body === 'junk json' ? `{"error":["${words}"],"detail":{"k":"${words}"}}`
        : answer.body === 'html' ? `<!DOCTYPE html><html><head><title>502 Bad Gateway ${words}</title></head><body>${words}</body></html>`
        : ''
      return {
        response: () => {
          const now = Date.now()
          const ra = answer.retryAfter
          const headers = new Headers()
          // Whole seconds, as HTTP dates are: the server's clock (skewed from the device's), less the Age.
          const age = typeof answer.age === 'number' ? answer.age : 0
          const date = answer.date === undefined ? undefined : Math.floor((now + answer.date * 1000) / 1000) * 1000 - age * 1000
          if (date !== undefined) headers.set('Date', new Date(date).toUTCString())
          if (answer.age !== undefined) headers.set('Age', String(answer.age))
          // The seconds still to wait (RFC 9111: a cached answer's wait began Age seconds ago), at most a day.
          let seconds: number | undefined
          if (ra.form === 'seconds') seconds = ra.value - age
          if (ra.form === 'huge') seconds = Infinity
          if (ra.form === 'date') {
            // The server's Date, or without one the device's now, each less the Age: "offset seconds from then".
            const from = date ?? Math.floor(now / 1000) * 1000 - age * 1000
            seconds = Math.ceil((from + ra.offset * 1000 - (date === undefined ? now : date + age * 1000)) / 1000)
            headers.set('Retry-After', httpDate(from + ra.offset * 1000, ra.format))
          } else if (ra.form !== 'none') headers.set('Retry-After', ra.form === 'huge' ? '9'.repeat(400) : String(ra.value))
          outcome.retryAfterSeconds = seconds === undefined ? undefined : Math.min(86_400, Math.max(0, seconds))
          return new Response(body, { status: answer.status, headers })
        },
        outcome,
      }
    }
  }
}

const FEE_PARAMS = { sourceChain: 'solana', destinationChain: 'base', asset: 'USDC', amount: '25' }
const LINK_INPUT = { creatorId: 'c', chainType: 'solana', model: 'payment' as const, splits: { creator: 9000, platform: 1000 } }
const PATHS = {
  getLink: `/links/${linkFixture.code}`,
  getPayment: `/payments/${paymentFixture.id}`,
  estimateFees: '/fees/estimate?',
  createLink: '/links',
  verifyPayment: '/payments/verify',
}

const unhandled: unknown[] = []
const onUnhandled = (reason: unknown) => void unhandled.push(reason)
beforeAll(() => void process.on('unhandledRejection', onUnhandled))
afterAll(() => void process.off('unhandledRejection', onUnhandled))
afterEach(() => vi.useRealTimers())

// Real turns of the event loop, in which Node reports a rejection nothing handled.
const ticks = async (n = 3) => {
  for (let i = 0; i < n; i++) await new Promise((resolve) => setImmediate(resolve))
}

async function play(run: Run) {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], now: BASE_TIME + run.clock })
  const controller = new AbortController()
  let settled = false
  let aborted: number | undefined
  const abort = () => {
    if (!settled) aborted ??= Date.now()
    controller.abort(run.abortReason)
  }
  const paymentHeader = run.endpoint === 'verifyPayment' ? run.paymentHeader : undefined
  const secrets = [run.apiKey, ...(paymentHeader ? [paymentHeader] : [])]
  const timeoutMs = run.timeoutMs ?? 15_000
  const attempts: Attempt[] = []
  // The test's own timers (an answer's delay, the abort): any other one pending is the client's.
  const mine = new Set<ReturnType<typeof setTimeout>>()
  const later = (ms: number, fn: () => void) => {
    const timer = setTimeout(() => {
      mine.delete(timer)
      fn()
    }, ms)
    mine.add(timer)
  }

  const fetchFn = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const answer = run.script[Math.min(attempts.length, run.script.length - 1)]!
    const { response, outcome } = serve(run, answer, secrets)
    const at = Date.now()
    const timedOut = !response || answer.kind === 'stall' || answer.delay >= timeoutMs
    attempts.push({
      at,
      ended: at + (timedOut ? timeoutMs : answer.delay),
      outcome: timedOut ? { kind: 'network', timedOut: true } : outcome,
      init: { ...init },
      url: String(input),
      afterAbort: controller.signal.aborted,
      afterSettled: settled,
      answer,
    })
    if (run.abort.at === 'send' && run.abort.attempt === attempts.length) abort()
    if (run.abort.at === 'answered' && run.abort.attempt === attempts.length) later(answer.delay + 1, abort)
    const signal = init!.signal!
    return new Promise((resolve, reject) => {
      // A real fetch rejects with its signal's reason; a deaf one (a wrapper that drops it) goes on.
      if (!answer.deaf) signal.addEventListener('abort', () => reject(signal.reason))
      if (response) later(answer.delay, () => {
        try {
          resolve(response(answer.deaf ? undefined : signal))
        } catch (error) {
          reject(error)
        }
      })
    })
  }

  const client = createPayLinkClient({ baseUrl: BASE_URL, apiKey: run.apiKey, fetch: fetchFn, timeoutMs: run.timeoutMs, retry: run.retry })
  const options = { signal: controller.signal }
  if (run.abort.at === 'before') abort()
  if (run.abort.at === 'time') later(run.abort.ms, abort)
  const call =
    run.endpoint === 'getLink' ? getLink(client, linkFixture.code, options)
    : run.endpoint === 'getPayment' ? getPayment(client, paymentFixture.id, options)
    : run.endpoint === 'estimateFees' ? estimateFees(client, FEE_PARAMS, options)
    : run.endpoint === 'createLink' ? createLink(client, LINK_INPUT, options)
    : verifyPayment(client, { code: linkFixture.code }, { ...options, paymentHeader, idempotencyKey: run.idempotencyKey })
  let result: { value: unknown } | { error: unknown } | undefined
  let timersLeft = 0
  let settledAt = NaN
  void call
    .then((value) => ({ value }), (error: unknown) => ({ error }))
    .then((r) => {
      settled = true
      settledAt = Date.now()
      result = r
      timersLeft = vi.getTimerCount() - mine.size
    })
  await vi.runAllTimersAsync()
  await ticks()
  vi.useRealTimers()
  return { result, settled, settledAt, aborted, timersLeft, attempts, secrets, reason: controller.signal.reason }
}

/** The data a caller gets for an answer the client reads as data. */
function expectedData(run: Run, answer: Answer): unknown {
  if (answer.kind === 'x402 402') return expect.objectContaining({ status: 'payment-required' })
  const body = validBody(run.endpoint, answer.kind === 'unknown status')
  if (run.endpoint === 'verifyPayment') return { status: 'paid', ...body, paymentResponse: undefined }
  if (run.endpoint === 'estimateFees') {
    return expect.objectContaining({ totalFee: { amount: '0.42', currency: 'USDC', raw: feeFixture.totalFee }, estimatedSeconds: 90 })
  }
  return body
}

describe('the transport, over random servers, policies, time-outs and aborts', () => {
  test('settles once as the README says, retries only what it may, when it may, and leaks no secret', { timeout: 60_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(runArb, async (run) => {
        unhandled.length = 0
        const { result, settled, settledAt, aborted, timersLeft, attempts, secrets, reason } = await play(run)
        const policy: RetryPolicy | undefined = run.retry === false ? undefined : { ...defaultRetryPolicy, ...run.retry }
        const post = run.endpoint === 'createLink' || run.endpoint === 'verifyPayment'
        const allowed = !policy ? 1 : !post || (run.endpoint === 'verifyPayment' && run.idempotencyKey) ? policy.attempts : 1

        // Settled, with nothing left unhandled nor pending, and nothing sent after an abort or once settled.
        expect(settled).toBe(true)
        expect(unhandled).toEqual([])
        expect(timersLeft).toBe(0)
        expect(attempts.map((a) => a.afterAbort || a.afterSettled)).toEqual(attempts.map(() => false))

        // Every attempt the same request (path, key, payment, Idempotency-Key, body), with no redirect followed.
        expect(attempts.length).toBeLessThanOrEqual(allowed)
        for (const { url, init } of attempts) {
          expect(url).toBe(`${API}${PATHS[run.endpoint]}${run.endpoint === 'estimateFees' ? new URLSearchParams(FEE_PARAMS) : ''}`)
          expect(init).toMatchObject({ method: post ? 'POST' : 'GET', redirect: 'manual', body: attempts[0]!.init.body })
          const headers = init.headers as Record<string, string>
          expect(headers['x-api-key']).toBe(run.apiKey)
          expect(headers['idempotency-key']).toBe(run.endpoint === 'verifyPayment' ? run.idempotencyKey : undefined)
          expect(headers['payment-signature'] ?? headers['x-payment']).toBe(secrets[1])
        }

        // Each attempt but the last was a retryable failure, tried again after its Retry-After or back-off.
        attempts.forEach(({ outcome, ended }, i) => {
          const after = outcome.kind === 'http' ? outcome.retryAfterSeconds : undefined
          const goesOn = i + 1 < allowed && retryable(outcome) && !(after! * 1000 > policy!.maxRetryAfterMs)
          if (i === attempts.length - 1) {
            if (aborted === undefined) expect(goesOn).toBe(false)
            return
          }
          expect(goesOn).toBe(true)
          const gap = attempts[i + 1]!.at - ended
          const cap = Math.min(policy!.maxDelayMs, policy!.baseDelayMs * 2 ** i)
          if (after !== undefined) expect(gap).toBe(after * 1000)
          else expect([gap >= Math.floor(cap / 2), gap <= Math.ceil(cap)]).toEqual([true, true])
        })

        // What the caller gets: its own abort reason, at once, or the data, or the typed error of the last answer.
        if (aborted !== undefined) {
          expect([result, settledAt]).toEqual([{ error: reason }, aborted])
          return
        }
        const last = attempts.at(-1)!
        const { outcome } = last
        if (outcome.kind === 'data') {
          expect(result).toEqual({ value: expectedData(run, last.answer) })
          return
        }
        expect(result).toHaveProperty('error')
        const error = (result as { error: Error }).error
        const [type, fields] =
          outcome.kind === 'validation' ? [PayLinkValidationError, { endpoint: run.endpoint, source: 'response' }]
          : outcome.kind === 'http' ? [PayLinkHttpError, { endpoint: run.endpoint, status: outcome.status, attempt: attempts.length, retryAfterSeconds: outcome.retryAfterSeconds }]
          : outcome.kind === 'network' ? [PayLinkNetworkError, { endpoint: run.endpoint, timedOut: outcome.timedOut }]
          : [PayLinkX402Error, { source: '402 body' }]
        expect(error).toBeInstanceOf(type)
        expect(error).toMatchObject(fields)

        // No spelling of the key or the payment the server echoed reaches the error, its causes or its JSON.
        const e = error as PayLinkHttpError
        const texts = [e.message, e.shortMessage, JSON.stringify(e), inspect(e, { depth: Infinity }), JSON.stringify(e.body ?? null)]
        for (const secret of secrets) {
          for (const how of ['raw', 'slash', 'unicode'] as const) {
            for (const text of texts) expect(text).not.toContain(spell(secret, how))
          }
        }
      }),
      { numRuns: 300 },
    )
  })
})
