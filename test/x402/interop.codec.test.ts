import {
  decodePaymentSignatureHeader,
  encodePaymentRequiredHeader,
  encodePaymentResponseHeader,
} from '@x402/core/http'
import { PaymentPayloadV1Schema, PaymentRequiredV1Schema } from '@x402/core/schemas'
import type { PaymentRequired as CorePaymentRequired } from '@x402/core/types'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { createEvmSigner } from '../../src/evm/createEvmSigner.js'
import { decodeBase64Json } from '../../src/x402/base64.js'
import { createPaymentHeader } from '../../src/x402/createPaymentHeader.js'
import { decodePaymentRequired } from '../../src/x402/paymentRequired.js'
import { decodePaymentResponse } from '../../src/x402/paymentHeaders.js'
import v1Fixture from '../fixtures/x402-v1-402.json'
import { type ExactEvmPayload, signedBy } from './helpers.js'

const account = privateKeyToAccount(generatePrivateKey())

const coreRequired: CorePaymentRequired = {
  x402Version: 2,
  error: 'Payment required',
  resource: { url: 'http://127.0.0.1:4021/weather', description: 'Weather', mimeType: 'application/json' },
  accepts: [
    {
      scheme: 'exact',
      network: 'eip155:84532',
      amount: '1000',
      asset: '0x036CbD53842c5426634e7929541eC2318f3dCF7e',
      payTo: '0x209693Bc6afc0C5328bA36FaF03C514EF312287C',
      maxTimeoutSeconds: 300,
      extra: { name: 'USDC', version: '2' },
    },
  ],
}

describe('against @x402/core’s own encoders (v2)', () => {
  test('our decoder reads the PAYMENT-REQUIRED header @x402/core encodes', () => {
    const header = encodePaymentRequiredHeader(coreRequired)
    const decoded = decodePaymentRequired({ headers: new Headers({ 'PAYMENT-REQUIRED': header }), body: {} })
    expect(decoded).toMatchObject({ x402Version: 2, error: 'Payment required', resource: coreRequired.resource })
    expect(decoded.accepts.map((r) => r.raw)).toEqual(coreRequired.accepts)
  })

  test('@x402/core decodes our PAYMENT-SIGNATURE, with `accepted` equal to what the server offered', async () => {
    const required = decodePaymentRequired({ headers: new Headers({ 'PAYMENT-REQUIRED': encodePaymentRequiredHeader(coreRequired) }), body: {} })
    const header = await createPaymentHeader(required.accepts[0]!, createEvmSigner(account), required)
    const decoded = decodePaymentSignatureHeader(header.value)
    expect(decoded.x402Version).toBe(2)
    expect(decoded).toMatchObject({ resource: coreRequired.resource, accepted: coreRequired.accepts[0] })
    const payload = decoded.payload as unknown as ExactEvmPayload
    expect(await signedBy(payload, { chainId: 84532, asset: coreRequired.accepts[0]!.asset, name: 'USDC', version: '2' }, account.address)).toBe(true)
  })

  test('our decoder reads the PAYMENT-RESPONSE @x402/core encodes', () => {
    const settle = { success: true, transaction: `0x${'ab'.repeat(32)}`, network: 'eip155:84532' as const, payer: account.address }
    const headers = new Headers({ 'PAYMENT-RESPONSE': encodePaymentResponseHeader(settle) })
    expect(decodePaymentResponse(headers)).toEqual(settle)
  })
})

describe('against a v1 402 as x402-express 1.x sends it', () => {
  test('the fixture is a valid v1 402 by @x402/core’s v1 schema', () => {
    expect(PaymentRequiredV1Schema.safeParse(v1Fixture).success).toBe(true)
  })

  test('decodes it and pays it with an X-PAYMENT that the v1 server can match and verify', async () => {
    const required = decodePaymentRequired({ headers: new Headers({ 'Content-Type': 'application/json' }), body: v1Fixture })
    const offered = v1Fixture.accepts[0]!
    expect(required).toMatchObject({ x402Version: 1, error: 'X-PAYMENT header is required' })
    expect(required.accepts[0]).toMatchObject({ amount: offered.maxAmountRequired, network: 'base-sepolia', resource: offered.resource })

    const header = await createPaymentHeader(required.accepts[0]!, createEvmSigner(account), required)
    expect(header.name).toBe('X-PAYMENT')
    const decoded = decodeBase64Json(header.value, 'X-PAYMENT')
    expect(PaymentPayloadV1Schema.safeParse(decoded).success).toBe(true)
    const { scheme, network, payload } = PaymentPayloadV1Schema.parse(decoded)
    // x402-express 1.x picks the requirement with the same scheme and network.
    expect({ scheme, network }).toEqual({ scheme: offered.scheme, network: offered.network })
    const exact = payload as unknown as ExactEvmPayload
    expect(exact.authorization).toMatchObject({ from: account.address, to: offered.payTo, value: offered.maxAmountRequired })
    expect(await signedBy(exact, { chainId: 84532, asset: offered.asset, ...offered.extra }, account.address)).toBe(true)
  })

  test('reads the v1 settlement header (X-PAYMENT-RESPONSE)', () => {
    const settle = { success: true, transaction: '0x1', network: 'base-sepolia', payer: account.address }
    const headers = new Headers({ 'X-PAYMENT-RESPONSE': btoa(JSON.stringify(settle)) })
    expect(decodePaymentResponse(headers)).toEqual(settle)
  })
})
