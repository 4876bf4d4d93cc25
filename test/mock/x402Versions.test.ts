import { PayLinkConfigError } from '../../src/client.js'
import {
  BASE_SEPOLIA_USDC,
  createMockApi,
  createTestSigner,
  MOCK_LINKS,
  MOCK_X402_REASONS,
  type MockServer,
  type MockX402Version,
  startMockServer,
} from '../../src/mock.js'
import { decodeBase64Json } from '../../src/x402/base64.js'
import { fetchWithPayment } from '../../src/x402/fetchWithPayment.js'
import { decodePaymentResponse } from '../../src/x402/paymentHeaders.js'
import { decodePaymentRequired } from '../../src/x402/paymentRequired.js'
import { v1Payment, v2Payment } from './payloads.js'

// Real sockets on 127.0.0.1: no MSW interception in this file.
const servers = new Map<MockX402Version, MockServer>()
beforeAll(async () => {
  for (const version of [1, 2, 'both'] as const) servers.set(version, await startMockServer({ apiKeys: false, settleDelayMs: 0, x402Version: version }))
})
afterEach(() => {
  for (const server of servers.values()) server.mock.reset()
})
afterAll(() => Promise.all([...servers.values()].map((server) => server.close())))

const gate = (version: MockX402Version) => `${servers.get(version)!.url}/pub/v1/payments/verify`
const priceRequest = (version: MockX402Version, headers: Record<string, string> = {}) =>
  fetch(gate(version), { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify({ code: MOCK_LINKS.demo }) })
const cap = { [BASE_SEPOLIA_USDC]: '10000000' }

describe('the x402Version option of the 402 gate', () => {
  it.each([
    [1, false, expect.objectContaining({ x402Version: 1 })],
    [2, true, {}],
    ['both', true, expect.objectContaining({ x402Version: 1 })],
  ] as const)('x402Version %s asks in that version only (PAYMENT-REQUIRED: %s)', async (version, header, body) => {
    const response = await priceRequest(version)
    expect(response.status).toBe(402)
    expect(response.headers.has('PAYMENT-REQUIRED')).toBe(header)
    expect(await response.json()).toEqual(body)
  })

  it.each([1, 2, 'both'] as const)('fetchWithPayment pays a gate of x402Version %s: one signature, one payment, settled', async (version) => {
    const signer = createTestSigner()
    const response = await fetchWithPayment(gate(version), { method: 'POST', body: JSON.stringify({ code: MOCK_LINKS.demo }) }, { signer, maxAmount: cap })
    expect(response.status).toBe(200)
    expect(await response.json()).toMatchObject({ payment: { linkCode: 'demo', status: 'settled' }, proof: { success: true } })
    expect(decodePaymentResponse(response.headers)).toMatchObject({ success: true, payer: signer.address })
    // A v1-only server sends the v1 settlement header only; the client reads it all the same.
    expect(response.headers.has('PAYMENT-RESPONSE')).toBe(version !== 1)
    expect(signer.calls).toBe(1)
    const { ledger } = servers.get(version)!.mock
    expect(ledger).toEqual([expect.objectContaining({ linkCode: 'demo', network: version === 1 ? 'base-sepolia' : 'eip155:84532' })])
  })

  it.each([
    [1, 2],
    [2, 1],
  ] as const)('a gate of x402Version %s refuses a v%s payment with invalid_x402_version and charges nothing', async (version, other) => {
    const quote = await priceRequest('both')
    const body = await quote.json()
    const header: Record<string, string> =
      other === 1 ?
        { 'X-PAYMENT': v1Payment(decodePaymentRequired({ headers: new Headers(), body }).accepts[0]!, Date.now()) }
      : { 'PAYMENT-SIGNATURE': v2Payment(decodePaymentRequired({ headers: quote.headers, body }).accepts[0]!, Date.now()) }
    const response = await priceRequest(version, header)
    expect(response.status).toBe(402)
    const refusal = version === 1 ? await response.json() : decodeBase64Json(response.headers.get('PAYMENT-REQUIRED')!, 'header')
    expect(refusal).toMatchObject({ error: MOCK_X402_REASONS.invalidVersion })
    expect(servers.get(version)!.mock.ledger).toEqual([])
  })

  it.each([
    [1, 'base-sepolia'],
    [2, 'eip155:84532'],
    ['both', 'eip155:84532'],
  ] as const)('a gate of x402Version %s sent both headers takes the payment of a version it speaks (%s), and charges once', async (version, network) => {
    const quote = await priceRequest('both')
    const body = await quote.json()
    const response = await priceRequest(version, {
      'X-PAYMENT': v1Payment(decodePaymentRequired({ headers: new Headers(), body }).accepts[0]!, Date.now()),
      'PAYMENT-SIGNATURE': v2Payment(decodePaymentRequired({ headers: quote.headers, body }).accepts[0]!, Date.now()),
    })
    expect(response.status).toBe(200)
    expect(servers.get(version)!.mock.ledger).toEqual([expect.objectContaining({ linkCode: 'demo', network })])
  })

  it('refuses an unknown version with a PayLinkConfigError', () => {
    expect(() => createMockApi({ x402Version: '2' as unknown as MockX402Version })).toThrow(PayLinkConfigError)
    expect(() => createMockApi({ x402Version: 3 as MockX402Version })).toThrow(
      expect.objectContaining({ shortMessage: 'Unknown mock x402 version 3', message: expect.stringContaining("Known: 1, 2, 'both'") }),
    )
  })
})
