import { once } from 'node:events'
import { readFileSync } from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { x402Facilitator } from '@x402/core/facilitator'
import { paymentMiddlewareFromHTTPServer, x402HTTPResourceServer, x402ResourceServer } from '@x402/express'
import express from 'express'
// The Solana side comes from test/svm (npm test's pretest installs it): @x402/svm with the
// @solana/kit 5 its own dependencies take, which TypeScript 6 keeps out of the repository's tree.
import {
  address,
  generateKeyPairSigner,
  getBase58Decoder,
  getBase64Encoder,
  getCompiledTransactionMessageDecoder,
  getTransactionDecoder,
  type TransactionSigner,
} from '../svm/node_modules/@solana/kit'
import { ExactSvmScheme } from '../svm/node_modules/@x402/svm/dist/esm/exact/client/index.mjs'
import { registerExactSvmScheme } from '../svm/node_modules/@x402/svm/dist/esm/exact/facilitator/index.mjs'
import { ExactSvmScheme as ExactSvmServer } from '../svm/node_modules/@x402/svm/dist/esm/exact/server/index.mjs'
import { priceToPay } from '../../src/payment/priceToPay.js'
import { resourcePurchase } from '../../src/payment/resourcePurchase.js'
import { fetchWithPayment } from '../../src/x402/fetchWithPayment.js'
import { decodePaymentResponse } from '../../src/x402/paymentHeaders.js'
import type { PaymentSigner } from '../../src/x402/paymentSigner.js'

// The README's Solana recipe, paid end to end: @x402/svm's client builds the transfer behind a
// PaymentSigner, the package signs once and sends, a real @x402/express server prices the route with
// @x402/svm's server scheme, and @x402/svm's own facilitator checks the transaction (its program,
// mint, recipient, amount, signatures) before a stub chain settles it. No internet: the client's
// Solana RPC is a local stub that knows one mint and one blockhash.

const DEVNET = 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1'
/** Circle's USDC on Solana devnet: the asset @x402/svm prices '$0.001' in there. */
const USDC_DEVNET = '4zMMC9srt5Ri5X14GAgXhaHii3GnPAEERYPJgZJDncDU'
const TOKEN_PROGRAM = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA'
/** The seller: an address of its own, neither the wallet's nor the fee payer's. */
const SELLER = address('9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin')
const TX_SIGNATURE = getBase58Decoder().decode(new Uint8Array(64).fill(7))

// The README's recipe (Payments, Solana), as written there: the last test holds the two the same.
export function solanaSigner(wallet: TransactionSigner, rpcUrl?: string): PaymentSigner {
  const scheme = new ExactSvmScheme(wallet, rpcUrl ? { rpcUrl } : undefined)
  return {
    address: wallet.address,
    networks: ['solana:*'],
    // This class pays v2 402s (@x402/svm has another for v1's names).
    supports: (requirement) => requirement.x402Version === 2,
    signPayment: async (requirement) =>
      (await scheme.createPaymentPayload(2, requirement.raw as Parameters<typeof scheme.createPaymentPayload>[1])).payload,
  }
}

/** A USDC mint account as the token program lays it out (82 bytes): 6 decimals, initialized. */
function mintAccount() {
  const data = new Uint8Array(82)
  data[44] = 6
  data[45] = 1
  return Buffer.from(data).toString('base64')
}

/** The methods the RPC stub answered, in order. */
let rpcCalls: string[] = []
const rpcServer = http.createServer(async (req, res) => {
  let text = ''
  for await (const chunk of req) text += chunk
  const { id, method } = JSON.parse(text)
  rpcCalls.push(method)
  const result =
    method === 'getAccountInfo'
      ? { context: { slot: 1 }, value: { data: [mintAccount(), 'base64'], executable: false, lamports: 1_461_600, owner: TOKEN_PROGRAM, rentEpoch: 0, space: 82 } }
      : method === 'getLatestBlockhash'
        ? { context: { slot: 1 }, value: { blockhash: getBase58Decoder().decode(new Uint8Array(32).fill(9)), lastValidBlockHeight: 1000 } }
        : undefined
  res.setHeader('Content-Type', 'application/json')
  res.end(JSON.stringify(result ? { jsonrpc: '2.0', id, result } : { jsonrpc: '2.0', id, error: { code: -32601, message: `no ${method} here` } }))
})

/**
 * What the stub chain was asked (transactions simulated and sent, base64), whether it refuses to
 * simulate, and the requirements each settlement was checked against.
 */
const chain = { simulated: [] as string[], sent: [] as string[], refuse: false, settledFor: [] as unknown[] }

let appServer: http.Server
let base: string
let rpcUrl: string
let wallet: TransactionSigner
let feePayer: TransactionSigner

beforeAll(async () => {
  rpcServer.listen(0, '127.0.0.1')
  await once(rpcServer, 'listening')
  rpcUrl = `http://127.0.0.1:${(rpcServer.address() as AddressInfo).port}`
  wallet = await generateKeyPairSigner()
  feePayer = await generateKeyPairSigner()
  // @x402/svm's facilitator with a stub chain: its checks of the transaction are its own; the chain
  // (simulation, the fee payer's signature, sending) is the stub's.
  const facilitator = registerExactSvmScheme(new x402Facilitator(), {
    networks: DEVNET,
    signer: {
      getAddresses: () => [feePayer.address],
      signTransaction: async (transaction) => transaction,
      simulateTransaction: async (transaction) => {
        chain.simulated.push(transaction)
        if (chain.refuse) throw new Error('insufficient funds for the transfer')
      },
      sendTransaction: async (transaction) => (chain.sent.push(transaction), TX_SIGNATURE),
      confirmTransaction: async () => {},
    },
  })
  // In process, as the facilitator client the resource server calls.
  const client = {
    verify: (payload: any, requirements: any) => facilitator.verify(payload, requirements),
    settle: (payload: any, requirements: any) => (chain.settledFor.push(requirements), facilitator.settle(payload, requirements)),
    getSupported: async () => facilitator.getSupported(),
  }
  const resourceServer = new x402ResourceServer(client as never).register(DEVNET, new ExactSvmServer() as never)
  const app = express()
  app.use(
    paymentMiddlewareFromHTTPServer(
      new x402HTTPResourceServer(resourceServer, {
        'GET /article': { accepts: { scheme: 'exact', price: '$0.001', network: DEVNET, payTo: SELLER }, description: 'An article' },
      }),
    ),
  )
  app.get('/article', (_req, res) => {
    res.json({ article: 'paid for' })
  })
  appServer = app.listen(0, '127.0.0.1')
  await once(appServer, 'listening')
  base = `http://127.0.0.1:${(appServer.address() as AddressInfo).port}`
})

afterAll(async () => {
  appServer.closeAllConnections()
  rpcServer.closeAllConnections()
  await Promise.all([new Promise((r) => appServer.close(r)), new Promise((r) => rpcServer.close(r))])
})

/** A URL purchase of `url` (what PayLinkButton resource=… runs), started and ready to pay. */
async function purchaseOf(url: string) {
  const store = resourcePurchase(url)
  store.start()
  await vi.waitFor(() => expect(store.getSnapshot().status).toBe('ready'))
  return store
}

beforeEach(() => {
  rpcCalls = []
  chain.simulated = []
  chain.sent = []
  chain.refuse = false
  chain.settledFor = []
})

test("pays a Solana route with @x402/svm's client behind a PaymentSigner: one transfer of the price to the seller, checked by @x402/svm's facilitator", async () => {
  const signer = solanaSigner(wallet, rpcUrl)
  const signPayment = vi.spyOn(signer, 'signPayment')
  const response = await fetchWithPayment(`${base}/article`, undefined, { signer })
  expect(response.status).toBe(200)
  expect(await response.json()).toEqual({ article: 'paid for' })
  expect(signPayment).toHaveBeenCalledTimes(1)
  expect(decodePaymentResponse(response.headers)).toMatchObject({ success: true, transaction: TX_SIGNATURE, network: DEVNET })
  // The transaction the chain got: fee payer the facilitator's, the wallet's signature on it.
  expect(chain.sent).toHaveLength(1)
  const transaction = getTransactionDecoder().decode(getBase64Encoder().encode(chain.sent[0]!))
  const message = getCompiledTransactionMessageDecoder().decode(transaction.messageBytes)
  expect(message.staticAccounts[0]).toBe(feePayer.address)
  expect(transaction.signatures[wallet.address]).toBeTruthy()
  // What @x402/svm's facilitator held the transfer to (mint, recipient, amount): $0.001 of USDC to the seller.
  expect(chain.settledFor).toEqual([expect.objectContaining({ asset: USDC_DEVNET, amount: '1000', payTo: SELLER })])
  expect(rpcCalls).toEqual(['getAccountInfo', 'getLatestBlockhash'])
})

test("a payment @x402/svm's facilitator refuses (its simulation fails): unknown with the reason, as any x402 refusal; a second press resends the same transaction, never signs again, and nothing is sent to the chain", async () => {
  chain.refuse = true
  const store = await purchaseOf(`${base}/article`)
  const signer = solanaSigner(wallet, rpcUrl)
  const signPayment = vi.spyOn(signer, 'signPayment')
  await store.pay({ signer })
  expect(store.getSnapshot()).toMatchObject({
    status: 'unknown',
    error: { name: 'PayLinkPaymentError', reason: 'outcome_unknown', x402Reason: 'invalid_exact_svm_transaction_simulation_failed' },
  })
  await store.pay({ signer })
  expect(store.getSnapshot().status).toBe('unknown')
  expect(signPayment).toHaveBeenCalledTimes(1)
  expect(chain.simulated).toHaveLength(2)
  expect(chain.simulated[1]).toBe(chain.simulated[0])
  expect(chain.sent).toHaveLength(0)
})

test('a URL purchase (what PayLinkButton resource=… runs) shows the price, then settles with one signature and one transfer sent', async () => {
  const store = await purchaseOf(`${base}/article?by=purchase`)
  const signer = solanaSigner(wallet, rpcUrl)
  // The price the button shows before the click: devnet USDC is among the default cap's assets, so its decimals are known.
  expect(priceToPay(store.getSnapshot().paymentRequired, { signer })).toEqual({ amount: '0.001', currency: 'USDC' })
  const signPayment = vi.spyOn(signer, 'signPayment')
  await store.pay({ signer })
  expect(store.getSnapshot()).toMatchObject({ status: 'settled', proof: { transaction: TX_SIGNATURE, network: DEVNET } })
  expect(signPayment).toHaveBeenCalledTimes(1)
  expect(chain.sent).toHaveLength(1)
})

test("the signer paid with above is the README's, character for character", () => {
  const own = readFileSync(new URL(import.meta.url), 'utf8')
  const recipe = /export function solanaSigner[\s\S]*?\n}\n/.exec(own)![0]
  expect(readFileSync(new URL('../../README.md', import.meta.url), 'utf8')).toContain(recipe)
})
