import { createPayLinkClient } from '../../src/client/createPayLinkClient.js'
import { identityHashes } from '../../src/client/transport.js'
import { createTestSigner } from '../../src/mock/createTestSigner.js'
import { forgetPurchases } from '../../src/payment/forgetPurchases.js'
import { type GateAnswer, type PendingPurchase, sharedPurchase } from '../../src/payment/PurchaseStore.js'
import type { PaymentRequired } from '../../src/x402/paymentRequired.js'

// The identity of a client's API (attachTransport) names its purchases, in memory and in
// sessionStorage: two clients whose requests carry the same headers are one API, whatever the order
// the app listed the headers in.

const BASE_USDC = '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913'

function paymentRequired(): PaymentRequired {
  const raw = { scheme: 'exact', network: 'eip155:8453', amount: '10000', asset: BASE_USDC, payTo: '0x0000000000000000000000000000000000000001', maxTimeoutSeconds: 60 }
  return { x402Version: 2, accepts: [{ x402Version: 2, ...raw, extra: {}, raw }], receivedAt: Date.now() }
}

function memoryStorage() {
  const map = new Map<string, string>()
  return {
    map,
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
    removeItem: (key: string) => void map.delete(key),
  }
}

afterEach(() => vi.unstubAllGlobals())

describe('two clients whose requests carry the same headers, listed in another order', () => {
  it('are one API: a payment signed under the first and kept over a reload is resent under the second, never signed again', async () => {
    vi.stubGlobal('sessionStorage', memoryStorage())
    const baseUrl = 'https://api.paylink.test'
    // The same two headers, the object built in another order after the reload (another code path, a merge).
    const before = createPayLinkClient({ baseUrl, headers: { Authorization: 'Bearer alice', 'X-Tenant': 'shop' } })
    const after = createPayLinkClient({ baseUrl, headers: { 'x-tenant': 'shop', authorization: 'Bearer alice' } })
    const key = 'link:https://api.paylink.test|order'
    const signer = createTestSigner()

    // The paid request gets no answer: the outcome is unknown, the payment kept to be resent.
    const lost: PendingPurchase[] = []
    const first = sharedPurchase(before, key, async (payment?: PendingPurchase): Promise<GateAnswer<{ ok: true }>> => {
      if (!payment) return { paymentRequired: paymentRequired() }
      lost.push(payment)
      throw new TypeError('Failed to fetch')
    })
    first.start()
    await vi.waitFor(() => expect(first.getSnapshot().status).toBe('ready'))
    await first.pay({ signer })
    expect(first.getSnapshot().status).toBe('unknown')

    // A reload: only sessionStorage survived.
    forgetPurchases()
    const resent: PendingPurchase[] = []
    const second = sharedPurchase(after, key, async (payment?: PendingPurchase): Promise<GateAnswer<{ ok: true }>> => {
      if (!payment) return { paymentRequired: paymentRequired() }
      resent.push(payment)
      return { accepted: { ok: true } }
    })
    second.start()
    await vi.waitFor(() => expect(second.getSnapshot().status).not.toMatch(/idle|loading/))
    await second.pay({ signer })
    await vi.waitFor(() => expect(second.getSnapshot().status).toBe('settled'))
    expect(resent).toEqual(lost)
    expect(signer.calls).toBe(1)
  })
})

describe('two clients of different APIs with the same headers', () => {
  // The hash names a client's purchases in sessionStorage: one shared by two APIs would resend a
  // payment signed for one to the other.
  it('name their stored purchases apart, whichever part of the base URL differs', () => {
    const urls = ['https://api.paylink.test', 'https://api.paylink.dev', 'https://sandbox.paylink.test', 'http://api.paylink.test']
    const hashes = urls.map((baseUrl) => identityHashes.get(createPayLinkClient({ baseUrl })))

    expect(new Set(hashes).size).toBe(urls.length)
  })
})
