import { once } from 'node:events'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { HTTPFacilitatorClient } from '@x402/core/server'
import { ExactEvmScheme } from '@x402/evm/exact/server'
import { paymentMiddleware, x402ResourceServer } from '@x402/express'
import express from 'express'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { createPayLinkClient } from '../../src/client/createPayLinkClient.js'
import { createEvmSigner } from '../../src/evm/createEvmSigner.js'
import { resourcePurchase } from '../../src/payment/resourcePurchase.js'
import { fetchWithPayment } from '../../src/x402/fetchWithPayment.js'
import { PAY_TO } from './helpers.js'

// A real @x402/express (v2) server that lists a Permit2 way to pay before the EIP-3009 one, in
// front of a local facilitator stub: no internet, no RPC.

const TX = `0x${'ab'.repeat(32)}`
const account = privateKeyToAccount(generatePrivateKey())

/** The payment requirements of each payment the facilitator stub settled. */
let settled: { extra?: Record<string, unknown> }[] = []

const facilitatorServer = http.createServer(async (req, res) => {
  let text = ''
  for await (const chunk of req) text += chunk
  res.setHeader('Content-Type', 'application/json')
  if (req.url === '/supported') {
    return res.end(JSON.stringify({ kinds: [{ x402Version: 2, scheme: 'exact', network: 'eip155:84532' }], extensions: [], signers: {} }))
  }
  const call = JSON.parse(text)
  const payer = call.paymentPayload?.payload?.authorization?.from
  if (req.url === '/verify') return res.end(JSON.stringify({ isValid: true, payer }))
  settled.push(call.paymentRequirements)
  res.end(JSON.stringify({ success: true, transaction: TX, network: 'eip155:84532', payer }))
})

let appServer: http.Server
let url: string

beforeAll(async () => {
  facilitatorServer.listen(0, '127.0.0.1')
  await once(facilitatorServer, 'listening')
  const facilitatorUrl = `http://127.0.0.1:${(facilitatorServer.address() as AddressInfo).port}`
  const resourceServer = new x402ResourceServer(new HTTPFacilitatorClient({ url: facilitatorUrl })).register('eip155:84532', new ExactEvmScheme())
  const eip3009 = { scheme: 'exact', price: '$0.001', network: 'eip155:84532', payTo: PAY_TO } as const
  const permit2 = { ...eip3009, extra: { assetTransferMethod: 'permit2' } }
  const app = express()
  app.use(paymentMiddleware({ 'GET /report': { accepts: [permit2, eip3009], description: 'A report' } }, resourceServer))
  app.get('/report', (_req, res) => {
    res.json({ report: 'ready' })
  })
  appServer = app.listen(0, '127.0.0.1')
  await once(appServer, 'listening')
  url = `http://127.0.0.1:${(appServer.address() as AddressInfo).port}/report`
})

afterAll(async () => {
  appServer.closeAllConnections()
  facilitatorServer.closeAllConnections()
  await Promise.all([new Promise((r) => appServer.close(r)), new Promise((r) => facilitatorServer.close(r))])
})

beforeEach(() => {
  settled = []
})

function countingSigner() {
  const signer = createEvmSigner(account)
  return { ...signer, signPayment: vi.fn(signer.signPayment) }
}

describe('a server that lists Permit2 before EIP-3009', () => {
  test('fetchWithPayment pays the EIP-3009 way, once', async () => {
    const signer = countingSigner()
    const response = await fetchWithPayment(url, undefined, { signer })
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ report: 'ready' })
    expect(signer.signPayment).toHaveBeenCalledTimes(1)
    expect(settled).toHaveLength(1)
    expect(settled[0]!.extra?.assetTransferMethod).toBeUndefined()
  })

  test('a URL purchase (PayLinkButton resource=…) settles the EIP-3009 way, once', async () => {
    const store = resourcePurchase(createPayLinkClient({ baseUrl: 'http://127.0.0.1:9' }), url)
    store.start()
    await vi.waitFor(() => expect(store.getSnapshot().status).toBe('ready'))
    const signer = countingSigner()
    await store.pay({ signer })
    expect(store.getSnapshot()).toMatchObject({ status: 'settled', proof: { success: true, transaction: TX } })
    expect(signer.signPayment).toHaveBeenCalledTimes(1)
    expect(settled).toHaveLength(1)
    expect(settled[0]!.extra?.assetTransferMethod).toBeUndefined()
  })
})
