import { once } from 'node:events'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { HTTPFacilitatorClient } from '@x402/core/server'
import { PaymentPayloadV2Schema } from '@x402/core/schemas'
import { ExactEvmScheme } from '@x402/evm/exact/server'
import { paymentMiddlewareFromHTTPServer, x402HTTPResourceServer, x402ResourceServer } from '@x402/express'
import { declarePaymentIdentifierExtension, extractPaymentIdentifier, isPaymentIdentifierRequired } from '@x402/extensions/payment-identifier'
import express from 'express'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { createEvmSigner } from '../../src/evm/createEvmSigner.js'
import { resourcePurchase } from '../../src/payment/resourcePurchase.js'
import { fetchWithPayment } from '../../src/x402/fetchWithPayment.js'
import { decodePaymentResponse } from '../../src/x402/paymentHeaders.js'
import { type ExactEvmPayload, PAY_TO, signedBy, USDC_BASE_SEPOLIA } from './helpers.js'

// A real @x402/express (v2) server in front of a local facilitator stub: no internet, no RPC.

const TX = `0x${'ab'.repeat(32)}`
const account = privateKeyToAccount(generatePrivateKey())

/**
 * What the facilitator stub received, and whether it refuses to settle: with a 200 whose settlement
 * says so (`answer`), or with an error status and a settlement without `transaction` (`error`) or
 * with its reason alone (`bare error`), which @x402/core's facilitator client throws as a SettleError
 * and its server writes into PAYMENT-RESPONSE as it came.
 */
const facilitator = {
  verified: [] as any[],
  settled: [] as any[],
  refuseSettle: false as false | 'answer' | 'error' | 'bare error',
  /** The reason the stub refuses every payment at /verify with, if any. */
  refuseVerify: undefined as string | undefined,
}
/** The EIP-3009 nonces settled: as on chain, an authorization pays once, and verifying or settling it again fails. */
const spentNonces = new Set<string>()
/** How long the /entry handler takes before it answers. */
let entryDelayMs = 0
/** The x402 payment-identifier ids of the payments the app saw settle. */
const paidIds = new Set<string>()
/** Every request the app received, before the payment middleware. */
let received: { method: string; path: string; body: unknown; trace: string | undefined; paid: boolean }[] = []

const facilitatorServer = http.createServer(async (req, res) => {
  let text = ''
  for await (const chunk of req) text += chunk
  res.setHeader('Content-Type', 'application/json')
  if (req.url === '/supported') {
    return res.end(JSON.stringify({ kinds: [{ x402Version: 2, scheme: 'exact', network: 'eip155:84532' }], extensions: [], signers: {} }))
  }
  const call = JSON.parse(text)
  const { from: payer, nonce } = call.paymentPayload?.payload?.authorization ?? {}
  if (req.url === '/verify') {
    facilitator.verified.push(call)
    const invalidReason = facilitator.refuseVerify ?? (spentNonces.has(nonce) ? 'invalid_exact_evm_nonce_already_used' : undefined)
    return res.end(JSON.stringify(invalidReason ? { isValid: false, invalidReason, payer } : { isValid: true, payer }))
  }
  // As on chain, a spent authorization moves nothing: it is not among the settled.
  if (spentNonces.has(nonce)) {
    return res.end(JSON.stringify({ success: false, errorReason: 'invalid_exact_evm_nonce_already_used', transaction: '', network: 'eip155:84532' }))
  }
  facilitator.settled.push(call)
  if (!facilitator.refuseSettle) spentNonces.add(nonce)
  if (facilitator.refuseSettle === 'error') {
    return res.writeHead(400).end(JSON.stringify({ success: false, errorReason: 'insufficient_funds', network: 'eip155:84532', payer }))
  }
  if (facilitator.refuseSettle === 'bare error') return res.writeHead(400).end(JSON.stringify({ success: false, errorReason: 'insufficient_funds' }))
  res.end(
    JSON.stringify(
      facilitator.refuseSettle
        ? { success: false, errorReason: 'insufficient_funds', transaction: '', network: 'eip155:84532' }
        : { success: true, transaction: TX, network: 'eip155:84532', payer },
    ),
  )
})

let appServer: http.Server
let base: string

beforeAll(async () => {
  facilitatorServer.listen(0, '127.0.0.1')
  await once(facilitatorServer, 'listening')
  const facilitatorUrl = `http://127.0.0.1:${(facilitatorServer.address() as AddressInfo).port}`
  const resourceServer = new x402ResourceServer(new HTTPFacilitatorClient({ url: facilitatorUrl })).register(
    'eip155:84532',
    new ExactEvmScheme(),
  )
  const accepts = { scheme: 'exact', price: '$0.001', network: 'eip155:84532', payTo: PAY_TO } as const
  const app = express()
  app.use(express.json())
  app.use((req, _res, next) => {
    received.push({ method: req.method, path: req.path, body: req.body, trace: req.get('x-trace'), paid: !!req.get('PAYMENT-SIGNATURE') })
    next()
  })
  // x402's `upfront` flow: the payment settles before the handler runs, which then finds the item gone.
  const upfront = { ...accepts, extra: { paymentFlow: 'upfront' } }
  // A Permit2 way to pay listed before the EIP-3009 one.
  const permit2 = { ...accepts, extra: { assetTransferMethod: 'permit2' } }
  // x402's payment-identifier extension, as its example server keeps it: a payment resent with the
  // id of one that settled is let through without paying again; and, where the route requires an
  // id, a payment without one is refused.
  resourceServer.onAfterSettle(async ({ paymentPayload }) => {
    // Its payload type is read-only where the extension's is not.
    const id = extractPaymentIdentifier(paymentPayload as Parameters<typeof extractPaymentIdentifier>[0])
    if (id) paidIds.add(id)
  })
  const identified = (required: boolean) => ({ 'payment-identifier': declarePaymentIdentifierExtension(required) })
  // What a browser reads of a cross-origin server that does not expose its receipt to CORS.
  app.use('/unexposed', (_req, res, next) => {
    const setHeader = res.setHeader.bind(res)
    res.setHeader = (name, value) => (/^(x-)?payment-response$/i.test(name) ? res : setHeader(name, value))
    next()
  })
  app.use(
    paymentMiddlewareFromHTTPServer(
      new x402HTTPResourceServer(resourceServer, {
        'GET /weather': { accepts, description: 'Weather' },
        'POST /notes': { accepts, description: 'Store a note' },
        'GET /gone': { accepts: upfront, description: 'An item sold out' },
        'GET /broken': { accepts: upfront, description: 'A handler that fails after settling' },
        'GET /unexposed/gone': { accepts: upfront, description: 'An item sold out, its receipt unread' },
        'GET /report': { accepts: [permit2, accepts], description: 'A report' },
        // The same price two ways: charged before the handler runs, or only once it succeeded.
        'GET /flaky': { accepts: [upfront, accepts], description: 'A handler that fails, whichever way it is paid' },
        'GET /ledger': { accepts, description: 'A ledger that requires a payment id', extensions: identified(true) },
        'GET /entry': { accepts, description: 'An entry kept by payment id', extensions: identified(false) },
        // Declared by hand, without the extension's `info`.
        'GET /misdeclared': { accepts, description: 'A report', extensions: { 'payment-identifier': { required: false } } },
      }).onProtectedRequest(async ({ paymentHeader }, { extensions }) => {
        const declared = extensions?.['payment-identifier']
        if (!declared || !paymentHeader) return
        const id = extractPaymentIdentifier(JSON.parse(Buffer.from(paymentHeader, 'base64').toString()))
        if (id && paidIds.has(id)) return { grantAccess: true }
        if (!id && isPaymentIdentifierRequired(declared)) return { abort: true, reason: 'a payment id is required' }
      }),
    ),
  )
  app.get('/ledger', (_req, res) => {
    res.json({ ledger: 'open' })
  })
  app.get('/entry', async (_req, res) => {
    await new Promise((resolve) => setTimeout(resolve, entryDelayMs))
    res.json({ entry: 1 })
  })
  app.get(['/report', '/misdeclared'], (_req, res) => {
    res.json({ report: 'ready' })
  })
  app.get(['/gone', '/unexposed/gone'], (_req, res) => {
    res.status(404).json({ error: 'sold out' })
  })
  app.get(['/broken', '/flaky'], (_req, res) => {
    res.status(500).json({ error: 'handler failed' })
  })
  app.get('/weather', (_req, res) => {
    res.json({ weather: 'sunny', temperature: 21 })
  })
  app.post('/notes', (req, res) => {
    res.status(201).json({ stored: req.body, trace: req.get('x-trace') })
  })
  appServer = app.listen(0, '127.0.0.1')
  await once(appServer, 'listening')
  base = `http://127.0.0.1:${(appServer.address() as AddressInfo).port}`
})

afterAll(async () => {
  appServer.closeAllConnections()
  facilitatorServer.closeAllConnections()
  await Promise.all([new Promise((r) => appServer.close(r)), new Promise((r) => facilitatorServer.close(r))])
})

beforeEach(() => {
  received = []
  facilitator.verified = []
  facilitator.settled = []
  facilitator.refuseSettle = false
  facilitator.refuseVerify = undefined
  entryDelayMs = 0
  paidIds.clear()
})

/** A URL purchase of `path` (what PayLinkButton resource=… runs), started and ready to pay. */
async function purchaseOf(path: string, timeoutMs?: number) {
  const store = resourcePurchase(`${base}${path}`, { timeoutMs })
  store.start()
  await vi.waitFor(() => expect(store.getSnapshot().status).toBe('ready'))
  return store
}

/** fetchWithPayment of `path`: a 200 with `body`, signed once and settled once. */
async function paidOnce(path: string, body: unknown) {
  const signer = countingSigner()
  const response = await fetchWithPayment(`${base}${path}`, undefined, { signer })
  expect(response.status).toBe(200)
  expect(await response.json()).toEqual(body)
  expect(signer.signPayment).toHaveBeenCalledTimes(1)
  expect(facilitator.settled).toHaveLength(1)
}

function countingSigner() {
  const signer = createEvmSigner(account)
  return { ...signer, signPayment: vi.fn(signer.signPayment) }
}

describe('fetchWithPayment against @x402/express', () => {
  test('pays GET /weather: 200, the body, the settlement, and a payload the facilitator can check', async () => {
    const signer = countingSigner()
    const response = await fetchWithPayment(`${base}/weather`, undefined, { signer })
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ weather: 'sunny', temperature: 21 })
    expect(decodePaymentResponse(response.headers)).toMatchObject({
      success: true,
      transaction: TX,
      network: 'eip155:84532',
      payer: account.address,
    })
    expect(signer.signPayment).toHaveBeenCalledTimes(1)

    expect(facilitator.settled).toHaveLength(1)
    const { paymentPayload, paymentRequirements } = facilitator.settled[0]
    const parsed = PaymentPayloadV2Schema.safeParse(paymentPayload)
    expect(parsed.success).toBe(true)
    expect(paymentPayload.accepted).toEqual(paymentRequirements)
    expect(paymentPayload.resource).toMatchObject({ url: `${base}/weather`, description: 'Weather' })
    const payload = paymentPayload.payload as ExactEvmPayload
    expect(payload.authorization).toMatchObject({ from: account.address, to: PAY_TO, value: '1000' })
    const domain = { chainId: 84532, asset: USDC_BASE_SEPOLIA, name: 'USDC', version: '2' }
    expect(paymentRequirements).toMatchObject({ asset: USDC_BASE_SEPOLIA, extra: { name: 'USDC', version: '2' } })
    expect(await signedBy(payload, domain, account.address)).toBe(true)
  })

  test('a POST with a JSON body and a Headers object keeps both on the paid retry', async () => {
    const headers = new Headers({ 'Content-Type': 'application/json', 'x-trace': 'trace-1' })
    const note = { text: 'hello', n: 1 }
    const response = await fetchWithPayment(`${base}/notes`, { method: 'POST', headers, body: JSON.stringify(note) }, { signer: countingSigner() })
    expect(response.status).toBe(201)
    expect(await response.json()).toEqual({ stored: note, trace: 'trace-1' })
    expect(received).toEqual([
      { method: 'POST', path: '/notes', body: note, trace: 'trace-1', paid: false },
      { method: 'POST', path: '/notes', body: note, trace: 'trace-1', paid: true },
    ])
    expect(headers.has('PAYMENT-SIGNATURE')).toBe(false)
  })

  test('over maxAmount: nothing is signed and nothing is sent twice', async () => {
    const signer = countingSigner()
    await expect(
      fetchWithPayment(`${base}/weather`, undefined, { signer, maxAmount: { [USDC_BASE_SEPOLIA]: 999n } }),
    ).rejects.toMatchObject({ name: 'PayLinkPaymentError', reason: 'exceeds_max_amount' })
    expect(signer.signPayment).not.toHaveBeenCalled()
    expect(received).toHaveLength(1)
    expect(facilitator.verified).toHaveLength(0)
  })

  test('settled before its handler answered 404, the receipt unread (not exposed to CORS): outcome_unknown with the payment to resend, not a 404 to pay again for', async () => {
    const signer = countingSigner()
    const error = await fetchWithPayment(`${base}/unexposed/gone`, undefined, { signer }).catch((e: unknown) => e)
    expect(error).toMatchObject({ name: 'PayLinkPaymentError', reason: 'outcome_unknown', paymentHeader: { name: 'PAYMENT-SIGNATURE' } })
    expect(facilitator.settled).toHaveLength(1)
  })

  test('settled before its handler failed with 500: the 500 comes back with its receipt, not outcome_unknown', async () => {
    const signer = countingSigner()
    const response = await fetchWithPayment(`${base}/broken`, undefined, { signer })
    expect(response.status).toBe(500)
    expect(await response.json()).toEqual({ error: 'handler failed' })
    expect(decodePaymentResponse(response.headers)).toMatchObject({ success: true, transaction: TX })
    expect(signer.signPayment).toHaveBeenCalledTimes(1)
    expect(facilitator.settled).toHaveLength(1)
  })

  test.each(['answer', 'error'] as const)('a facilitator that refuses to settle (as an %s): the second 402 is outcome_unknown with its reason, signed exactly once', async (refusal) => {
    facilitator.refuseSettle = refusal
    const signer = countingSigner()
    await expect(fetchWithPayment(`${base}/weather`, undefined, { signer })).rejects.toMatchObject({
      name: 'PayLinkPaymentError',
      reason: 'outcome_unknown',
      x402Reason: 'insufficient_funds',
    })
    expect(signer.signPayment).toHaveBeenCalledTimes(1)
    expect(received.map((r) => r.paid)).toEqual([false, true])
  })

  test('a facilitator that refuses the payment at verify: the new 402 is outcome_unknown with its reason, signed once, nothing settled', async () => {
    facilitator.refuseVerify = 'insufficient_funds'
    const signer = countingSigner()
    const error = await fetchWithPayment(`${base}/weather`, undefined, { signer }).catch((e) => e)
    expect(error).toMatchObject({ name: 'PayLinkPaymentError', reason: 'outcome_unknown', x402Reason: 'insufficient_funds' })
    // The payment that was sent, to resend as it is.
    expect(error.paymentHeader).toMatchObject({ name: 'PAYMENT-SIGNATURE' })
    expect(signer.signPayment).toHaveBeenCalledTimes(1)
    expect(received.map((r) => r.paid)).toEqual([false, true])
    expect(facilitator.verified).toHaveLength(1)
    expect(facilitator.settled).toHaveLength(0)
  })

  test('a browser-like request (Accept: text/html) gets the HTML paywall as its 402: paid from its PAYMENT-REQUIRED header, once', async () => {
    const signer = countingSigner()
    const headers = { Accept: 'text/html', 'User-Agent': 'Mozilla/5.0 (X11; Linux x86_64)' }
    // The 402 a browser-like request gets is an HTML page, not JSON.
    const unpaid = await fetch(`${base}/weather`, { headers })
    expect([unpaid.status, unpaid.headers.get('Content-Type')]).toEqual([402, expect.stringContaining('text/html')])
    await unpaid.body?.cancel()
    const response = await fetchWithPayment(`${base}/weather`, { headers }, { signer })
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ weather: 'sunny', temperature: 21 })
    expect(signer.signPayment).toHaveBeenCalledTimes(1)
    expect(facilitator.settled).toHaveLength(1)
  })
})

describe('a URL purchase (PayLinkButton resource=…) against @x402/express', () => {
  test('settled before its handler answered 404: paid, with the receipt and that 404; a second press signs nothing', async () => {
    const store = await purchaseOf('/gone')
    const signer = countingSigner()
    await store.pay({ signer })
    const paid = store.getSnapshot()
    expect(paid).toMatchObject({ status: 'settled', proof: { success: true, transaction: TX } })
    expect(paid.response?.status).toBe(404)
    await store.pay({ signer })
    expect(store.getSnapshot().status).toBe('settled')
    expect(signer.signPayment).toHaveBeenCalledTimes(1)
    expect(facilitator.settled).toHaveLength(1)
  })

  test('settled before its handler answered 404, the receipt unread (not exposed to CORS): unknown, and a second press resends rather than pays again', async () => {
    const store = await purchaseOf('/unexposed/gone')
    const signer = countingSigner()
    await store.pay({ signer })
    expect(store.getSnapshot()).toMatchObject({ status: 'unknown', error: { reason: 'outcome_unknown' } })
    await store.pay({ signer })
    expect(signer.signPayment).toHaveBeenCalledTimes(1)
    expect(facilitator.settled).toHaveLength(1)
  })

  test.each(['answer', 'error', 'bare error'] as const)("a failed settlement (refused as an %s): unknown, with the facilitator's reason from PAYMENT-RESPONSE, signed once", async (refusal) => {
    facilitator.refuseSettle = refusal
    // Another query string: another purchase than the other case's, which ended unknown.
    const store = await purchaseOf(`/weather?refused=${refusal}`)
    const signer = countingSigner()
    await store.pay({ signer })
    expect(store.getSnapshot()).toMatchObject({
      status: 'unknown',
      error: { name: 'PayLinkPaymentError', reason: 'outcome_unknown', x402Reason: 'insufficient_funds' },
    })
    expect(signer.signPayment).toHaveBeenCalledTimes(1)
    expect(received.map((r) => r.paid)).toEqual([false, false, true])
  })
  test('a payment the facilitator refuses at verify: unknown with its reason; a second press resends it, never signs again, and nothing settles', async () => {
    facilitator.refuseVerify = 'insufficient_funds'
    const store = await purchaseOf('/weather?refused=verify')
    const signer = countingSigner()
    await store.pay({ signer })
    expect(store.getSnapshot()).toMatchObject({
      status: 'unknown',
      error: { name: 'PayLinkPaymentError', reason: 'outcome_unknown', x402Reason: 'insufficient_funds' },
    })
    await store.pay({ signer })
    expect(store.getSnapshot().status).toBe('unknown')
    expect(signer.signPayment).toHaveBeenCalledTimes(1)
    // The same payload both times.
    expect(new Set(facilitator.verified.map((call) => call.paymentPayload.payload.signature)).size).toBe(1)
    expect(received.map((r) => r.paid)).toEqual([false, false, true, true])
    expect(facilitator.settled).toHaveLength(0)
  })
})

describe('a server that lists Permit2 before EIP-3009', () => {
  test('fetchWithPayment pays the EIP-3009 way, once', async () => {
    await paidOnce('/report', { report: 'ready' })
    expect(facilitator.settled[0].paymentRequirements.extra?.assetTransferMethod).toBeUndefined()
  })

  test('a URL purchase (PayLinkButton resource=…) settles the EIP-3009 way, once', async () => {
    const store = await purchaseOf('/report')
    const signer = countingSigner()
    await store.pay({ signer })
    expect(store.getSnapshot()).toMatchObject({ status: 'settled', proof: { success: true, transaction: TX } })
    expect(signer.signPayment).toHaveBeenCalledTimes(1)
    expect(facilitator.settled).toHaveLength(1)
    expect(facilitator.settled[0].paymentRequirements.extra?.assetTransferMethod).toBeUndefined()
  })
})

describe('a server that offers to charge before its handler runs (upfront) or after it succeeded', () => {
  test('fetchWithPayment pays the way that charges after success: a failed handler charges nothing', async () => {
    const signer = countingSigner()
    // No settlement came with the 500: from the client's side it may have gone through.
    await expect(fetchWithPayment(`${base}/flaky`, undefined, { signer })).rejects.toMatchObject({ reason: 'outcome_unknown' })
    expect(signer.signPayment).toHaveBeenCalledTimes(1)
    expect(signer.signPayment.mock.calls[0]![0].extra.paymentFlow).toBeUndefined()
    expect(received.map((r) => r.paid)).toEqual([false, true])
    expect(facilitator.settled).toHaveLength(0)
  })

  test('a URL purchase (PayLinkButton resource=…) is not charged for a failed handler either, and resends rather than signs again', async () => {
    const store = await purchaseOf('/flaky')
    const signer = countingSigner()
    await store.pay({ signer })
    expect(store.getSnapshot().status).toBe('unknown')
    await store.pay({ signer })
    expect(store.getSnapshot().status).toBe('unknown')
    expect(signer.signPayment).toHaveBeenCalledTimes(1)
    expect(facilitator.settled).toHaveLength(0)
  })
})

describe("a server that keeps its answers by x402's payment-identifier", () => {
  test('fetchWithPayment pays a route that requires a payment id, once, with an id x402 reads', async () => {
    await paidOnce('/ledger', { ledger: 'open' })
    // Read as x402's own extension reads it, its format checked.
    expect(extractPaymentIdentifier(facilitator.settled[0].paymentPayload, true)).toEqual(expect.any(String))
  })

  test("fetchWithPayment pays a route whose declaration is not the extension's shape: it goes back as it came, as the server's echo check wants", async () => {
    await paidOnce('/misdeclared', { report: 'ready' })
  })

  test('a URL purchase whose paid answer was lost after it settled: the resend gets the answer, and nothing is signed or charged again', async () => {
    // The handler outlasts the purchase's time-out: the answer is lost, the payment settles all the same.
    // The time-out also bounds the resend: 150 ms lost it on a loaded machine, 500 ms is ample.
    entryDelayMs = 1500
    const store = await purchaseOf('/entry', 500)
    const signer = countingSigner()
    await store.pay({ signer })
    expect(store.getSnapshot()).toMatchObject({ status: 'unknown', error: { reason: 'outcome_unknown' } })
    // Settled, and its id kept by the app.
    await vi.waitFor(() => expect(paidIds.size).toBe(1), { timeout: 5_000 })
    entryDelayMs = 0
    await store.pay({ signer })
    const paid = store.getSnapshot()
    expect(paid.status).toBe('settled')
    expect(await paid.response?.json()).toEqual({ entry: 1 })
    expect(signer.signPayment).toHaveBeenCalledTimes(1)
    expect(facilitator.settled).toHaveLength(1)
  })
})
