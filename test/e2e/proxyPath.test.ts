import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createPaymentHeader } from '../../src/x402/createPaymentHeader.js'
import { decodePaymentResponse } from '../../src/x402/paymentHeaders.js'
import { fetchWithPayment } from '../../src/x402/fetchWithPayment.js'
import { selectPaymentRequirement } from '../../src/x402/selectPaymentRequirement.js'
import {
  createLink,
  createPayLinkClient,
  estimateFees,
  getBridgeStatus,
  getLink,
  PayLinkHttpError,
  verifyPayment,
} from '../../src/client.js'
import { BASE_SEPOLIA_USDC, MOCK_LINKS, MOCK_TRANSFERS, startMockServer, type MockServer } from '../../src/mock.js'
import { createTestSigner } from '../../src/mock/createTestSigner.js'
import { createPayLinkProxy, toNodeHandler } from '../../src/server.js'

// The real path over real sockets on 127.0.0.1: a browser-style client (no key) → the proxy (adds
// the key) → the mock API as an HTTP server (refuses requests without the key).
const KEY = 'sk_e2e_secret_key'
let api: MockServer
let proxyServer: Server
let proxyOrigin: string

beforeAll(async () => {
  api = await startMockServer({ port: 0, apiKeys: [KEY], settleDelayMs: 0 })
  const proxy = createPayLinkProxy({ apiKey: KEY, upstream: api.url, basePath: '/api/paylink' })
  const handle = toNodeHandler(proxy)
  proxyServer = createServer(handle)
  await new Promise<void>((resolve) => proxyServer.listen(0, '127.0.0.1', resolve))
  proxyOrigin = `http://127.0.0.1:${(proxyServer.address() as AddressInfo).port}`
})

afterAll(async () => {
  await new Promise<void>((resolve) => proxyServer.close(() => resolve()))
  await api.close()
})

// What a browser would do: a same-origin path to the proxy (absolute here, as Node has no page origin).
const browserClient = () => createPayLinkClient({ baseUrl: `${proxyOrigin}/api/paylink`, retry: false })
const cap = { [BASE_SEPOLIA_USDC]: '2000000' }

test('the API refuses a request without the key: only the proxy can talk to it', async () => {
  const direct = createPayLinkClient({ baseUrl: api.url, retry: false })
  await expect(getLink(direct, MOCK_LINKS.demo)).rejects.toMatchObject({ name: 'PayLinkHttpError', status: 401 })
})

test('every kind of call goes through the proxy with no key in the browser', async () => {
  const client = browserClient()
  const link = await getLink(client, MOCK_LINKS.demo)
  expect(link.price).toEqual({ amount: '1.50', currency: 'USDC' })
  const created = await createLink(client, {
    creatorId: 'creator_e2e',
    chainType: 'solana',
    model: 'payment',
    splits: { creator: 8_500, platform: 1_500 },
    price: { amount: '0.50', currency: 'USDC' },
  })
  expect(await getLink(client, created.code)).toMatchObject({ code: created.code, creatorId: 'creator_e2e' })
  const fee = await estimateFees(client, { sourceChain: 'solana', destinationChain: 'base', asset: 'USDC', amount: '100' })
  expect(fee.totalFee.currency).toBe('USDC')
  expect((await getBridgeStatus(client, MOCK_TRANSFERS.completed)).status).toBe('completed')
  await expect(getLink(client, 'nope')).rejects.toBeInstanceOf(PayLinkHttpError)
})

test('a link is paid end to end through the proxy, once, and a resend is answered without a second charge', async () => {
  const client = browserClient()
  const priced = await verifyPayment(client, { code: MOCK_LINKS.demo })
  expect(priced.status).toBe('payment-required')
  if (priced.status !== 'payment-required') return
  // The x402 headers survive the proxy: PAYMENT-REQUIRED gave v2 requirements.
  expect(priced.paymentRequired.x402Version).toBe(2)

  const signer = createTestSigner()
  const requirement = selectPaymentRequirement(priced.paymentRequired, { signer, maxAmount: cap })
  const header = await createPaymentHeader(requirement, signer, priced.paymentRequired)
  const ledgerBefore = api.mock.ledger.length
  const options = { paymentHeader: header.value, idempotencyKey: crypto.randomUUID() }
  const paid = await verifyPayment(client, { code: MOCK_LINKS.demo }, options)
  expect(paid).toMatchObject({ status: 'paid', proof: { success: true }, paymentResponse: { success: true } })
  const again = await verifyPayment(client, { code: MOCK_LINKS.demo }, options)
  expect(again).toEqual(paid)
  expect(api.mock.ledger.length).toBe(ledgerBefore + 1)
  expect(signer.calls).toBe(1)
})

test('fetchWithPayment pays the same 402 gate through the proxy like any x402 server', async () => {
  const signer = createTestSigner()
  const ledgerBefore = api.mock.ledger.length
  const response = await fetchWithPayment(
    `${proxyOrigin}/api/paylink/pub/v1/payments/verify`,
    { method: 'POST', headers: new Headers({ 'content-type': 'application/json' }), body: JSON.stringify({ code: MOCK_LINKS.demo }) },
    { signer, maxAmount: cap },
  )
  expect(response.status).toBe(200)
  expect(decodePaymentResponse(response.headers)).toMatchObject({ success: true, network: 'eip155:84532' })
  expect(await response.json()).toMatchObject({ payment: { linkCode: MOCK_LINKS.demo } })
  expect(api.mock.ledger.length).toBe(ledgerBefore + 1)
  expect(signer.calls).toBe(1)
})

test('the key never comes back to the browser, in any answer', async () => {
  const answers = await Promise.all([
    fetch(`${proxyOrigin}/api/paylink/pub/v1/links/${MOCK_LINKS.demo}`),
    fetch(`${proxyOrigin}/api/paylink/pub/v1/links/nope`),
    fetch(`${proxyOrigin}/api/paylink/pub/v1/payments/verify`, { method: 'POST', body: '{"code":"demo"}', headers: { 'content-type': 'application/json' } }),
    fetch(`${proxyOrigin}/api/paylink/pub/v1/not-a-route`),
  ])
  for (const answer of answers) {
    const text = `${[...answer.headers].join('\n')}\n${await answer.text()}`
    expect(text).not.toContain(KEY)
  }
  expect(answers.map((a) => a.status)).toEqual([200, 404, 402, 404])
})
