import fc from 'fast-check'
import { PayLinkError, PayLinkNetworkError, PayLinkPaymentError, PayLinkX402Error } from '../../src/client/errors.js'
import { decodeBase64Json, encodeBase64Json } from '../../src/x402/base64.js'
import { fetchWithPayment } from '../../src/x402/fetchWithPayment.js'
import type { PaymentRequirement } from '../../src/x402/paymentRequired.js'
import type { PaymentSigner } from '../../src/x402/paymentSigner.js'
import { PAY_TO, USDC_BASE_SEPOLIA } from './helpers.js'

// The x402 client's money promise, over random sellers (v1, v2 or both; one to three offers),
// wallets, spend caps, faults and aborts, as a caller of fetchWithPayment sees it: one call signs at
// most once, never above the cap nor what the wallet cannot pay; the payment goes only with the
// paid retry of the request its 402 answered; every failure is one of the package's typed errors
// (the README's reason) or the caller's own abort reason; nothing is asked or sent after an abort;
// no rejection is left unhandled; and the response handed back is the one the server sent.
// The seller is an injected fetch (the `fetch` option or the global one): no network; the
// time-outs run out on a fake clock, so no assertion waits on time.

const URL_ = 'https://seller.test/report'
const OTHER_PAY_TO = '0x1111111111111111111111111111111111111111'
const USDC_BASE = '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913'
const NETWORKS = [
  { v1: 'base-sepolia', v2: 'eip155:84532' },
  { v1: 'base', v2: 'eip155:8453' },
  { v1: 'solana', v2: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' },
]
/** A signer's `networks`, and the NETWORKS they cover (wildcards and v1 names included). */
const SIGNER_NETWORKS: [string[], number[]][] = [
  [['eip155:84532'], [0]],
  [['base-sepolia'], [0]],
  [['eip155:*'], [0, 1]],
  [['solana:*', 'base'], [1, 2]],
]
/** A `maxAmount` (none: the default), and the cap it puts on each asset, keyed in lower case. */
const CAPS: [Record<string, bigint | string> | undefined, Record<string, bigint>][] = [
  [undefined, { [USDC_BASE_SEPOLIA.toLowerCase()]: 100_000n, [USDC_BASE.toLowerCase()]: 100_000n }],
  [{ [USDC_BASE_SEPOLIA]: 100_000n }, { [USDC_BASE_SEPOLIA.toLowerCase()]: 100_000n }],
  [{ [USDC_BASE_SEPOLIA.toLowerCase()]: '2000000', [USDC_BASE]: 0n }, { [USDC_BASE_SEPOLIA.toLowerCase()]: 2_000_000n, [USDC_BASE.toLowerCase()]: 0n }],
]
const capOf = (cap: number, asset: string): bigint | undefined => CAPS[cap]![1][asset.toLowerCase()]

type UnpaidFault = '402' | 'timeout' | 'stalled 402 body' | 'dropped' | '500' | '503 Retry-After' | 'HTML 502' | 'free 200' | 'HTML 402'
type PaidFault = '200' | '404' | '402 reason' | '402 failed receipt' | 'timeout' | 'dropped' | 'lost after charge' | '429' | '500' | '503 Retry-After' | 'HTML 502' | '500 with success receipt'
type Answer = 'sign' | 'refuse (4001)' | 'refuse (words)' | 'throw a string' | 'throw an object' | 'throw a bare object' | 'throw null' | 'no payload'
type AbortAt = 'never' | 'before' | 'unpaid' | 'asked' | 'answered' | 'paid' | 'after'

/** One of `common` most of the time, else one of `rare`: most runs get as far as paying. */
const mostly = <T>(common: T[], rare: T[]) => fc.oneof({ weight: 6, arbitrary: fc.constantFrom(...common) }, { weight: 1, arbitrary: fc.constantFrom(...rare) })

const offerArb = fc.record({
  scheme: mostly(['exact'], ['upto']),
  net: mostly([0], [1, 2]),
  asset: mostly([USDC_BASE_SEPOLIA, USDC_BASE_SEPOLIA.toLowerCase()], [USDC_BASE, OTHER_PAY_TO]),
  amount: mostly(['1', '100000'], ['100001', '2000000']),
  payTo: mostly([PAY_TO], [OTHER_PAY_TO]),
  flow: mostly([undefined], ['upfront', 'escrow', 'a later flow']),
})
type Offer = typeof offerArb extends fc.Arbitrary<infer T> ? T : never

const runArb = fc.record({
  version: fc.constantFrom('v1', 'v2', 'both'),
  offers: fc.array(offerArb, { minLength: 1, maxLength: 3 }),
  unpaid: mostly<UnpaidFault>(['402'], ['timeout', 'stalled 402 body', 'dropped', '500', '503 Retry-After', 'HTML 502', 'free 200', 'HTML 402']),
  paid: fc.constantFrom<PaidFault>('200', '200', '404', '402 reason', '402 failed receipt', 'timeout', 'dropped', 'lost after charge', '429', '500', '503 Retry-After', 'HTML 502', '500 with success receipt'),
  networks: mostly([1, 2], [0, 3]),
  schemes: mostly([undefined, ['exact'], ['exact', 'upto']], [['upto']]),
  refusesOtherPayTo: mostly([false], [true]),
  answer: mostly<Answer>(['sign'], ['refuse (4001)', 'refuse (words)', 'throw a string', 'throw an object', 'throw a bare object', 'throw null', 'no payload']),
  cap: fc.nat(CAPS.length - 1),
  pickLast: fc.boolean(),
  abortAt: fc.constantFrom<AbortAt>('never', 'never', 'never', 'before', 'unpaid', 'asked', 'answered', 'paid', 'paid', 'after'),
  abortReason: fc.constantFrom(new Error('the user left'), 'Cancel pressed', undefined),
  signalIn: fc.constantFrom('options', 'init'),
  input: fc.constantFrom('string', 'URL', 'POST Request'),
  fetchOption: fc.boolean(),
  // A fetch that ignores its signal (a wrapper that drops it): the abort and the time-out end the call all the same.
  deaf: fc.boolean(),
  timeoutMs: fc.constantFrom(undefined, 50),
})
type Run = typeof runArb extends fc.Arbitrary<infer T> ? T : never

const rawV2 = (o: Offer) => ({
  scheme: o.scheme,
  network: NETWORKS[o.net]!.v2,
  amount: o.amount,
  asset: o.asset,
  payTo: o.payTo,
  maxTimeoutSeconds: 60,
  extra: { name: 'USDC', version: '2', ...(o.flow && { paymentFlow: o.flow }) },
})
const rawV1 = (o: Offer) => {
  const { amount, network: _, ...rest } = rawV2(o)
  return { ...rest, network: NETWORKS[o.net]!.v1, maxAmountRequired: amount, resource: URL_, description: 'a report', mimeType: 'text/plain' }
}
/** An offer as the seller lists it: in the v2 header, unless it speaks v1 alone. */
const sentOffer = (run: Run): ((o: Offer) => object) => (run.version === 'v1' ? rawV1 : rawV2)

/** What the caller should get: the abort reason, an answer (the first or the paid one), or a typed error; and the offer signed. */
type Expected = { chosen?: Offer; pays?: boolean } & (
  | { abort: true }
  | { response: 'first' | 'paid' }
  | { error: abstract new (...args: never[]) => PayLinkError; reason?: string; timedOut?: boolean; x402Reason?: string }
)

function expected(run: Run): Expected {
  if (run.abortAt === 'before' || run.abortAt === 'unpaid') return { abort: true }
  if (run.unpaid === 'timeout' || run.unpaid === 'stalled 402 body') return { error: PayLinkNetworkError, timedOut: true }
  if (run.unpaid === 'dropped') return { error: PayLinkNetworkError, timedOut: false }
  if (run.unpaid === 'HTML 402') return { error: PayLinkX402Error }
  if (run.unpaid !== '402') return { response: 'first' }
  const [, covered] = SIGNER_NETWORKS[run.networks]!
  const supported = run.offers.filter(
    (o) =>
      (run.schemes ?? ['exact']).includes(o.scheme) &&
      covered.includes(o.net) &&
      o.flow !== 'a later flow' &&
      !(run.refusesOtherPayTo && o.payTo === OTHER_PAY_TO),
  )
  if (!supported.length) return { error: PayLinkPaymentError, reason: 'no_payable_requirement' }
  const payable = supported.filter((o) => BigInt(o.amount) <= (capOf(run.cap, o.asset) ?? -1n))
  if (!payable.length) return { error: PayLinkPaymentError, reason: 'exceeds_max_amount' }
  const afterSuccess = payable.filter((o) => !o.flow)
  const offered = afterSuccess.length ? afterSuccess : payable
  const chosen = run.pickLast ? offered.at(-1)! : offered[0]!
  if (run.abortAt === 'asked' || run.abortAt === 'answered') return { chosen, abort: true }
  if (run.answer === 'refuse (4001)' || run.answer === 'refuse (words)') return { chosen, error: PayLinkPaymentError, reason: 'wallet_rejected' }
  if (run.answer !== 'sign') return { chosen, error: PayLinkPaymentError, reason: 'signer_failed' }
  const unknown = { chosen, pays: true, error: PayLinkPaymentError, reason: 'outcome_unknown' }
  if (run.abortAt === 'paid') return unknown
  if (run.paid === '402 reason') return { ...unknown, x402Reason: 'insufficient_funds' }
  if (run.paid === '402 failed receipt') return { ...unknown, x402Reason: 'invalid_exact_evm_payload_signature' }
  // A seller that settles before its handler runs (upfront, escrow) answers a 4xx after taking the
  // money: with no receipt to read, its outcome is unknown, not a refusal (e504668).
  if (run.paid === '404' && (chosen.flow === 'upfront' || chosen.flow === 'escrow')) return unknown
  if (['200', '404', '500 with success receipt'].includes(run.paid)) return { chosen, pays: true, response: 'paid' }
  return { ...unknown, ...(run.paid === 'timeout' && { timedOut: true }) }
}

/** One event a caller could observe, with whether the caller had aborted when it began. */
type Event =
  | { kind: 'request'; url: string; payment: [string, string] | undefined; body: Promise<string>; afterAbort: boolean }
  | { kind: 'sign'; requirement: PaymentRequirement; afterAbort: boolean; told?: boolean }

const never = () => new Promise<never>(() => {})
// Past any time-out of a run (15 s by default); only while the run's clock is fake.
const advance = () => vi.isFakeTimers() && vi.advanceTimersByTime(20_000)
const ticks = async (n = 3) => {
  for (let i = 0; i < n; i++) await new Promise((resolve) => setImmediate(resolve))
}

const unhandled: unknown[] = []
const onUnhandled = (reason: unknown) => void unhandled.push(reason)
beforeAll(() => void process.on('unhandledRejection', onUnhandled))
afterAll(() => void process.off('unhandledRejection', onUnhandled))
afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

async function play(run: Run) {
  const controller = new AbortController()
  const abort = () => controller.abort(run.abortReason)
  const events: Event[] = []
  let served: Response | undefined
  const respond = (response: Response) => (served = response)
  const required = (error?: string) => {
    const v2 = { x402Version: 2, ...(error && { error }), resource: { url: URL_ }, accepts: run.offers.map(rawV2) }
    const v1 = { x402Version: 1, ...(error && { error }), accepts: run.offers.map(rawV1) }
    const headers = run.version === 'v1' ? undefined : { 'PAYMENT-REQUIRED': encodeBase64Json(v2) }
    return Response.json(run.version === 'v2' ? {} : v1, { status: 402, headers })
  }
  const receipt = (fields: object) => ({ [run.version === 'v1' ? 'X-PAYMENT-RESPONSE' : 'PAYMENT-RESPONSE']: encodeBase64Json(fields) })
  const success = receipt({ success: true, transaction: '0xabc', network: 'eip155:84532', payer: '0x1' })
  // A real fetch rejects with its signal's reason once it aborts; a deaf one answers all the same.
  const hang = (signal: AbortSignal) => {
    // The time-out's timer was set before this fetch: it runs out once the call waits on the answer.
    setImmediate(advance)
    return run.deaf ? never() : new Promise<never>((_, reject) => signal.addEventListener('abort', () => reject(signal.reason)))
  }

  const send = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = input as Request
    const name = ['PAYMENT-SIGNATURE', 'X-PAYMENT'].find((header) => request.headers.has(header))
    const paid = events.some((e) => e.kind === 'request')
    events.push({
      kind: 'request',
      url: request.url,
      payment: name ? [name, request.headers.get(name)!] : undefined,
      body: request.clone().text(),
      afterAbort: controller.signal.aborted,
    })
    if (run.abortAt === (paid ? 'paid' : 'unpaid')) abort()
    const signal = init!.signal!
    if (!run.deaf && signal.aborted) throw signal.reason
    const fault = paid ? run.paid : run.unpaid
    switch (fault) {
      case 'timeout':
        return hang(signal)
      case 'stalled 402 body':
        setImmediate(advance)
        return respond(new Response(new ReadableStream({ start: (c) => c.enqueue(new TextEncoder().encode('{"x402Version":1,')) }), { status: 402 }))
      case 'dropped':
      case 'lost after charge':
        throw new TypeError('fetch failed')
      case '402':
        return respond(required())
      case 'HTML 402':
        return respond(new Response('<h1>Payment required</h1>', { status: 402, headers: { 'Content-Type': 'text/html' } }))
      case '402 reason':
        return respond(required('insufficient_funds'))
      case '402 failed receipt':
        return respond(new Response('{}', { status: 402, headers: receipt({ success: false, errorReason: 'invalid_exact_evm_payload_signature' }) }))
      case '429':
        return respond(new Response('slow down', { status: 429 }))
      case '500':
        return respond(Response.json({ error: 'boom' }, { status: 500 }))
      case '503 Retry-After':
        return respond(new Response('busy', { status: 503, headers: { 'Retry-After': '2' } }))
      case 'HTML 502':
        return respond(new Response('<html>Bad gateway</html>', { status: 502, headers: { 'Content-Type': 'text/html' } }))
      case 'free 200':
        return respond(new Response('free'))
      case '404':
        return respond(new Response('gone', { status: 404 }))
      case '500 with success receipt':
        return respond(new Response('handler failed', { status: 500, headers: success }))
      case '200':
        return respond(new Response('the report', { headers: success }))
    }
  }

  const payload = { signature: '0xsig', nonce: Math.random().toString(36) }
  const signer: PaymentSigner = {
    address: '0x0000000000000000000000000000000000000001',
    networks: SIGNER_NETWORKS[run.networks]![0],
    schemes: run.schemes,
    supports: run.refusesOtherPayTo ? (r) => r.payTo !== OTHER_PAY_TO : undefined,
    async signPayment(requirement, context) {
      const event: Event = { kind: 'sign', requirement, afterAbort: controller.signal.aborted }
      events.push(event)
      if (run.abortAt === 'asked') abort()
      await ticks(1)
      if (run.abortAt === 'answered') abort()
      event.told = !!context.signal?.aborted
      switch (run.answer) {
        case 'sign':
          return payload
        case 'refuse (4001)':
          throw Object.assign(new Error('User rejected the request.'), { code: 4001 })
        case 'refuse (words)':
          throw 'MetaMask Tx Signature: User denied transaction signature.'
        case 'throw a string':
          throw 'wallet locked'
        case 'throw an object':
          throw { code: -32603, message: 'Internal JSON-RPC error.' }
        case 'throw a bare object':
          // No prototype: String() of it throws.
          throw Object.assign(Object.create(null), { code: -32000 })
        case 'throw null':
          throw null
        case 'no payload':
          return null as never
      }
    },
  }

  const caller = run.input === 'POST Request' ? new Request(URL_, { method: 'POST', body: 'order 42' }) : run.input === 'URL' ? new URL(URL_) : URL_
  const init = run.signalIn === 'init' ? { signal: controller.signal } : undefined
  if (run.fetchOption) vi.stubGlobal('fetch', () => Promise.reject(new Error('the global fetch was used')))
  else vi.stubGlobal('fetch', send)
  if (run.abortAt === 'before') abort()
  const result = await fetchWithPayment(caller, init, {
    signer,
    maxAmount: CAPS[run.cap]![0],
    ...(run.pickLast && { selectRequirement: (payable: PaymentRequirement[]) => payable.at(-1) }),
    ...(run.signalIn === 'options' && { signal: controller.signal }),
    ...(run.fetchOption && { fetch: send }),
    timeoutMs: run.timeoutMs,
  }).then(
    (response) => ({ response }),
    (error: unknown) => ({ error }),
  )
  const settledEvents = events.length
  if (run.abortAt === 'after') abort()
  await ticks()
  return { result, events, settledEvents, served, signal: controller.signal, caller, payload }
}

describe('fetchWithPayment, over random sellers, wallets, caps, faults and aborts', () => {
  test('never moves money twice by accident, and every failure is typed', { timeout: 120_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(runArb, async (run) => {
        vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
        unhandled.length = 0
        const { result, events, settledEvents, served, signal, caller, payload } = await play(run).finally(() => vi.useRealTimers())
        const want = expected(run)
        const requests = events.filter((e): e is Extract<Event, { kind: 'request' }> => e.kind === 'request')
        const signs = events.filter((e): e is Extract<Event, { kind: 'sign' }> => e.kind === 'sign')

        // Nothing left unhandled, and nothing asked or sent after the caller aborted, nor once the call ended.
        expect(unhandled).toEqual([])
        expect(events.filter((e) => e.afterAbort)).toEqual([])
        expect(events).toHaveLength(settledEvents)

        // At most one signature, of an offer the wallet pays, within the cap: the one the README's pick gives.
        expect(signs.length).toBeLessThanOrEqual(1)
        const offers = run.offers.map(sentOffer(run))
        for (const { requirement } of signs) {
          expect(offers).toContainEqual(requirement.raw)
          expect(BigInt(requirement.amount)).toBeLessThanOrEqual(capOf(run.cap, requirement.asset) ?? -1n)
          expect(run.schemes ?? ['exact']).toContain(requirement.scheme)
          expect(SIGNER_NETWORKS[run.networks]![1]).toContain(NETWORKS.findIndex((n) => [n.v1, n.v2].includes(requirement.network)))
          if (run.refusesOtherPayTo) expect(requirement.payTo).not.toBe(OTHER_PAY_TO)
        }
        expect(signs.map((s) => s.requirement.raw)).toEqual(want.chosen ? [sentOffer(run)(want.chosen)] : [])
        // A wallet with a prompt still to come learns of the abort through its context.
        for (const { told } of signs) expect(told).toBe('abort' in want)

        // The unpaid request carries no payment; the paid retry, the one payment signed, to the same URL with the same body.
        expect(requests.length).toBeLessThanOrEqual(signs.length + 1)
        expect(requests.map((r) => r.url)).toEqual(requests.map(() => URL_))
        expect(requests[0]?.payment).toBeUndefined()
        for (const r of requests) expect(await r.body).toBe(run.input === 'POST Request' ? 'order 42' : '')
        if (caller instanceof Request) expect([caller.headers.has('PAYMENT-SIGNATURE'), caller.headers.has('X-PAYMENT')]).toEqual([false, false])
        const paid = requests[1]?.payment
        expect(!!paid).toBe(!!want.pays)
        if (paid) {
          const [name, value] = paid
          const sent = decodeBase64Json(value, 'sent') as Record<string, unknown>
          expect(sent.payload).toEqual(payload)
          if (run.version === 'v1') expect([name, sent.network]).toEqual(['X-PAYMENT', NETWORKS[want.chosen!.net]!.v1])
          else expect([name, sent.accepted]).toEqual(['PAYMENT-SIGNATURE', rawV2(want.chosen!)])
        }

        // What the caller gets: the answer the server sent, its own abort reason, or the README's typed error.
        if ('response' in want) {
          expect(result).toEqual({ response: expect.any(Response) })
          expect((result as { response: Response }).response).toBe(served)
          expect(requests).toHaveLength(want.response === 'first' ? 1 : 2)
        } else {
          expect(result).toHaveProperty('error')
          const { error } = result as { error: unknown }
          if ('abort' in want) expect(error).toBe(signal.reason)
          else {
            expect(error).toBeInstanceOf(want.error)
            if (want.reason) expect(error).toMatchObject({ reason: want.reason })
            // A time-out of the paid request is the cause of its outcome_unknown.
            if (want.timedOut !== undefined) expect(want.pays ? (error as Error).cause : error).toMatchObject({ timedOut: want.timedOut })
            if (want.x402Reason) expect(error).toMatchObject({ x402Reason: want.x402Reason })
            if (want.reason === 'outcome_unknown') expect((error as PayLinkPaymentError).paymentHeader?.value).toBe(paid?.[1])
          }
        }
      }),
      { numRuns: 300 },
    )
  })
})
