import { createTestSigner } from '../../src/mock/createTestSigner.js'
import { type GateAnswer, sharedPurchase } from '../../src/payment/PurchaseStore.js'
import type { PendingPurchase } from '../../src/payment/purchaseStorage.js'
import type { PaymentRequired } from '../../src/x402/paymentRequired.js'

const BASE_USDC = '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913'

function paymentRequired(): PaymentRequired {
  const raw = { scheme: 'exact', network: 'eip155:8453', amount: '10000', asset: BASE_USDC, payTo: '0x0000000000000000000000000000000000000001', maxTimeoutSeconds: 60 }
  return { x402Version: 2, accepts: [{ x402Version: 2, ...raw, extra: {}, raw }], receivedAt: Date.now() }
}

/** A seller that asks for payment until it gets one, and counts the paid requests. */
function seller() {
  const paid: PendingPurchase[] = []
  const gate = async (payment?: PendingPurchase): Promise<GateAnswer<{ ok: true }>> => {
    if (!payment) return { required: paymentRequired() }
    paid.push(payment)
    return { accepted: { ok: true } }
  }
  return { gate, paid }
}


describe('a purchase while the wallet is open', () => {
  it('ignores a second pay and a reset: one signature, one paid request, settled', async () => {
    const { gate, paid } = seller()
    const store = sharedPurchase({}, 'url:https://seller.test/a', gate)
    const signer = createTestSigner({ delayMs: 50 })
    store.start()
    await vi.waitFor(() => expect(store.getSnapshot().status).toBe('ready'))

    const first = store.pay({ signer })
    await vi.waitFor(() => expect(store.getSnapshot().status).toBe('signing'))
    const second = store.pay({ signer })
    store.reset()
    await Promise.all([first, second])

    expect(signer.calls).toBe(1)
    expect(paid).toHaveLength(1)
    expect(store.getSnapshot().status).toBe('settled')
  })
})
