import { verifyPayment } from '../actions/verifyPayment.js'
import type { PayLinkClient } from '../client/createPayLinkClient.js'
import { PayLinkHttpError } from '../client/errors.js'
import type { Payment, SettlementProof } from '../schemas/payment.js'
import { isRefusal } from '../x402/isRefusal.js'
import { createPurchaseStore, type PurchaseStore } from './PurchaseStore.js'

/** What the 402 gate of a link sends back for an accepted payment. */
export interface LinkPurchaseResult {
  payment: Payment
  proof: SettlementProof
}

const stores = new WeakMap<PayLinkClient, Map<string, PurchaseStore<LinkPurchaseResult>>>()

/** The purchase of a link for a client: every hook showing that link shares it, so one click is one purchase. */
export function linkPurchase(client: PayLinkClient, code: string): PurchaseStore<LinkPurchaseResult> {
  let byCode = stores.get(client)
  if (!byCode) stores.set(client, (byCode = new Map()))
  let store = byCode.get(code)
  if (!store) {
    store = createPurchaseStore<LinkPurchaseResult>(async (payment) => {
      try {
        const result = await verifyPayment(client, { code }, payment)
        return result.status === 'paid'
          ? { accepted: { payment: result.payment, proof: result.proof } }
          : { required: result.paymentRequired }
      } catch (error) {
        if (error instanceof PayLinkHttpError && isRefusal(error.status)) return { refused: error }
        throw error
      }
    }, `${client.baseUrl}|${code}`)
    byCode.set(code, store)
  }
  return store
}
