import { delay, http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { PayLinkConfigError, PayLinkNetworkError, PayLinkPaymentError, PayLinkX402Error } from '../../src/client/errors.js'
import { encodeBase64Json } from '../../src/x402/base64.js'
import { fetchWithPayment } from '../../src/x402/fetchWithPayment.js'
import { decodePaymentResponse } from '../../src/x402/paymentHeaders.js'
import v1Fixture from '../fixtures/x402-v1-402.json'
import { fakeSigner, requirement } from './helpers.js'

const URL_ = 'https://paid.test/resource'
const v2Required = encodeBase64Json({
  x402Version: 2,
  resource: { url: URL_ },
  accepts: [requirement().raw],
})
const settlement = encodeBase64Json({ success: true, transaction: '0xabc', network: 'eip155:84532', payer: '0x1' })

/** What the server saw: one entry per request, with its payment header. */
let seen: { method: string; payment: string | null }[]
const server = setupServer()
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())
beforeEach(() => {
  seen = []
})

/** A v2 resource: 402 without payment, then `paid` for the paid request. */
function resource(paid: () => Response | Promise<Response>) {
  server.use(
    http.all(URL_, async ({ request }) => {
      const payment = request.headers.get('PAYMENT-SIGNATURE') ?? request.headers.get('X-PAYMENT')
      seen.push({ method: request.method, payment })
      if (!payment) return HttpResponse.json({}, { status: 402, headers: { 'PAYMENT-REQUIRED': v2Required } })
      return paid()
    }),
  )
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('expected a rejection')
    },
    (e: unknown) => e,
  )
}

describe('fetchWithPayment', () => {
  test('a fetch option that resolves to no Response is a PayLinkConfigError, and nothing is signed', async () => {
    const signer = fakeSigner()
    const error = await rejection(fetchWithPayment(URL_, undefined, { signer, fetch: (async () => undefined) as unknown as typeof fetch }))

    expect(error).toBeInstanceOf(PayLinkConfigError)
    expect((error as Error).message).toMatch(/not a Response/)
    expect(signer.calls).toHaveLength(0)
  })

  test.each<[string, unknown, RegExp]>([
    ['no options', undefined, /options\.signer/],
    ['no signer', {}, /options\.signer/],
    ['a signer without networks', { signer: { address: '0x1', signPayment: async () => ({}) } }, /signer\.networks/],
    ['a signer without signPayment', { signer: { address: '0x1', networks: ['eip155:84532'] } }, /signer\.signPayment/],
  ])('%s is a PayLinkConfigError naming what is missing, before anything is sent', async (_, options, missing) => {
    resource(() => HttpResponse.text('paid'))
    const error = await rejection(fetchWithPayment(URL_, undefined, options as never))

    expect(error).toBeInstanceOf(PayLinkConfigError)
    expect((error as Error).message).toMatch(missing)
    expect(seen).toEqual([])
  })

  // What `fetch` itself would refuse: a URL relative to no page (a server), or a GET with a body.
  test.each<[string, string, RequestInit | undefined]>([
    ['a relative URL on a server', '/resource', undefined],
    ['a GET with a body', URL_, { body: 'x' }],
  ])('a request that cannot be built (%s) is a PayLinkConfigError, before anything is sent or signed', async (_, input, init) => {
    resource(() => HttpResponse.text('paid'))
    const signer = fakeSigner()
    const error = await rejection(fetchWithPayment(input, init, { signer }))

    expect(error).toBeInstanceOf(PayLinkConfigError)
    expect((error as PayLinkConfigError).shortMessage).toBe('fetchWithPayment could not build the request')
    expect((error as Error).cause).toBeInstanceOf(TypeError)
    expect(seen).toEqual([])
    expect(signer.calls).toHaveLength(0)
  })

  test('an answer other than 402 comes back untouched, and nothing is signed', async () => {
    server.use(http.get(URL_, () => HttpResponse.text('free', { status: 200 })))
    const signer = fakeSigner()
    const response = await fetchWithPayment(URL_, undefined, { signer })
    expect(await response.text()).toBe('free')
    expect(signer.calls).toHaveLength(0)
  })

  test('pays a v2 402 once and returns the paid answer with its settlement', async () => {
    resource(() => HttpResponse.json({ ok: true }, { headers: { 'PAYMENT-RESPONSE': settlement } }))
    const signer = fakeSigner()
    const response = await fetchWithPayment(URL_, undefined, { signer })
    expect(await response.json()).toEqual({ ok: true })
    expect(decodePaymentResponse(response.headers)).toMatchObject({ success: true, transaction: '0xabc' })
    expect(signer.calls).toHaveLength(1)
    expect(signer.calls[0]![1]).toEqual({ x402Version: 2, resource: { url: URL_ }, signal: expect.any(AbortSignal) })
    expect(seen.map((s) => s.payment === null)).toEqual([true, false])
  })

  test('pays a v1 402 (requirements in the body) with X-PAYMENT', async () => {
    server.use(
      http.get(URL_, ({ request }) => {
        const payment = request.headers.get('X-PAYMENT')
        seen.push({ method: 'GET', payment })
        if (!payment) return HttpResponse.json(v1Fixture, { status: 402 })
        return HttpResponse.text('paid', { headers: { 'X-PAYMENT-RESPONSE': settlement } })
      }),
    )
    const response = await fetchWithPayment(URL_, undefined, { signer: fakeSigner(['base-sepolia']) })
    expect(await response.text()).toBe('paid')
    expect(JSON.parse(atob(seen[1]!.payment!))).toMatchObject({ x402Version: 1, scheme: 'exact', network: 'base-sepolia' })
    expect(decodePaymentResponse(response.headers)?.transaction).toBe('0xabc')
  })

  test('sends with the injected fetch', async () => {
    resource(() => HttpResponse.text('paid'))
    const injected = vi.fn<typeof fetch>((input, init) => fetch(input, init))
    await fetchWithPayment(URL_, undefined, { signer: fakeSigner(), fetch: injected })
    expect(injected).toHaveBeenCalledTimes(2)
  })

  test('a request that already carries a payment header is refused, and nothing is sent', async () => {
    resource(() => HttpResponse.text('paid'))
    const error = await rejection(fetchWithPayment(URL_, { headers: { 'x-payment': 'abc' } }, { signer: fakeSigner() }))
    expect(error).toMatchObject({ name: 'PayLinkPaymentError', reason: 'already_has_payment' })
    expect((error as Error).message).toContain('The request already carries a payment header; it is not paid again')
    expect(seen).toHaveLength(0)
  })

  test('a 402 that is not x402 is a PayLinkX402Error, and nothing is signed', async () => {
    server.use(http.get(URL_, () => HttpResponse.html('<h1>Pay me</h1>', { status: 402 })))
    const signer = fakeSigner()
    expect(await rejection(fetchWithPayment(URL_, undefined, { signer }))).toBeInstanceOf(PayLinkX402Error)
    expect(signer.calls).toHaveLength(0)
  })

  test('the wallet refusing ends it: wallet_rejected, the paid request is never sent', async () => {
    resource(() => HttpResponse.text('paid'))
    const signer = fakeSigner(undefined, () => Promise.reject(Object.assign(new Error('no'), { code: 4001 })))
    const error = await rejection(fetchWithPayment(URL_, undefined, { signer }))
    expect(error).toMatchObject({ reason: 'wallet_rejected' })
    expect(seen).toHaveLength(1)
  })

  test('a wallet that answered too late (its authorization expires within 6 s): signer_failed, and it is never sent', async () => {
    resource(() => HttpResponse.text('paid'))
    const now = 1_000_000_000
    const clock = vi.spyOn(Date, 'now').mockImplementation(() => now)
    try {
      const signer = fakeSigner(undefined, async () => ({ signature: '0xsig', authorization: { validBefore: String(now / 1000 + 3) } }))
      expect(await rejection(fetchWithPayment(URL_, undefined, { signer }))).toMatchObject({ name: 'PayLinkPaymentError', reason: 'signer_failed' })
      expect(seen.map((s) => s.payment)).toEqual([null])
    } finally {
      clock.mockRestore()
    }
  })

  test('a 402 to the paid request is outcome_unknown with the server’s reason, and is not paid again', async () => {
    resource(() =>
      HttpResponse.json({}, {
        status: 402,
        headers: { 'PAYMENT-RESPONSE': encodeBase64Json({ success: false, errorReason: 'insufficient_funds', transaction: '', network: 'eip155:84532' }) },
      }),
    )
    const signer = fakeSigner()
    const error = await rejection(fetchWithPayment(URL_, undefined, { signer }))
    expect(error).toBeInstanceOf(PayLinkPaymentError)
    expect(error).toMatchObject({ reason: 'outcome_unknown', x402Reason: 'insufficient_funds' })
    expect(signer.calls).toHaveLength(1)
    expect(seen).toHaveLength(2)
    // The payment that was sent comes with the error, to be resent as it is, and stays out of serialisation.
    const sent = (error as PayLinkPaymentError).paymentHeader!
    expect(sent.name).toBe('PAYMENT-SIGNATURE')
    expect(seen[1]!.payment).toBe(sent.value)
    expect(JSON.stringify(error)).not.toContain(sent.value)
    expect((error as Error).message).not.toContain(sent.value)
  })

  test('the reason can come from the new 402 itself, and an undecodable one leaves it unknown', async () => {
    const refused = encodeBase64Json({ x402Version: 2, error: 'invalid_exact_evm_payload_signature', accepts: [requirement().raw] })
    resource(() => HttpResponse.json({}, { status: 402, headers: { 'PAYMENT-REQUIRED': refused } }))
    expect(await rejection(fetchWithPayment(URL_, undefined, { signer: fakeSigner() }))).toMatchObject({
      reason: 'outcome_unknown',
      x402Reason: 'invalid_exact_evm_payload_signature',
    })
    resource(() => HttpResponse.json({}, { status: 402 }))
    expect(await rejection(fetchWithPayment(URL_, undefined, { signer: fakeSigner() }))).toMatchObject({
      reason: 'outcome_unknown',
      x402Reason: undefined,
    })
  })

  test('a plain refusal of the paid request is its answer; a 5xx, 408, 409 or 429 leaves the outcome unknown', async () => {
    for (const status of [400, 403, 404, 410, 422]) {
      resource(() => HttpResponse.text('no', { status }))
      expect((await fetchWithPayment(URL_, undefined, { signer: fakeSigner() })).status).toBe(status)
    }
    for (const status of [408, 409, 429, 500, 502, 503]) {
      resource(() => HttpResponse.text('later', { status }))
      const error = await rejection(fetchWithPayment(URL_, undefined, { signer: fakeSigner() }))
      expect(error).toBeInstanceOf(PayLinkPaymentError)
      expect(error).toMatchObject({ reason: 'outcome_unknown', x402Reason: undefined, cause: undefined })
      // What the app must not do next, whatever the status.
      expect((error as Error).message).toContain('The payment may have gone through: do not pay again, check its status')
      expect((error as Error).message).toContain(`the server answered the paid request with HTTP ${status}`)
      expect((error as PayLinkPaymentError).paymentHeader?.name).toBe('PAYMENT-SIGNATURE')
    }
  })

  // Node's fetch keeps a connection until its body is read or cancelled (or garbage collected).
  test('the body of a paid request\'s answer thrown as outcome_unknown is cancelled, not left holding its connection', async () => {
    for (const status of [408, 429, 503]) {
      let cancelled: unknown = 'never'
      const endless = new ReadableStream({
        pull: (controller) => controller.enqueue(new Uint8Array(1024)),
        cancel: (reason) => void (cancelled = reason),
      })
      const answers = [new Response('{}', { status: 402, headers: { 'PAYMENT-REQUIRED': v2Required } }), new Response(endless, { status })]
      const error = await rejection(fetchWithPayment(URL_, undefined, { signer: fakeSigner(), fetch: async () => answers.shift()! }))
      expect(error).toMatchObject({ reason: 'outcome_unknown' })
      expect(cancelled, `HTTP ${status}`).toBeUndefined()
    }
  })

  test("a paid answer whose body cannot be cancelled (a custom fetch's Node stream) still gives outcome_unknown with the signed header", async () => {
    const paid = new Response(null, { status: 503 })
    Object.defineProperty(paid, 'body', { value: { pipe() {} } })
    const answers = [new Response('{}', { status: 402, headers: { 'PAYMENT-REQUIRED': v2Required } }), paid]
    const error = await rejection(fetchWithPayment(URL_, undefined, { signer: fakeSigner(), fetch: async () => answers.shift()! }))
    expect(error).toMatchObject({ reason: 'outcome_unknown' })
    expect((error as PayLinkPaymentError).paymentHeader?.name).toBe('PAYMENT-SIGNATURE')
  })

  test('a paid answer with no body at all (a bare 503 from a proxy) is outcome_unknown with the signed header, not a TypeError', async () => {
    const answers = [new Response('{}', { status: 402, headers: { 'PAYMENT-REQUIRED': v2Required } }), new Response(null, { status: 503 })]
    const error = await rejection(fetchWithPayment(URL_, undefined, { signer: fakeSigner(), fetch: async () => answers.shift()! }))
    expect(error).toBeInstanceOf(PayLinkPaymentError)
    expect(error).toMatchObject({ reason: 'outcome_unknown', paymentHeader: { name: 'PAYMENT-SIGNATURE' } })
  })

  test('a 5xx, 429 or 402 whose receipt says the settlement succeeded is paid: its answer comes back, not outcome_unknown', async () => {
    // x402's `upfront` flow settles before the handler runs, then sends the handler's error with the receipt.
    for (const status of [500, 503, 429, 402]) {
      resource(() => HttpResponse.text('handler failed', { status, headers: { 'PAYMENT-RESPONSE': settlement } }))
      const signer = fakeSigner()
      const response = await fetchWithPayment(URL_, undefined, { signer })
      expect(response.status).toBe(status)
      expect(await response.text()).toBe('handler failed')
      expect(decodePaymentResponse(response.headers)).toMatchObject({ success: true, transaction: '0xabc' })
      expect(signer.calls).toHaveLength(1)
    }
    // A receipt that says the settlement failed, or one that cannot be read, leaves it unknown: a
    // success written as the string "false" (truthy) is no settlement, whatever else it names.
    const receipts = [
      encodeBase64Json({ success: false, errorReason: 'x', transaction: '', network: 'eip155:84532' }),
      encodeBase64Json({ success: 'false', transaction: '0xabc', network: 'eip155:84532' }),
      'not base64 json',
    ]
    for (const receipt of receipts) {
      resource(() => HttpResponse.text('later', { status: 500, headers: { 'PAYMENT-RESPONSE': receipt } }))
      expect(await rejection(fetchWithPayment(URL_, undefined, { signer: fakeSigner() }))).toMatchObject({ reason: 'outcome_unknown' })
    }
  })

  test('an outcome_unknown says what happened: a 402 with its reason, or no answer', async () => {
    resource(() => HttpResponse.json({}, { status: 402 }))
    expect(((await rejection(fetchWithPayment(URL_, undefined, { signer: fakeSigner() }))) as Error).message).toContain(
      'the server answered the paid request with 402 (no reason given)',
    )
    resource(() => HttpResponse.error())
    const error = (await rejection(fetchWithPayment(URL_, undefined, { signer: fakeSigner() }))) as PayLinkPaymentError
    expect(error.message).toContain('the paid request got no answer')
    expect(error.x402Reason).toBeUndefined()
    expect(error.paymentHeader?.value).toBe(seen.at(-1)!.payment)
  })

  // An empty `error` in the new 402's requirements (some servers always send the field) is no reason.
  test("an outcome_unknown after a paid 402 whose requirements give no reason, or an empty one, says 'no reason given'", async () => {
    for (const error of [undefined, '']) {
      const required = encodeBase64Json({ x402Version: 2, resource: { url: URL_ }, accepts: [requirement().raw], ...(error !== undefined && { error }) })
      resource(() => HttpResponse.json({}, { status: 402, headers: { 'PAYMENT-REQUIRED': required } }))
      const thrown = (await rejection(fetchWithPayment(URL_, undefined, { signer: fakeSigner() }))) as PayLinkPaymentError
      expect(thrown).toMatchObject({ reason: 'outcome_unknown', x402Reason: undefined })
      expect(thrown.message).toContain('the server answered the paid request with 402 (no reason given)')
    }
  })

  test('a network error on the paid request is outcome_unknown', async () => {
    resource(() => HttpResponse.error())
    const signer = fakeSigner()
    const error = await rejection(fetchWithPayment(URL_, undefined, { signer }))
    expect(error).toMatchObject({ reason: 'outcome_unknown' })
    expect((error as Error).cause).toBeInstanceOf(PayLinkNetworkError)
    expect(signer.calls).toHaveLength(1)
  })

  test('a network error before any payment is a PayLinkNetworkError that names no PayLink API (this server is not one)', async () => {
    server.use(http.get(URL_, () => HttpResponse.error()))
    expect(await rejection(fetchWithPayment(URL_, undefined, { signer: fakeSigner() }))).toMatchObject({
      name: 'PayLinkNetworkError',
      timedOut: false,
      shortMessage: 'The request could not reach the server',
    })
  })

  test('the time-out ends a request that never answers: a timed-out PayLinkNetworkError before paying', async () => {
    server.use(http.get(URL_, () => delay('infinite')))
    expect(await rejection(fetchWithPayment(URL_, undefined, { signer: fakeSigner(), timeoutMs: 20 }))).toMatchObject({
      name: 'PayLinkNetworkError',
      timedOut: true,
    })
  })

  test('a fetch that ignores its signal and answers a 402 late with a stalled body still times out', async () => {
    const deaf: typeof fetch = () =>
      new Promise((resolve) =>
        setTimeout(() => resolve(new Response(new ReadableStream({ start: (c) => c.enqueue(new TextEncoder().encode('{"x')) }), { status: 402 })), 40),
      )
    expect(await rejection(fetchWithPayment(URL_, undefined, { signer: fakeSigner(), timeoutMs: 20, fetch: deaf }))).toMatchObject({
      name: 'PayLinkNetworkError',
      timedOut: true,
    })
  })

  test('a time-out of Infinity means no time-out (not the 1 ms setTimeout makes of it)', async () => {
    resource(async () => {
      await delay(30)
      return HttpResponse.text('paid')
    })
    const response = await fetchWithPayment(URL_, undefined, { signer: fakeSigner(), timeoutMs: Number.POSITIVE_INFINITY })
    expect(await response.text()).toBe('paid')
  })

  test('the time-out on the paid request is outcome_unknown', async () => {
    resource(() => delay('infinite') as Promise<never>)
    const error = await rejection(fetchWithPayment(URL_, undefined, { signer: fakeSigner(), timeoutMs: 20 }))
    expect(error).toMatchObject({ reason: 'outcome_unknown', cause: { name: 'PayLinkNetworkError', timedOut: true } })
  })

  test('an abort stays an abort (the signal’s own reason), before or after signing', async () => {
    server.use(http.get(URL_, () => delay('infinite')))
    const first = new AbortController()
    const pending = rejection(fetchWithPayment(URL_, undefined, { signer: fakeSigner(), signal: first.signal }))
    const reason = new Error('user left the page')
    setTimeout(() => first.abort(reason), 5)
    expect(await pending).toBe(reason)

    server.resetHandlers()
    resource(() => HttpResponse.text('paid'))
    const second = new AbortController()
    const signer = fakeSigner(undefined, async () => {
      second.abort('cancelled in the wallet dialog')
      return { signature: '0xsig' }
    })
    expect(await rejection(fetchWithPayment(URL_, { signal: second.signal }, { signer }))).toBe('cancelled in the wallet dialog')
    expect(seen).toHaveLength(1)
  })

  test('an abort while the wallet is open ends it at once, tells the signer, and the signature that comes later is never sent', async () => {
    resource(() => HttpResponse.text('paid'))
    const controller = new AbortController()
    let sign!: (payload: Record<string, unknown>) => void
    const signer = fakeSigner(undefined, () => new Promise((resolve) => (sign = resolve)))
    const pending = rejection(fetchWithPayment(URL_, undefined, { signer, signal: controller.signal }))
    await vi.waitFor(() => expect(signer.calls).toHaveLength(1))
    expect(signer.calls[0]![1].signal?.aborted).toBe(false)
    controller.abort('Cancel pressed')
    // A signer with a second prompt to come (a chain switch, then the signature) learns not to open it.
    expect(signer.calls[0]![1].signal?.reason).toBe('Cancel pressed')
    const late = new Promise((resolve) => setTimeout(() => resolve('still pending a second after the abort'), 1000))
    expect(await Promise.race([pending, late])).toBe('Cancel pressed')
    sign({ signature: '0xsig' })
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(seen).toEqual([{ method: 'GET', payment: null }])
  })

  test('over the spend cap: exceeds_max_amount, nothing signed, nothing sent twice', async () => {
    resource(() => HttpResponse.text('paid'))
    const signer = fakeSigner()
    const maxAmount = { [requirement().asset]: 999n }
    expect(await rejection(fetchWithPayment(URL_, undefined, { signer, maxAmount }))).toMatchObject({ reason: 'exceeds_max_amount' })
    expect(signer.calls).toHaveLength(0)
    expect(seen).toHaveLength(1)
  })

  test('a Request input keeps its method, headers and body on the paid retry, and is itself left unchanged', async () => {
    const bodies: string[] = []
    server.use(
      http.put(URL_, async ({ request }) => {
        bodies.push(`${request.headers.get('x-trace')} ${await request.text()}`)
        if (!request.headers.get('PAYMENT-SIGNATURE')) return HttpResponse.json({}, { status: 402, headers: { 'PAYMENT-REQUIRED': v2Required } })
        return HttpResponse.text('stored')
      }),
    )
    const input = new Request(URL_, { method: 'PUT', headers: { 'x-trace': 't1' }, body: 'hello' })
    const response = await fetchWithPayment(input, undefined, { signer: fakeSigner() })
    expect(await response.text()).toBe('stored')
    expect(bodies).toEqual(['t1 hello', 't1 hello'])
    expect(input.headers.has('PAYMENT-SIGNATURE')).toBe(false)
  })
})
