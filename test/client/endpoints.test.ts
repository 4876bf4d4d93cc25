import { http, HttpResponse } from 'msw'
import {
  createAttentionToken,
  createLink,
  estimateFees,
  getBridgeStatus,
  getLink,
  getPayment,
  verifyPayment,
} from '../../src/client.js'
import {
  API,
  API_KEY,
  attentionFixture,
  encodeBase64Json,
  feeFixture,
  linkFixture,
  makeClient,
  paymentFixture,
  paymentPayloadV1,
  paymentPayloadV2,
  paymentRequiredV1Body,
  paymentRequiredV2,
  proofFixture,
  settleResponse,
  transferFixture,
  useMswServer,
} from './helpers.js'

const { server, sent } = useMswServer()

describe('createLink', () => {
  it('posts the input as JSON with the API key and returns the created link', async () => {
    let body: unknown
    server.use(
      http.post(`${API}/links`, async ({ request }) => {
        body = await request.json()
        return HttpResponse.json(linkFixture, { status: 201 })
      }),
    )
    const input = {
      creatorId: 'creator_42',
      chainType: 'solana',
      model: 'payment' as const,
      splits: { creator: 9000, platform: 1000 },
      price: { amount: '1.50', currency: 'USDC' },
      title: 'Episode 12',
    }

    const link = await createLink(makeClient(), input)

    expect(link).toEqual(linkFixture)
    expect(body).toEqual(input)
    expect(sent).toHaveLength(1)
    expect(sent[0]!.headers.get('x-api-key')).toBe(API_KEY)
    expect(sent[0]!.headers.get('content-type')).toBe('application/json')
    expect(sent[0]!.headers.get('accept')).toBe('application/json')
  })
})

describe('getLink', () => {
  it('reads a link by its code', async () => {
    server.use(http.get(`${API}/links/:code`, ({ params }) => HttpResponse.json({ ...linkFixture, code: params.code })))

    const link = await getLink(makeClient(), 'lnk_abc123')

    expect(link).toEqual(linkFixture)
    expect(sent[0]!.method).toBe('GET')
    expect(sent[0]!.headers.get('x-api-key')).toBe(API_KEY)
  })

  it("refuses an answer about another link: its title and price are not this one's", async () => {
    // A cache or a router gone wrong answers every code with one link.
    server.use(http.get(`${API}/links/:code`, () => HttpResponse.json({ ...linkFixture, code: 'lnk_someone_else' })))

    await expect(getLink(makeClient(), 'lnk_abc123')).rejects.toMatchObject({
      name: 'PayLinkValidationError',
      endpoint: 'getLink',
      source: 'response',
      issues: [{ path: 'code', message: 'expected "lnk_abc123"' }],
    })
  })
})

describe('verifyPayment', () => {
  it('reads a v1 402 body as payment-required', async () => {
    let body: unknown
    server.use(
      http.post(`${API}/payments/verify`, async ({ request }) => {
        body = await request.json()
        return HttpResponse.json(paymentRequiredV1Body, { status: 402 })
      }),
    )

    const result = await verifyPayment(makeClient(), { code: 'lnk_abc123' })

    expect(body).toEqual({ code: 'lnk_abc123' })
    if (result.status !== 'payment-required') throw new Error(`expected payment-required, got ${result.status}`)
    expect(result.paymentRequired.x402Version).toBe(1)
    expect(result.paymentRequired.error).toBe('X-PAYMENT header is required')
    expect(result.paymentRequired.accepts).toEqual([
      expect.objectContaining({ x402Version: 1, scheme: 'exact', network: 'base-sepolia', amount: '1500000' }),
    ])
  })

  it('reads a v2 PAYMENT-REQUIRED header when the body is empty JSON', async () => {
    server.use(
      http.post(`${API}/payments/verify`, () =>
        HttpResponse.json({}, { status: 402, headers: { 'PAYMENT-REQUIRED': encodeBase64Json(paymentRequiredV2) } }),
      ),
    )

    const result = await verifyPayment(makeClient(), { code: 'lnk_abc123' })

    if (result.status !== 'payment-required') throw new Error(`expected payment-required, got ${result.status}`)
    expect(result.paymentRequired.x402Version).toBe(2)
    expect(result.paymentRequired.accepts).toEqual([
      expect.objectContaining({ x402Version: 2, network: 'eip155:84532', amount: '2500000', resource: `${API}/payments/verify` }),
    ])
  })

  it('prefers the v2 header when the 402 carries both forms', async () => {
    server.use(
      http.post(`${API}/payments/verify`, () =>
        HttpResponse.json(paymentRequiredV1Body, {
          status: 402,
          headers: { 'PAYMENT-REQUIRED': encodeBase64Json(paymentRequiredV2) },
        }),
      ),
    )

    const result = await verifyPayment(makeClient(), { code: 'lnk_abc123' })

    if (result.status !== 'payment-required') throw new Error(`expected payment-required, got ${result.status}`)
    expect(result.paymentRequired.x402Version).toBe(2)
    expect(result.paymentRequired.accepts.map((r) => r.amount)).toEqual(['2500000'])
  })

  it('reads the v2 header even when the 402 body is not JSON', async () => {
    server.use(
      http.post(`${API}/payments/verify`, () =>
        HttpResponse.text('Payment Required', { status: 402, headers: { 'PAYMENT-REQUIRED': encodeBase64Json(paymentRequiredV2) } }),
      ),
    )

    const result = await verifyPayment(makeClient(), { code: 'lnk_abc123' })

    if (result.status !== 'payment-required') throw new Error(`expected payment-required, got ${result.status}`)
    expect(result.paymentRequired.x402Version).toBe(2)
    expect(result.paymentRequired.accepts.map((r) => r.amount)).toEqual(['2500000'])
  })

  it('sends a v2 payload as PAYMENT-SIGNATURE with the Idempotency-Key and returns the settled payment', async () => {
    server.use(
      http.post(`${API}/payments/verify`, () =>
        HttpResponse.json(
          { payment: paymentFixture, proof: proofFixture },
          { headers: { 'PAYMENT-RESPONSE': encodeBase64Json(settleResponse) } },
        ),
      ),
    )

    const result = await verifyPayment(
      makeClient(),
      { code: 'lnk_abc123' },
      { paymentHeader: paymentPayloadV2, idempotencyKey: 'purchase-1' },
    )

    expect(result).toEqual({ status: 'paid', payment: paymentFixture, proof: proofFixture, paymentResponse: settleResponse })
    expect(sent[0]!.headers.get('payment-signature')).toBe(paymentPayloadV2)
    expect(sent[0]!.headers.has('x-payment')).toBe(false)
    expect(sent[0]!.headers.get('idempotency-key')).toBe('purchase-1')
  })

  it('sends a v1 payload as X-PAYMENT and reads X-PAYMENT-RESPONSE', async () => {
    server.use(
      http.post(`${API}/payments/verify`, () =>
        HttpResponse.json(
          { payment: paymentFixture, proof: proofFixture },
          { headers: { 'X-PAYMENT-RESPONSE': encodeBase64Json(settleResponse) } },
        ),
      ),
    )

    const result = await verifyPayment(makeClient(), { code: 'lnk_abc123' }, { paymentHeader: paymentPayloadV1 })

    if (result.status !== 'paid') throw new Error(`expected paid, got ${result.status}`)
    expect(result.paymentResponse).toEqual(settleResponse)
    expect(sent[0]!.headers.get('x-payment')).toBe(paymentPayloadV1)
    expect(sent[0]!.headers.has('payment-signature')).toBe(false)
    expect(sent[0]!.headers.has('idempotency-key')).toBe(false)
  })

  it('reports no paymentResponse when the server sent no settlement header', async () => {
    server.use(http.post(`${API}/payments/verify`, () => HttpResponse.json({ payment: paymentFixture, proof: proofFixture })))

    const result = await verifyPayment(makeClient(), { code: 'lnk_abc123' }, { paymentHeader: paymentPayloadV2 })

    expect(result).toEqual({ status: 'paid', payment: paymentFixture, proof: proofFixture, paymentResponse: undefined })
  })

  it("refuses a paid answer about another link's payment: its status is not this purchase's", async () => {
    server.use(http.post(`${API}/payments/verify`, () => HttpResponse.json({ payment: { ...paymentFixture, linkCode: 'someone-elses-link' }, proof: proofFixture })))

    await expect(verifyPayment(makeClient(), { code: 'lnk_abc123' }, { paymentHeader: paymentPayloadV2 })).rejects.toMatchObject({
      name: 'PayLinkValidationError',
      endpoint: 'verifyPayment',
      source: 'response',
      issues: [{ path: 'linkCode', message: 'expected "lnk_abc123"' }],
    })
  })

  it('keeps a payment that went through when its settlement header cannot be read', async () => {
    server.use(
      http.post(`${API}/payments/verify`, () =>
        HttpResponse.json({ payment: paymentFixture, proof: proofFixture }, { headers: { 'PAYMENT-RESPONSE': 'not base64!!' } }),
      ),
    )

    const result = await verifyPayment(makeClient(), { code: 'lnk_abc123' }, { paymentHeader: paymentPayloadV2 })

    expect(result).toEqual({ status: 'paid', payment: paymentFixture, proof: proofFixture, paymentResponse: undefined })
  })

  it('reads a valid X-PAYMENT-RESPONSE when the PAYMENT-RESPONSE beside it cannot be read', async () => {
    server.use(
      http.post(`${API}/payments/verify`, () =>
        HttpResponse.json(
          { payment: paymentFixture, proof: proofFixture },
          { headers: { 'PAYMENT-RESPONSE': 'not base64!!', 'X-PAYMENT-RESPONSE': encodeBase64Json(settleResponse) } },
        ),
      ),
    )

    const result = await verifyPayment(makeClient(), { code: 'lnk_abc123' }, { paymentHeader: paymentPayloadV1 })

    expect(result).toEqual({ status: 'paid', payment: paymentFixture, proof: proofFixture, paymentResponse: settleResponse })
  })
})

describe('getPayment', () => {
  it('reads a payment by its id', async () => {
    server.use(http.get(`${API}/payments/:id`, ({ params }) => HttpResponse.json({ ...paymentFixture, id: params.id })))

    await expect(getPayment(makeClient(), 'pay_9f8e7d')).resolves.toEqual(paymentFixture)
  })

  it("refuses an answer about another payment: its status is not this one's", async () => {
    server.use(http.get(`${API}/payments/:id`, () => HttpResponse.json({ ...paymentFixture, id: 'pay_someone_else', status: 'settled' })))

    await expect(getPayment(makeClient(), 'pay_9f8e7d')).rejects.toMatchObject({
      name: 'PayLinkValidationError',
      endpoint: 'getPayment',
      // The API's answer was wrong, not the app's id.
      source: 'response',
      issues: [{ path: 'id', message: 'expected "pay_9f8e7d"' }],
    })
  })
})

describe('createAttentionToken', () => {
  it('posts the link code and viewer id and returns the session', async () => {
    let body: unknown
    server.use(
      http.post(`${API}/attention/token`, async ({ request }) => {
        body = await request.json()
        return HttpResponse.json(attentionFixture, { status: 201 })
      }),
    )

    const session = await createAttentionToken(makeClient(), { code: 'lnk_abc123', viewerId: 'viewer-7' })

    expect(session).toEqual(attentionFixture)
    expect(body).toEqual({ code: 'lnk_abc123', viewerId: 'viewer-7' })
  })

  it('posts an empty object when given no input', async () => {
    let body: unknown
    server.use(
      http.post(`${API}/attention/token`, async ({ request }) => {
        body = await request.json()
        return HttpResponse.json(attentionFixture, { status: 201 })
      }),
    )

    await createAttentionToken(makeClient())

    expect(body).toEqual({})
  })
})

describe('getBridgeStatus', () => {
  it('reads a transfer by its id', async () => {
    server.use(http.get(`${API}/bridge/status/:id`, ({ params }) => HttpResponse.json({ ...transferFixture, id: params.id })))

    await expect(getBridgeStatus(makeClient(), 'xfer_1')).resolves.toEqual(transferFixture)
  })

  it("refuses an answer about another transfer: its status is not this one's", async () => {
    server.use(http.get(`${API}/bridge/status/:id`, () => HttpResponse.json({ ...transferFixture, id: 'xfer_2' })))

    await expect(getBridgeStatus(makeClient(), 'xfer_1')).rejects.toMatchObject({
      name: 'PayLinkValidationError',
      endpoint: 'getBridgeStatus',
      issues: [{ path: 'id', message: 'expected "xfer_1"' }],
    })
  })
})

describe('estimateFees', () => {
  it('sends the four parameters as the query string and parses the amounts exactly', async () => {
    server.use(http.get(`${API}/fees/estimate`, () => HttpResponse.json(feeFixture)))

    const fee = await estimateFees(makeClient(), {
      sourceChain: 'solana',
      destinationChain: 'eip155:8453',
      asset: 'USDC',
      amount: '25.00',
    })

    const url = new URL(sent[0]!.url)
    expect(url.pathname).toBe('/pub/v1/fees/estimate')
    expect([...url.searchParams]).toEqual([
      ['sourceChain', 'solana'],
      ['destinationChain', 'eip155:8453'],
      ['asset', 'USDC'],
      ['amount', '25.00'],
    ])
    expect(fee).toEqual({
      totalFee: { amount: '0.42', currency: 'USDC', raw: '0.42 USDC' },
      estimatedTime: '90 seconds',
      estimatedSeconds: 90,
      gasFee: { amount: '0.000123', currency: 'ETH', raw: '0.000123 ETH' },
      platformFee: { amount: '0.30', currency: 'USDC', raw: '0.30 USDC' },
    })
  })
})
