import {
  decodePaymentRequired,
  getPayment,
  PayLinkHttpError,
  type PaymentRequirement,
  verifyPayment,
} from '../../src/client.js'
import { send as request } from '../../src/client/transport.js'
import { BASE_SEPOLIA_USDC, MOCK_LINKS, MOCK_PAY_TO, MOCK_PAYMENTS, MOCK_X402_REASONS } from '../../src/mock.js'
import { serializeErc6492Signature } from 'viem'
import { generatePrivateKey, privateKeyToAccount, toAccount } from 'viem/accounts'
import { createEvmSigner } from '../../src/evm/createEvmSigner.js'
import { createPaymentHeader } from '../../src/x402/createPaymentHeader.js'
import { decodeBase64Json, encodeBase64Json } from '../../src/x402/base64.js'
import { mockHarness } from './harness.js'
import { exactPayload, newNonce, PAYER, v1Payment, v2Payment } from './payloads.js'

const { client, clock, mock } = mockHarness({ settleDelayMs: 2_000 })

async function quoteV2(code: string = MOCK_LINKS.demo): Promise<PaymentRequirement> {
  const result = await verifyPayment(client, { code })
  if (result.status !== 'payment-required') throw new Error(`expected a 402, got ${result.status}`)
  return result.paymentRequired.accepts[0]!
}

async function pay(paymentHeader: string, idempotencyKey?: string) {
  return verifyPayment(client, { code: MOCK_LINKS.demo }, { paymentHeader, ...(idempotencyKey && { idempotencyKey }) })
}

async function refusal(paymentHeader: string, idempotencyKey?: string): Promise<string | undefined> {
  const result = await pay(paymentHeader, idempotencyKey)
  if (result.status !== 'payment-required') throw new Error('expected the payment to be refused')
  return result.paymentRequired.error
}

describe('the 402 gate', () => {
  it('prices a link in both x402 versions: the v1 body and the v2 PAYMENT-REQUIRED header', async () => {
    const raw = await request(client, { endpoint: 'verifyPayment', path: '/payments/verify', body: { code: 'demo' }, expect: [402] })
    expect(raw.status).toBe(402)

    const v1 = decodePaymentRequired({ headers: new Headers(), body: raw.data })
    expect(v1).toMatchObject({ x402Version: 1, error: 'X-PAYMENT header is required' })
    expect(v1.accepts).toEqual([
      expect.objectContaining({ scheme: 'exact', network: 'base-sepolia', amount: '1500000', asset: BASE_SEPOLIA_USDC, payTo: MOCK_PAY_TO, maxTimeoutSeconds: 60, extra: { name: 'USDC', version: '2' } }),
    ])
    expect(v1.accepts[0]!.resource).toBe('https://api.paylink.test/pub/v1/payments/verify')

    const v2 = decodePaymentRequired({ headers: raw.headers, body: raw.data })
    expect(v2).toMatchObject({ x402Version: 2, resource: { url: 'https://api.paylink.test/pub/v1/payments/verify', description: 'Demo article' } })
    expect(v2.accepts).toEqual([
      expect.objectContaining({ scheme: 'exact', network: 'eip155:84532', amount: '1500000', asset: BASE_SEPOLIA_USDC, payTo: MOCK_PAY_TO }),
    ])
  })

  it('prices each link from its own price', async () => {
    expect((await quoteV2(MOCK_LINKS.engagement)).amount).toBe('250000')
  })

  it('answers 404 for an unknown link and 409 conflict for a link that cannot be paid', async () => {
    const unknown = await verifyPayment(client, { code: 'nope' }).catch((e: unknown) => e)
    expect(unknown).toMatchObject({ name: 'PayLinkHttpError', status: 404, code: 'not_found' })
    for (const code of [MOCK_LINKS.unpriced, MOCK_LINKS.disabled]) {
      const error = await verifyPayment(client, { code }).catch((e: unknown) => e)
      expect(error).toBeInstanceOf(PayLinkHttpError)
      expect(error).toMatchObject({ status: 409, code: 'conflict' })
    }
  })
  // A link the gate priced anyway would be charged in the wrong currency, or rounded to what the token can hold.
  it('answers 409 conflict, naming the link, to a link priced in another currency or finer than the token, and charges nothing', async () => {
    const demo = mock.state.links.get(MOCK_LINKS.demo)!
    mock.state.links.set('eur', { ...demo, code: 'eur', price: { amount: '1.50', currency: 'EUR' } })
    mock.state.links.set('fine', { ...demo, code: 'fine', price: { amount: '0.0000001', currency: 'USDC' } })
    for (const [code, message] of [
      ['eur', 'Link eur is priced in EUR; this gate takes USDC'],
      ['fine', 'The price of link fine has more decimals than USDC'],
      [MOCK_LINKS.disabled, `Link ${MOCK_LINKS.disabled} is disabled`],
      [MOCK_LINKS.unpriced, `Link ${MOCK_LINKS.unpriced} has no price`],
    ]) {
      const raw = await request(client, { endpoint: 'verifyPayment', path: '/payments/verify', body: { code }, expect: [409] })
      expect(raw.data).toMatchObject({ error: { code: 'conflict', message } })
    }
    expect(mock.ledger).toEqual([])
  })

  it('prices a link whose amount has zeros past the token\'s decimals at its exact value, and an untitled link by its code', async () => {
    const demo = mock.state.links.get(MOCK_LINKS.demo)!
    const { title: _, ...untitled } = demo
    mock.state.links.set('zeros', { ...untitled, code: 'zeros', price: { amount: '1.500000000', currency: 'USDC' } })
    const raw = await request(client, { endpoint: 'verifyPayment', path: '/payments/verify', body: { code: 'zeros' }, expect: [402] })
    const v2 = decodePaymentRequired({ headers: raw.headers, body: raw.data })
    expect(v2).toMatchObject({ error: 'Payment required', resource: { description: 'Payment for link zeros', mimeType: 'application/json' } })
    expect(v2.accepts[0]).toMatchObject({ amount: '1500000' })
    expect(raw.data).toMatchObject({ accepts: [{ maxAmountRequired: '1500000', description: 'Payment for link zeros', mimeType: 'application/json' }] })
  })

  // The client resends its purchase's key with a fresh 402 request (a new quote); only a payment header is matched against it.
  it('quotes a request without a payment under a key a payment used, rather than answering 409', async () => {
    expect((await pay(v2Payment(await quoteV2(), clock.now), 'key-q')).status).toBe('paid')
    const raw = await request(client, { endpoint: 'verifyPayment', path: '/payments/verify', body: { code: 'demo' }, headers: { 'Idempotency-Key': 'key-q' }, expect: [402] })
    expect(raw.status).toBe(402)
    expect(mock.ledger).toHaveLength(1)
  })

  it('answers 400 invalid_request to a body that is not JSON, as POST /links does', async () => {
    const response = await fetch('https://api.paylink.test/pub/v1/payments/verify', {
      method: 'POST',
      headers: { 'X-API-Key': 'pk_test_paylink', 'Content-Type': 'application/json' },
      body: '{"code": "demo"',
    })
    expect(response.status).toBe(400)
    expect(await response.json()).toMatchObject({ error: { code: 'invalid_request' } })
  })

  it('answers 422 invalid_request, naming the field, to a body without a link code or no body at all', async () => {
    for (const body of ['{}', undefined]) {
      const response = await fetch('https://api.paylink.test/pub/v1/payments/verify', {
        method: 'POST',
        headers: { 'X-API-Key': 'pk_test_paylink', 'Content-Type': 'application/json' },
        body,
      })
      expect(response.status).toBe(422)
      expect(await response.json()).toMatchObject({ error: { code: 'invalid_request', details: [expect.objectContaining({ path: 'code' })] } })
    }
  })
})

describe('paying with PAYMENT-SIGNATURE (v2)', () => {
  it('takes a valid payment once: 200 with the payment, the proof and PAYMENT-RESPONSE, and one ledger entry', async () => {
    const requirement = await quoteV2()
    const result = await pay(v2Payment(requirement, clock.now), 'key-1')
    expect(result.status).toBe('paid')
    if (result.status !== 'paid') return
    expect(result.payment).toMatchObject({ linkCode: 'demo', status: 'verified', amount: '1.50', asset: 'USDC', network: 'eip155:84532', payer: PAYER })
    expect(result.proof).toMatchObject({ success: true, network: 'eip155:84532', payer: PAYER, amount: '1500000', asset: BASE_SEPOLIA_USDC })
    expect(result.proof.transaction).toMatch(/^0x[0-9a-f]{64}$/)
    expect(result.paymentResponse).toEqual({ success: true, transaction: result.proof.transaction, network: 'eip155:84532', payer: PAYER })
    expect(mock.ledger).toEqual([
      expect.objectContaining({ id: result.payment.id, linkCode: 'demo', amount: '1.50', asset: 'USDC', payer: PAYER, idempotencyKey: 'key-1', at: clock.now }),
    ])
  })

  it('answers the same payload under the same Idempotency-Key with the same answer, and charges once', async () => {
    const header = v2Payment(await quoteV2(), clock.now)
    const send = () => fetch('https://api.paylink.test/pub/v1/payments/verify', {
      method: 'POST',
      headers: { 'X-API-Key': 'pk_test_paylink', 'Content-Type': 'application/json', 'PAYMENT-SIGNATURE': header, 'Idempotency-Key': 'key-2' },
      body: JSON.stringify({ code: 'demo' }),
    })
    const first = await send()
    const second = await send()
    expect(second.status).toBe(200)
    expect(Object.fromEntries(second.headers)).toEqual(Object.fromEntries(first.headers))
    expect(await second.text()).toBe(await first.text())
    expect(mock.ledger).toHaveLength(1)
  })

  it('answers two concurrent sends of the same payload and key with the same payment, and later resends too', async () => {
    const header = v2Payment(await quoteV2(), clock.now)
    const [first, second] = await Promise.all([pay(header, 'key-race'), pay(header, 'key-race')])
    expect(first.status).toBe('paid')
    expect(second).toEqual(first)
    expect(await pay(header, 'key-race')).toEqual(first)
    expect(mock.ledger).toHaveLength(1)
  })

  // A resend after a lost answer is how the package learns the outcome of a payment it could not see.
  it.each([
    ['disabled', () => mock.state.links.set('demo', { ...mock.state.links.get('demo')!, status: 'disabled' })],
    ['removed', () => mock.state.links.delete('demo')],
    ['hidden by the link-not-found scenario', () => mock.useScenario('link-not-found')],
  ])('replays a taken payment under its key once the link is %s, and charges once', async (_, loseLink) => {
    const header = v2Payment(await quoteV2(), clock.now)
    const first = await pay(header, 'key-gone')
    expect(first.status).toBe('paid')
    loseLink()
    expect(await pay(header, 'key-gone')).toEqual(first)
    expect(mock.ledger).toHaveLength(1)
  })

  it('refuses a spent nonce under a new key, and charges nothing more', async () => {
    const requirement = await quoteV2()
    const nonce = newNonce()
    expect((await pay(v2Payment(requirement, clock.now, { nonce }), 'key-a')).status).toBe('paid')
    expect(await refusal(v2Payment(requirement, clock.now, { nonce }), 'key-b')).toBe(MOCK_X402_REASONS.nonceUsed)
    expect(mock.ledger).toHaveLength(1)
  })

  it('answers 409 conflict when a key comes back with another payment', async () => {
    const requirement = await quoteV2()
    await pay(v2Payment(requirement, clock.now), 'key-c')
    const error = await pay(v2Payment(requirement, clock.now), 'key-c').catch((e: unknown) => e)
    expect(error).toMatchObject({ name: 'PayLinkHttpError', status: 409, code: 'conflict' })
    const raw = await request(client, {
      endpoint: 'verifyPayment',
      path: '/payments/verify',
      body: { code: 'demo' },
      headers: { 'PAYMENT-SIGNATURE': v2Payment(requirement, clock.now), 'Idempotency-Key': 'key-c' },
      expect: [409],
    })
    expect(raw.data).toMatchObject({ error: { code: 'conflict', message: 'This Idempotency-Key was used with another payment' } })
    expect(mock.ledger).toHaveLength(1)
  })

  it.each([
    ['another recipient', { to: '0x2222222222222222222222222222222222222222' }, MOCK_X402_REASONS.recipient],
    ['another amount', { value: '1000000' }, MOCK_X402_REASONS.value],
    ['an expired authorization', { validBefore: String(Math.floor(Date.parse('2026-03-01T11:59:00Z') / 1000)) }, MOCK_X402_REASONS.validBefore],
    ['an authorization not valid yet', { validAfter: String(Math.floor(Date.parse('2026-03-01T12:05:00Z') / 1000)) }, MOCK_X402_REASONS.validAfter],
    // EIP-3009 takes an authorization only before validBefore.
    ['an authorization that expires this second', { validBefore: String(Math.floor(Date.parse('2026-03-01T12:00:00Z') / 1000)) }, MOCK_X402_REASONS.validBefore],
    ['a malformed nonce', { nonce: '0x1234' }, MOCK_X402_REASONS.invalidPayload],
  ])('refuses %s with a 402 carrying the x402 reason, in the body and the header', async (_, authorization, reason) => {
    const header = v2Payment(await quoteV2(), clock.now, authorization)
    const raw = await request(client, {
      endpoint: 'verifyPayment',
      path: '/payments/verify',
      body: { code: 'demo' },
      headers: { 'PAYMENT-SIGNATURE': header },
      expect: [402],
    })
    expect(raw.status).toBe(402)
    expect(raw.data).toMatchObject({ x402Version: 1, error: reason })
    expect(decodeBase64Json(raw.headers.get('PAYMENT-REQUIRED')!, 'test')).toMatchObject({ x402Version: 2, error: reason })
    expect(mock.ledger).toEqual([])
  })

  it('takes an authorization valid from this very second, as a facilitator does', async () => {
    const validAfter = String(Math.floor(clock.now / 1000))
    expect((await pay(v2Payment(await quoteV2(), clock.now, { validAfter }))).status).toBe('paid')
  })

  it('takes a smart wallet\'s payment, whose signature is longer than 65 bytes (ERC-6492, ERC-1271), as a facilitator does', async () => {
    clock.now = Date.now()
    const owner = privateKeyToAccount(generatePrivateKey())
    // A counterfactual smart wallet (Coinbase Smart Wallet before its first transaction): its owner's
    // signature wrapped in ERC-6492 with the factory that deploys it.
    const smartWallet = toAccount({
      address: '0x2222222222222222222222222222222222222222',
      signMessage: () => Promise.reject(new Error('unused')),
      signTransaction: () => Promise.reject(new Error('unused')),
      signTypedData: async (data) =>
        serializeErc6492Signature({ address: '0x0BA5ED0c6AA8c49038F819E587E2633c4A9F428a', data: '0x1234', signature: await owner.signTypedData(data) }),
    })
    const requirement = await quoteV2()
    const { value } = await createPaymentHeader(requirement, createEvmSigner(smartWallet), { resource: { url: requirement.resource! } })
    expect((decodeBase64Json(value, 'test') as { payload: { signature: string } }).payload.signature.length).toBeGreaterThan(132)

    const result = await pay(value, 'key-smart')
    expect(result.status === 'payment-required' && result.paymentRequired.error).toBe(false)
    expect(result.status).toBe('paid')
  })

  it('refuses a signature that is not 65 bytes or more of hex, another network and another scheme', async () => {
    const requirement = await quoteV2()
    expect(await refusal(v2Payment(requirement, clock.now, {}, '0xdead'))).toBe(MOCK_X402_REASONS.signature)
    const otherNetwork = { ...requirement, raw: { ...requirement.raw, network: 'eip155:8453' } }
    expect(await refusal(v2Payment(otherNetwork, clock.now))).toBe(MOCK_X402_REASONS.network)
    const otherScheme = { ...requirement, raw: { ...requirement.raw, scheme: 'upto' } }
    expect(await refusal(v2Payment(otherScheme, clock.now))).toBe(MOCK_X402_REASONS.scheme)
    expect(mock.ledger).toEqual([])
  })

  it.each([
    ['another token', { asset: '0x2222222222222222222222222222222222222222' }],
    ['another amount', { amount: '1' }],
    ['a longer timeout', { maxTimeoutSeconds: 3600 }],
    ['a term it did not offer', { note: 'extra' }],
    ['another token name in extra', { extra: { name: 'Fake USDC', version: '2' } }],
    ['no extra at all', { extra: undefined }],
  ])('refuses a v2 payment whose echo of the offer names %s, and charges nothing', async (_, change) => {
    const requirement = await quoteV2()
    const changed = { ...requirement, raw: { ...requirement.raw, ...change } }

    expect(await refusal(v2Payment(changed, clock.now))).toBe(MOCK_X402_REASONS.acceptedMismatch)
    expect(mock.ledger).toEqual([])
  })

  it('takes a v2 payment whose echo adds to extra, as the reference server does', async () => {
    const requirement = await quoteV2()
    const added = { ...requirement, raw: { ...requirement.raw, extra: { ...requirement.raw.extra, note: 'client-side' } } }

    expect((await pay(v2Payment(added, clock.now), 'key-extra')).status).toBe('paid')
  })

  it('refuses a header that is not base64 JSON, a v1 payload in the v2 header, or a v2 payload without the requirement it accepts, and charges nothing', async () => {
    const requirement = await quoteV2()
    const raw = (paymentHeader: string) =>
      request(client, { endpoint: 'verifyPayment', path: '/payments/verify', body: { code: 'demo' }, headers: { 'PAYMENT-SIGNATURE': paymentHeader }, expect: [402] })
    expect((await raw('%%%')).data).toMatchObject({ error: MOCK_X402_REASONS.invalidPayload })
    expect((await raw(v1Payment(requirement, clock.now))).data).toMatchObject({ error: MOCK_X402_REASONS.invalidVersion })
    expect((await raw(encodeBase64Json({ x402Version: 2, payload: exactPayload(requirement, clock.now) }))).data).toMatchObject({ error: MOCK_X402_REASONS.invalidPayload })
    expect((await raw(encodeBase64Json(null))).data).toMatchObject({ error: MOCK_X402_REASONS.invalidVersion })
    expect(mock.ledger).toEqual([])
  })
})

describe('paying with X-PAYMENT (v1)', () => {
  it('takes a valid v1 payment on the v1 network and answers X-PAYMENT-RESPONSE', async () => {
    const raw = await request(client, { endpoint: 'verifyPayment', path: '/payments/verify', body: { code: 'demo' }, expect: [402] })
    const requirement = decodePaymentRequired({ headers: new Headers(), body: raw.data }).accepts[0]!
    const result = await pay(v1Payment(requirement, clock.now))
    expect(result).toMatchObject({ status: 'paid', payment: { network: 'base-sepolia', payer: PAYER }, paymentResponse: { success: true, network: 'base-sepolia' } })
    expect(mock.ledger).toHaveLength(1)
    // Without a key there is nothing to replay: no answer is kept.
    expect(mock.state.idempotency.size).toBe(0)
  })

  it('refuses a v1 payment that pays another recipient', async () => {
    const raw = await request(client, { endpoint: 'verifyPayment', path: '/payments/verify', body: { code: 'demo' }, expect: [402] })
    const requirement = decodePaymentRequired({ headers: new Headers(), body: raw.data }).accepts[0]!
    expect(await refusal(v1Payment(requirement, clock.now, { to: PAYER }))).toBe(MOCK_X402_REASONS.recipient)
  })

  it('refuses a v1 header without its scheme and network with invalid_payload, and charges nothing', async () => {
    const raw = await request(client, { endpoint: 'verifyPayment', path: '/payments/verify', body: { code: 'demo' }, expect: [402] })
    const requirement = decodePaymentRequired({ headers: new Headers(), body: raw.data }).accepts[0]!
    expect(await refusal(encodeBase64Json({ x402Version: 1, payload: exactPayload(requirement, clock.now) }))).toBe(MOCK_X402_REASONS.invalidPayload)
    expect(mock.ledger).toEqual([])
  })
})

describe('the settlement headers', () => {
  // As the contract's gate has it, and x402's own servers do: PAYMENT-RESPONSE for every payment,
  // X-PAYMENT-RESPONSE as well for a v1 one (a v1 client reads only that).
  const paid = (name: 'PAYMENT-SIGNATURE' | 'X-PAYMENT', paymentHeader: string) =>
    request(client, { endpoint: 'verifyPayment', path: '/payments/verify', body: { code: 'demo' }, headers: { [name]: paymentHeader } })

  it('answers a v2 payment with PAYMENT-RESPONSE alone', async () => {
    const { headers } = await paid('PAYMENT-SIGNATURE', v2Payment(await quoteV2(), clock.now))
    expect(decodeBase64Json(headers.get('PAYMENT-RESPONSE')!, 'test')).toMatchObject({ success: true, network: 'eip155:84532', payer: PAYER })
    expect(headers.get('X-PAYMENT-RESPONSE')).toBeNull()
  })

  it('answers a v1 payment with both, the same settlement on its v1 network', async () => {
    const raw = await request(client, { endpoint: 'verifyPayment', path: '/payments/verify', body: { code: 'demo' }, expect: [402] })
    const requirement = decodePaymentRequired({ headers: new Headers(), body: raw.data }).accepts[0]!
    const { headers } = await paid('X-PAYMENT', v1Payment(requirement, clock.now))
    const settlement = decodeBase64Json(headers.get('X-PAYMENT-RESPONSE')!, 'test')
    expect(settlement).toMatchObject({ success: true, network: 'base-sepolia', payer: PAYER })
    expect(decodeBase64Json(headers.get('PAYMENT-RESPONSE')!, 'test')).toEqual(settlement)
  })
})

describe('GET /payments/{id}', () => {
  it('reports a payment verified, then settled once settleDelayMs has passed on the clock', async () => {
    const paid = await pay(v2Payment(await quoteV2(), clock.now), 'key-s')
    if (paid.status !== 'paid') throw new Error('expected the payment to go through')
    const id = paid.payment.id
    clock.now += 1_999
    expect(await getPayment(client, id)).toMatchObject({ status: 'verified', transaction: paid.proof.transaction })
    clock.now += 1
    // Settled on chain by the transaction its proof named.
    expect(await getPayment(client, id)).toMatchObject({ status: 'settled', updatedAt: new Date(clock.now).toISOString(), transaction: paid.proof.transaction })
  })

  it('gives each payment its own transaction, seeded or taken, and none to one that never reached the chain', async () => {
    const requirement = await quoteV2()
    const taken = await Promise.all([pay(v2Payment(requirement, clock.now)), pay(v2Payment(requirement, clock.now))])
    const seeded = await Promise.all([MOCK_PAYMENTS.settled, MOCK_PAYMENTS.failed, MOCK_PAYMENTS.verified].map((id) => getPayment(client, id)))
    const transactions = [...taken.map((r) => r.status === 'paid' && r.proof.transaction), ...seeded.map((p) => p.transaction)]
    for (const transaction of transactions) expect(transaction).toMatch(/^0x[0-9a-f]{64}$/)
    expect(new Set(transactions).size).toBe(5)
    expect((await getPayment(client, MOCK_PAYMENTS.expired)).transaction).toBeUndefined()
  })

  it('serves the seeded payments in each state, and 404 for an unknown id', async () => {
    const pending = await getPayment(client, MOCK_PAYMENTS.pending)
    expect(pending).toMatchObject({ id: MOCK_PAYMENTS.pending, status: 'pending' })
    expect(pending.transaction).toBeUndefined()
    expect(await getPayment(client, MOCK_PAYMENTS.settled)).toMatchObject({ status: 'settled' })
    expect(await getPayment(client, MOCK_PAYMENTS.failed)).toMatchObject({ status: 'failed', failureReason: 'insufficient_funds' })
    expect(await getPayment(client, MOCK_PAYMENTS.expired)).toMatchObject({ status: 'expired' })
    expect(await getPayment(client, MOCK_PAYMENTS.verified)).toMatchObject({ status: 'verified' })
    // Each a payment of the demo link as the 402 gate takes one: 1.50 USDC on Base Sepolia.
    for (const id of Object.values(MOCK_PAYMENTS)) {
      expect(await getPayment(client, id)).toMatchObject({ linkCode: MOCK_LINKS.demo, amount: '1.50', asset: 'USDC', network: 'eip155:84532' })
    }
    clock.now += 2_000
    expect(await getPayment(client, MOCK_PAYMENTS.verified)).toMatchObject({ status: 'settled' })
    expect(await getPayment(client, MOCK_PAYMENTS.pending)).toMatchObject({ status: 'pending' })
    expect(await getPayment(client, 'pay_nope').catch((e: unknown) => e)).toMatchObject({ status: 404, code: 'not_found' })
  })
})
