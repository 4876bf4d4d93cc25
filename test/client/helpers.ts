import { setupServer } from 'msw/node'
import { createPayLinkClient, type PayLinkClient, type PayLinkClientOptions } from '../../src/client.js'
import { encodeBase64Json } from '../../src/x402/base64.js'

/** The API as the tests reach it. */
export const BASE_URL = 'https://api.paylink.test'
/** The API root, `/pub/v1` included. */
export const API = `${BASE_URL}/pub/v1`
/** A key long enough to be redacted, and distinctive enough to search for. */
export const API_KEY = 'sk_test_7Qh2VzK9pLm4'

/** A client against the test API with the test key; `options` override the defaults. */
export function makeClient(options: Partial<PayLinkClientOptions> = {}): PayLinkClient {
  return createPayLinkClient({ baseUrl: BASE_URL, apiKey: API_KEY, ...options })
}

/** What a test needs to know about a request the client sent. */
export interface SentRequest {
  method: string
  url: string
  headers: Headers
}

/**
 * An MSW server for one test file, with unhandled requests failing; `sent` lists every request
 * that reached it (handled or not) since the last test.
 */
export function useMswServer() {
  const server = setupServer()
  const sent: SentRequest[] = []
  server.events.on('request:start', ({ request }) => {
    sent.push({ method: request.method, url: request.url, headers: new Headers(request.headers) })
  })
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
  afterEach(() => {
    server.resetHandlers()
    sent.length = 0
  })
  afterAll(() => server.close())
  return { server, sent }
}

/** Awaits a promise that must reject and returns what it rejected with. */
/**
 * Until the returned restore runs, `Date.parse` reads only the strict ISO form (`T`, a colon in the
 * offset, three digits of fraction) and gives NaN for anything else, as Safari's does: what it
 * reads differs by engine, which a test on V8 alone would never see.
 */
export function strictDateParse(): () => void {
  const parse = Date.parse
  const strict = /^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d{3})?)?(Z|[+-]\d\d:\d\d)$/
  const spy = vi.spyOn(Date, 'parse').mockImplementation((text) => (strict.test(text) ? parse(text) : NaN))
  return () => spy.mockRestore()
}

export async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise
  } catch (error) {
    return error
  }
  throw new Error('expected the promise to reject, but it resolved')
}

export const linkFixture = {
  code: 'lnk_abc123',
  creatorId: 'creator_42',
  chainType: 'solana',
  model: 'payment',
  splits: { creator: 9000, platform: 1000 },
  price: { amount: '1.50', currency: 'USDC' },
  title: 'Episode 12',
  url: 'https://pay.paylink.test/l/lnk_abc123',
  status: 'active',
  createdAt: '2026-01-05T10:00:00Z',
}

export const paymentFixture = {
  id: 'pay_9f8e7d',
  linkCode: 'lnk_abc123',
  status: 'settled',
  amount: '1.50',
  asset: 'USDC',
  network: 'base',
  payer: '0x1111111111111111111111111111111111111111',
  transaction: '0xabc',
  createdAt: '2026-01-05T10:01:00Z',
  updatedAt: '2026-01-05T10:01:05Z',
}

export const proofFixture = {
  success: true,
  transaction: '0xabc',
  network: 'base',
  payer: '0x1111111111111111111111111111111111111111',
  amount: '1500000',
  settledAt: '2026-01-05T10:01:05Z',
}

export const transferFixture = {
  id: 'xfer_1',
  status: 'in_transit',
  sourceChain: 'solana',
  destinationChain: 'base',
  asset: 'USDC',
  amount: '25.00',
  sourceTx: '5sig',
  createdAt: '2026-01-05T10:00:00Z',
  updatedAt: '2026-01-05T10:02:00Z',
  estimatedCompletionAt: '2026-01-05T10:05:00Z',
}

export const attentionFixture = {
  token: 'att_opaque_token',
  sessionId: 'sess_1',
  expiresAt: '2026-01-05T11:00:00Z',
  heartbeatSeconds: 15,
}

export const feeFixture = {
  totalFee: '0.42 USDC',
  estimatedTime: '90 seconds',
  gasFee: '0.000123 ETH',
  platformFee: '0.30 USDC',
}

const requirementV1 = {
  scheme: 'exact',
  network: 'base-sepolia',
  maxAmountRequired: '1500000',
  resource: `${API}/payments/verify`,
  description: 'Episode 12',
  payTo: '0x2222222222222222222222222222222222222222',
  maxTimeoutSeconds: 60,
  asset: '0x036CbD53842c5426634e7929541eC2318f3dCF7e',
  extra: { name: 'USDC', version: '2' },
}

/** The v1 402 body of the verify endpoint. */
export const paymentRequiredV1Body = { x402Version: 1, error: 'X-PAYMENT header is required', accepts: [requirementV1] }

const requirementV2 = {
  scheme: 'exact',
  network: 'eip155:84532',
  amount: '2500000',
  asset: '0x036CbD53842c5426634e7929541eC2318f3dCF7e',
  payTo: '0x2222222222222222222222222222222222222222',
  maxTimeoutSeconds: 60,
  extra: { name: 'USDC', version: '2' },
}

/** The decoded v2 `PAYMENT-REQUIRED` header; its amount differs from the v1 body's so a test can tell which was read. */
export const paymentRequiredV2 = {
  x402Version: 2,
  resource: { url: `${API}/payments/verify`, description: 'Episode 12' },
  accepts: [requirementV2],
}

/** A signed v2 payment payload, base64 as it travels. */
export const paymentPayloadV2 = encodeBase64Json({
  x402Version: 2,
  accepted: requirementV2,
  payload: { signature: '0xsig2', authorization: { from: '0x1111111111111111111111111111111111111111' } },
})

/** A signed v1 payment payload, base64 as it travels. */
export const paymentPayloadV1 = encodeBase64Json({
  x402Version: 1,
  scheme: 'exact',
  network: 'base-sepolia',
  payload: { signature: '0xsig1', authorization: { from: '0x1111111111111111111111111111111111111111' } },
})

/** The decoded settlement header. */
export const settleResponse = {
  success: true,
  transaction: '0xabc',
  network: 'eip155:84532',
  payer: '0x1111111111111111111111111111111111111111',
}

export { encodeBase64Json }
