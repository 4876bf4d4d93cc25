import { http, HttpResponse } from 'msw'
import {
  createAttentionToken,
  createPayLinkClient,
  createLink,
  type CreateLinkInput,
  estimateFees,
  getBridgeStatus,
  getLink,
  getPayment,
  PayLinkValidationError,
  verifyPayment,
} from '../../src/client.js'
import {
  API,
  attentionFixture,
  feeFixture,
  linkFixture,
  makeClient,
  paymentFixture,
  paymentPayloadV2,
  proofFixture,
  rejectionOf,
  strictDateParse,
  transferFixture,
  useMswServer,
} from './helpers.js'

const { server, sent } = useMswServer()

async function validationErrorOf(promise: Promise<unknown>): Promise<PayLinkValidationError> {
  const error = await rejectionOf(promise)
  expect(error).toBeInstanceOf(PayLinkValidationError)
  return error as PayLinkValidationError
}

const pathsOf = (error: PayLinkValidationError) => error.issues.map((i) => i.path)

describe('createLink input', () => {
  const good: CreateLinkInput = { creatorId: 'creator_42', chainType: 'solana', model: 'payment', splits: { creator: 9000, platform: 1000 } }
  const withChange = (change: Record<string, unknown>) => ({ ...good, ...change }) as CreateLinkInput

  it.each([
    ['an empty creatorId', { creatorId: '' }, ['creatorId']],
    ['a blank creatorId', { creatorId: '   ' }, ['creatorId']],
    ['an empty chainType', { chainType: '' }, ['chainType']],
    ['a blank chainType', { chainType: ' \t ' }, ['chainType']],
    ['a blank price currency', { price: { amount: '1.50', currency: '  ' } }, ['price.currency']],
    ['model "subscription"', { model: 'subscription' }, ['model']],
    ['a negative split', { splits: { creator: -1, platform: 10_001 } }, ['splits.creator']],
    ['non-integer splits', { splits: { creator: 9000.5, platform: 999.5 } }, ['splits.creator', 'splits.platform']],
    ['splits summing to 9999', { splits: { creator: 9000, platform: 999 } }, ['splits']],
    // Both at once: a form shows every mistake, not the sum's only after the share is fixed.
    ['a negative split that breaks the sum too', { splits: { creator: -1, platform: 9000 } }, ['splits.creator', 'splits']],
    ['splits given as percentages', { splits: { creator: 90, platform: 10 } }, ['splits']],
    ['a float price amount', { price: { amount: 1.5, currency: 'USDC' } }, ['price.amount']],
    // A price of zero makes a link no x402 gate can charge (it would ask for 0): a free link leaves price out.
    ['a price amount of "0"', { price: { amount: '0', currency: 'USDC' } }, ['price.amount']],
    ['a price amount of "0.00"', { price: { amount: '0.00', currency: 'USDC' } }, ['price.amount']],
    ['a price amount of "00.00"', { price: { amount: '00.00', currency: 'USDC' } }, ['price.amount']],
    // One issue for the field, not a second about zero beside the format's.
    ['a price amount of "abc"', { price: { amount: 'abc', currency: 'USDC' } }, ['price.amount']],
    ['an empty price amount', { price: { amount: '', currency: 'USDC' } }, ['price.amount']],
  ])('refuses %s, naming the field, and sends nothing', async (_name, change, paths) => {
    const error = await validationErrorOf(createLink(makeClient(), withChange(change)))

    expect(error).toMatchObject({ endpoint: 'createLink', source: 'input' })
    expect(pathsOf(error)).toEqual(paths)
    expect(error.issues.every((i) => i.message.length > 0)).toBe(true)
    expect(sent).toHaveLength(0)
  })

  // Pasted into a form, a value keeps its spaces: a link priced in " USDC" was created, and every
  // payment of it was then refused by the gate, which takes "USDC".
  it('sends the text fields a form pads (creatorId, chainType, price.currency) trimmed', async () => {
    let body: unknown
    server.use(
      http.post(`${API}/links`, async ({ request }) => {
        body = await request.json()
        return HttpResponse.json(linkFixture, { status: 201 })
      }),
    )

    await createLink(makeClient(), withChange({ creatorId: ' creator_42\n', chainType: 'solana ', price: { amount: '1.50', currency: ' USDC' } }))

    expect(body).toEqual({ ...good, price: { amount: '1.50', currency: 'USDC' } })
  })

  it('says a zero price must be more than 0', async () => {
    const error = await validationErrorOf(createLink(makeClient(), withChange({ price: { amount: '0.00', currency: 'USDC' } })))

    expect(error.issues).toEqual([{ path: 'price.amount', message: 'must be more than 0' }])
  })

  it.each(['1.50', '0.01', '100', '0.000001', '10.0'])('sends a price amount of %j as written', async (amount) => {
    let body: unknown
    server.use(
      http.post(`${API}/links`, async ({ request }) => {
        body = await request.json()
        return HttpResponse.json(linkFixture, { status: 201 })
      }),
    )

    await createLink(makeClient(), withChange({ price: { amount, currency: 'USDC' } }))

    expect(body).toEqual({ ...good, price: { amount, currency: 'USDC' } })
  })

  it('refuses fields the API does not take, naming them, and sends nothing', async () => {
    const error = await validationErrorOf(createLink(makeClient(), withChange({ promo: 'SPRING' })))

    expect(error.issues).toEqual([{ path: '', message: 'unknown field "promo"' }])
    expect(sent).toHaveLength(0)
  })

  it('names every field the API does not take in one issue', async () => {
    const error = await validationErrorOf(createLink(makeClient(), withChange({ promo: 'SPRING', ref: 'newsletter' })))

    expect(error.issues).toEqual([{ path: '', message: 'unknown field "promo", "ref"' }])
  })

  it('refuses a share the API does not take in splits (they would add up past 10000), naming it, and sends nothing', async () => {
    const error = await validationErrorOf(createLink(makeClient(), withChange({ splits: { creator: 9000, platform: 1000, affiliate: 500 } })))

    expect(error.issues).toEqual([{ path: 'splits', message: 'unknown field "affiliate"' }])
    expect(sent).toHaveLength(0)
  })

  it('names every bad field at once', async () => {
    const error = await validationErrorOf(
      createLink(makeClient(), withChange({ creatorId: '', model: 'subscription', splits: { creator: -5, platform: 1.5 } })),
    )

    expect(pathsOf(error).sort()).toEqual(['creatorId', 'model', 'splits.creator', 'splits.platform'])
    expect(error.message).toContain('model')
    expect(sent).toHaveLength(0)
  })

  // The message is what a log or an error tracker shows: the call, that the app's input was at fault,
  // and each bad field apart from the next.
  it("says in its message which call refused the input, and each bad field", async () => {
    const error = await validationErrorOf(createLink(makeClient(), withChange({ splits: { creator: 9000.5, platform: 999.5 } })))

    expect(error.shortMessage).toBe('createLink: invalid input')
    expect(error.message).toBe('createLink: invalid input\n\nDetails: splits.creator: expected an integer; splits.platform: expected an integer')
  })

  it('says what model was expected', async () => {
    const error = await validationErrorOf(createLink(makeClient(), withChange({ model: 'subscription' })))

    expect(error.issues).toEqual([{ path: 'model', message: 'expected one of "payment", "engagement"' }])
  })

  it('says a share must be an integer', async () => {
    const error = await validationErrorOf(createLink(makeClient(), withChange({ splits: { creator: 9000.5, platform: 999.5 } })))

    expect(error.issues).toEqual([
      { path: 'splits.creator', message: 'expected an integer' },
      { path: 'splits.platform', message: 'expected an integer' },
    ])
  })
})

describe('other inputs', () => {
  it.each([
    ['estimateFees', 'amount', () => estimateFees(makeClient(), { sourceChain: 'solana', destinationChain: 'base', asset: 'USDC', amount: '1e3' })],
    ['estimateFees', 'amount', () => estimateFees(makeClient(), { sourceChain: 'solana', destinationChain: 'base', asset: 'USDC', amount: '-1' })],
    ['estimateFees', 'sourceChain', () => estimateFees(makeClient(), { sourceChain: '', destinationChain: 'base', asset: 'USDC', amount: '1' })],
    ['verifyPayment', 'code', () => verifyPayment(makeClient(), { code: '' })],
    ['createAttentionToken', 'viewerId', () => createAttentionToken(makeClient(), { viewerId: '' })],
  ] as const)('%s refuses a bad %s and sends nothing', async (endpoint, path, call) => {
    const error = await validationErrorOf(call())

    expect(error).toMatchObject({ endpoint, source: 'input' })
    expect(pathsOf(error)).toEqual([path])
    expect(sent).toHaveLength(0)
  })

  it('says an empty link code must not be empty', async () => {
    const error = await validationErrorOf(verifyPayment(makeClient(), { code: '' }))

    expect(error.issues).toEqual([{ path: 'code', message: 'must not be empty' }])
  })
})

describe('responses that break the contract', () => {
  it('names each bad field of a link', async () => {
    const { createdAt: _, ...noCreatedAt } = linkFixture
    server.use(http.get(`${API}/links/:code`, () => HttpResponse.json({ ...noCreatedAt, splits: { creator: 'x', platform: 1000 } })))

    const error = await validationErrorOf(getLink(makeClient(), 'lnk_abc123'))

    expect(error).toMatchObject({ endpoint: 'getLink', source: 'response' })
    expect(pathsOf(error).sort()).toEqual(['createdAt', 'splits.creator'])
  })

  // Not "invalid input": the app did nothing wrong, the API (or a proxy in front of it) did.
  it("says in its message that the API's answer, not the app's input, broke the contract", async () => {
    server.use(http.get(`${API}/payments/:id`, () => HttpResponse.json({ ...paymentFixture, status: 3 })))

    const error = await validationErrorOf(getPayment(makeClient(), 'pay_9f8e7d'))

    expect(error.message).toBe('getPayment: the response does not match the API contract\n\nDetails: status: expected string')
  })

  it('names a bad field nested in the verify answer', async () => {
    const { transaction: _, ...proof } = proofFixture
    server.use(http.post(`${API}/payments/verify`, () => HttpResponse.json({ payment: paymentFixture, proof })))

    const error = await validationErrorOf(verifyPayment(makeClient(), { code: 'lnk_abc123' }, { paymentHeader: paymentPayloadV2 }))

    expect(error).toMatchObject({ endpoint: 'verifyPayment', source: 'response' })
    expect(pathsOf(error)).toEqual(['proof.transaction'])
  })

  it('refuses a status that is not a string', async () => {
    server.use(http.get(`${API}/payments/:id`, () => HttpResponse.json({ ...paymentFixture, status: 3 })))

    const error = await validationErrorOf(getPayment(makeClient(), 'pay_9f8e7d'))

    expect(error.issues).toEqual([{ path: 'status', message: 'expected string' }])
  })

  it.each([
    ['an array', []],
    ['null', null],
    ['a string', 'ok'],
  ])('refuses %s in place of a link, with an issue on the whole value', async (_name, body) => {
    server.use(http.get(`${API}/links/:code`, () => HttpResponse.json(body)))

    const error = await validationErrorOf(getLink(makeClient(), 'lnk_abc123'))

    expect(error.issues).toEqual([{ path: '', message: 'expected object' }])
    expect(error.message).toContain('expected object')
  })

  it.each([
    ['an amount as a number', { amount: 1.5, currency: 'USDC' }, 'price.amount'],
    ['an amount in scientific notation', { amount: '1.5e0', currency: 'USDC' }, 'price.amount'],
    ['an empty currency', { amount: '1.50', currency: '' }, 'price.currency'],
  ])('refuses a link whose price has %s', async (_name, price, path) => {
    server.use(http.get(`${API}/links/:code`, () => HttpResponse.json({ ...linkFixture, price })))

    const error = await validationErrorOf(getLink(makeClient(), 'lnk_abc123'))

    expect(pathsOf(error)).toEqual([path])
  })

  it('refuses a verify answer whose proof.success is not a boolean (a "false" must not read as paid)', async () => {
    server.use(http.post(`${API}/payments/verify`, () => HttpResponse.json({ payment: paymentFixture, proof: { ...proofFixture, success: 'false' } })))

    const error = await validationErrorOf(verifyPayment(makeClient(), { code: 'lnk_abc123' }, { paymentHeader: paymentPayloadV2 }))

    expect(error.issues).toEqual([{ path: 'proof.success', message: 'expected boolean' }])
  })

  it.each([
    [0, 'must be positive'],
    [-15, 'must be positive'],
    ['15', 'expected number'],
  ])('refuses an attention session whose heartbeatSeconds is %j', async (heartbeatSeconds, message) => {
    server.use(http.post(`${API}/attention/token`, () => HttpResponse.json({ ...attentionFixture, heartbeatSeconds }, { status: 201 })))

    const error = await validationErrorOf(createAttentionToken(makeClient()))

    expect(error.issues).toEqual([{ path: 'heartbeatSeconds', message }])
  })

  it('refuses an attention session without a token', async () => {
    const { token: _, ...session } = attentionFixture
    server.use(http.post(`${API}/attention/token`, () => HttpResponse.json(session, { status: 201 })))

    const error = await validationErrorOf(createAttentionToken(makeClient()))

    expect(error).toMatchObject({ endpoint: 'createAttentionToken', source: 'response' })
    expect(pathsOf(error)).toEqual(['token'])
  })

  it('refuses a 2xx whose body is not JSON', async () => {
    server.use(http.get(`${API}/links/:code`, () => HttpResponse.text('<html>maintenance</html>')))

    const error = await validationErrorOf(getLink(makeClient(), 'lnk_abc123'))

    expect(error).toMatchObject({ endpoint: 'getLink', source: 'response' })
    expect(error.message).toContain('expected a JSON body')
  })

  it('refuses a 2xx with an empty body', async () => {
    server.use(http.get(`${API}/bridge/status/:id`, () => new HttpResponse(null, { status: 200 })))

    const error = await validationErrorOf(getBridgeStatus(makeClient(), 'xfer_1'))

    expect(error).toMatchObject({ endpoint: 'getBridgeStatus', source: 'response' })
  })

  it.each([
    ['totalFee without a currency', { totalFee: '0.42' }, 'totalFee'],
    ['totalFee as a number', { totalFee: 0.42 }, 'totalFee'],
    ['totalFee in scientific notation', { totalFee: '4.2e-1 USDC' }, 'totalFee'],
    ['totalFee with two spaces', { totalFee: '0.42  USDC' }, 'totalFee'],
    ['a negative totalFee', { totalFee: '-0.42 USDC' }, 'totalFee'],
    ['totalFee with the code first', { totalFee: 'USDC 0.42' }, 'totalFee'],
    ['a code ending in a dot', { totalFee: '0.42 USDC.' }, 'totalFee'],
    ['a code of two words', { totalFee: '0.42 USD Coin' }, 'totalFee'],
    ['a code past 32 characters', { totalFee: `0.42 ${'A'.repeat(33)}` }, 'totalFee'],
    ['a gasFee that is not an amount', { gasFee: 'free' }, 'gasFee'],
    ['estimatedTime that is not seconds', { estimatedTime: 'soon' }, 'estimatedTime'],
    ['estimatedTime past any number (Infinity)', { estimatedTime: `${'9'.repeat(400)} seconds` }, 'estimatedTime'],
    // Not read as 90: the sign or the words around the number would be lost.
    ['a negative estimatedTime', { estimatedTime: '-90 seconds' }, 'estimatedTime'],
    ['estimatedTime with words before it', { estimatedTime: 'about 90 seconds' }, 'estimatedTime'],
    ['estimatedTime with words after it', { estimatedTime: '90 seconds or more' }, 'estimatedTime'],
  ])('refuses a fee estimate with %s', async (_name, change, path) => {
    server.use(http.get(`${API}/fees/estimate`, () => HttpResponse.json({ ...feeFixture, ...change })))

    const error = await validationErrorOf(
      estimateFees(makeClient(), { sourceChain: 'solana', destinationChain: 'base', asset: 'USDC', amount: '25' }),
    )

    expect(error).toMatchObject({ endpoint: 'estimateFees', source: 'response' })
    expect(pathsOf(error)).toEqual([path])
  })

  it('says what estimatedTime was expected', async () => {
    server.use(http.get(`${API}/fees/estimate`, () => HttpResponse.json({ ...feeFixture, estimatedTime: 'soon' })))

    const error = await validationErrorOf(estimateFees(makeClient(), { sourceChain: 'solana', destinationChain: 'base', asset: 'USDC', amount: '25' }))

    expect(error.issues).toEqual([{ path: 'estimatedTime', message: 'expected "<number> seconds"' }])
  })

  it.each([
    ['in scientific notation', '1e-7'],
    ['empty', ''],
    ['negative', '-5'],
  ])('refuses a payment or transfer amount %s', async (_name, amount) => {
    server.use(
      http.get(`${API}/payments/:id`, () => HttpResponse.json({ ...paymentFixture, amount })),
      http.get(`${API}/bridge/status/:id`, () => HttpResponse.json({ ...transferFixture, amount })),
    )

    expect(pathsOf(await validationErrorOf(getPayment(makeClient(), 'pay_9f8e7d')))).toEqual(['amount'])
    expect(pathsOf(await validationErrorOf(getBridgeStatus(makeClient(), 'xfer_1')))).toEqual(['amount'])
  })


  it.each([
    ['a bare number', '1'],
    ['Unix seconds', '1717000000'],
    ['a word and a number', 'foo 1'],
    ['30 February', '2024-02-30T00:00:00Z'],
    ['29 February of a common year', '2023-02-29'],
    ['31 April', '2026-04-31T10:00:00Z'],
    ['hour 25', '2026-01-05T25:00:00Z'],
    // Not read as the year 2026 from its last four digits.
    ['a year of five digits', '12026-01-05T10:00:00Z'],
    ['an English date', 'January 5, 2026 10:00 UTC'],
    ['an HTTP date', 'Mon, 05 Jan 2026 10:00:00 GMT'],
  ])('refuses a timestamp that is %s', async (_name, createdAt) => {
    server.use(http.get(`${API}/links/:code`, () => HttpResponse.json({ ...linkFixture, createdAt })))

    const error = await validationErrorOf(getLink(makeClient(), 'lnk_abc123'))

    expect(error.issues).toEqual([{ path: 'createdAt', message: 'expected an ISO 8601 timestamp' }])
  })
})

describe('responses the contract tolerates', () => {
  it.each(['1500000', '1.50'])('reads a paid answer whose proof states its amount as %j (a receipt: a paid purchase never ends unknown over it)', async (amount) => {
    server.use(http.post(`${API}/payments/verify`, () => HttpResponse.json({ payment: paymentFixture, proof: { ...proofFixture, amount } })))

    const result = await verifyPayment(makeClient(), { code: 'lnk_abc123' }, { paymentHeader: paymentPayloadV2 })

    expect(result).toMatchObject({ status: 'paid', proof: { amount } })
  })

  it.each(['0.5 USDbC', '0.001 cbBTC', '1.2 USDC.e', '0.42 usdc', '3 W', '0.1 USD_T-2'])(
    'reads a fee in the asset symbol %j, its case kept',
    async (totalFee) => {
      server.use(http.get(`${API}/fees/estimate`, () => HttpResponse.json({ ...feeFixture, totalFee })))

      const fee = await estimateFees(makeClient(), { sourceChain: 'solana', destinationChain: 'base', asset: 'USDC', amount: '25' })

      const [amount, currency] = totalFee.split(' ')
      expect(fee.totalFee).toEqual({ amount, currency, raw: totalFee })
    },
  )

  it.each([
    ['1 second', 1],
    ['12.25 seconds', 12.25],
  ])('reads an estimatedTime of %j as its number of seconds (%d)', async (estimatedTime, seconds) => {
    server.use(http.get(`${API}/fees/estimate`, () => HttpResponse.json({ ...feeFixture, estimatedTime })))

    const fee = await estimateFees(makeClient(), { sourceChain: 'solana', destinationChain: 'base', asset: 'USDC', amount: '25' })

    expect(fee).toMatchObject({ estimatedTime, estimatedSeconds: seconds })
  })

  it.each([
    '2026-01-05T10:00:00Z',
    '2026-01-05T10:00Z',
    '2026-01-05 10:00:00+01:00',
    '2026-01-05T10:00:00.123456-0530',
    // Without a zone (Python's isoformat() of a naive datetime): read as UTC.
    '2026-01-05T10:00:00',
    // As Ruby, Postgres and RFC 3339's lower case write them.
    '2026-01-05 10:00:00 +0000',
    '2026-01-05 10:00:00+00',
    '2026-01-05T10:00:00z',
    '2026-01-05',
    '2024-02-29T23:59:59.999Z',
  ])('accepts the ISO 8601 timestamp %j', async (createdAt) => {
    server.use(http.get(`${API}/links/:code`, () => HttpResponse.json({ ...linkFixture, createdAt })))

    await expect(getLink(makeClient(), 'lnk_abc123')).resolves.toMatchObject({ createdAt })
  })

  // Safari's Date.parse reads only the strict ISO form (no space before the time, no offset without
  // its colon): the answers of a service that writes Postgres' or Ruby's timestamps must pass there too.
  it('accepts the same timestamps where Date.parse reads only the strict ISO form, as Safari does', async () => {
    const restore = strictDateParse()
    try {
      for (const createdAt of ['2026-01-05 10:00:00+00', '2026-01-05 10:00:00 +0000', '2026-01-05T10:00:00.123456-0530']) {
        server.use(http.get(`${API}/links/:code`, () => HttpResponse.json({ ...linkFixture, createdAt })))
        await expect(getLink(makeClient(), 'lnk_abc123')).resolves.toMatchObject({ createdAt })
      }
    } finally {
      restore()
    }
  })

  it('keeps unknown extra fields', async () => {
    const extra = { ...linkFixture, promo: { code: 'SPRING', percent: 10 }, splits: { ...linkFixture.splits, referrer: 0 } }
    server.use(http.get(`${API}/links/:code`, () => HttpResponse.json(extra)))

    await expect(getLink(makeClient(), 'lnk_abc123')).resolves.toEqual(extra)
  })

  it('keeps an unknown payment status as a string', async () => {
    server.use(http.get(`${API}/payments/:id`, () => HttpResponse.json({ ...paymentFixture, status: 'teleporting' })))

    const payment = await getPayment(makeClient(), 'pay_9f8e7d')

    expect(payment.status).toBe('teleporting')
  })

  it('keeps an unknown transfer status as a string', async () => {
    server.use(http.get(`${API}/bridge/status/:id`, () => HttpResponse.json({ ...transferFixture, status: 'teleporting' })))

    const transfer = await getBridgeStatus(makeClient(), 'xfer_1')

    expect(transfer.status).toBe('teleporting')
  })

  it('keeps an unknown link model and status', async () => {
    server.use(http.get(`${API}/links/:code`, () => HttpResponse.json({ ...linkFixture, model: 'tip', status: 'archived' })))

    const link = await getLink(makeClient(), 'lnk_abc123')

    expect(link).toMatchObject({ model: 'tip', status: 'archived' })
  })

  it('reads a paid answer whose optional fields are null as if they were left out (a paid purchase never ends unknown over it)', async () => {
    const payment = { ...paymentFixture, payer: null, transaction: null, failureReason: null }
    const proof = { ...proofFixture, payer: null, amount: null, asset: null, settledAt: null }
    server.use(http.post(`${API}/payments/verify`, () => HttpResponse.json({ payment, proof })))

    const result = await verifyPayment(makeClient(), { code: 'lnk_abc123' }, { paymentHeader: paymentPayloadV2 })

    expect(result).toMatchObject({ status: 'paid', payment: { id: paymentFixture.id, payer: undefined, failureReason: undefined }, proof: { settledAt: undefined } })
  })

  it.each([
    ['a link', 'links/:code', () => getLink(makeClient(), 'lnk_abc123'), { ...linkFixture, price: null, title: null, url: null, status: null }],
    ['a transfer', 'bridge/status/:id', () => getBridgeStatus(makeClient(), 'xfer_1'), { ...transferFixture, sourceTx: null, estimatedCompletionAt: null }],
    ['a fee quote', 'fees/estimate', () => estimateFees(makeClient(), { sourceChain: 'solana', destinationChain: 'base', asset: 'USDC', amount: '25' }), { ...feeFixture, gasFee: null, expiresAt: null }],
  ])('reads null optional fields of %s as left out', async (_name, path, read, body) => {
    server.use(http.get(`${API}/${path}`, () => HttpResponse.json(body)))

    const result = (await read()) as Record<string, unknown>

    for (const [key, value] of Object.entries(body)) if (value === null) expect(result[key]).toBeUndefined()
  })

  it('still refuses null for a field that must be there', async () => {
    server.use(http.get(`${API}/payments/:id`, () => HttpResponse.json({ ...paymentFixture, asset: null })))

    expect(pathsOf(await validationErrorOf(getPayment(makeClient(), 'pay_9f8e7d')))).toEqual(['asset'])
  })

  it('accepts a link without the optional fields', async () => {
    const { price: _p, title: _t, url: _u, status: _s, ...minimal } = linkFixture
    server.use(http.get(`${API}/links/:code`, () => HttpResponse.json(minimal)))

    await expect(getLink(makeClient(), 'lnk_abc123')).resolves.toEqual(minimal)
  })
})

test('a retry policy with a missing or impossible number is refused when the client is made, not retried for ever', () => {
  expect(() => createPayLinkClient({ baseUrl: 'https://api.paylink.test', retry: { attempts: Number.NaN } })).toThrow(/retry.attempts/)
  expect(() => createPayLinkClient({ baseUrl: 'https://api.paylink.test', retry: { attempts: 0 } })).toThrow(/retry.attempts/)
  expect(() => createPayLinkClient({ baseUrl: 'https://api.paylink.test', retry: { baseDelayMs: -1 } })).toThrow(/retry.baseDelayMs/)
  const client = createPayLinkClient({ baseUrl: 'https://api.paylink.test', retry: { attempts: undefined, baseDelayMs: 10 } })
  expect(client.retry).toMatchObject({ attempts: 3, baseDelayMs: 10 })
})
