import { type VerifyPaymentResult, verifyPayment } from '../actions/verifyPayment.js'
import type { PayLinkClient } from '../client/createPayLinkClient.js'
import type { PayLinkHttpError } from '../client/errors.js'
import type { Payment, SettlementProof } from '../schemas/payment.js'
import { isRefusal } from '../x402/isRefusal.js'
import { type GateAnswer, type PurchaseStore, sharedPurchase } from './PurchaseStore.js'

/** What the 402 gate of a link sends back for an accepted payment. */
export interface LinkPurchaseResult {
  payment: Payment
  proof: SettlementProof
}

/** The purchase of a link on the API of a client: every hook showing that link shares it, so one click is one purchase. */
export function linkPurchase(client: PayLinkClient, code: string): PurchaseStore<LinkPurchaseResult> {
  return sharedPurchase<LinkPurchaseResult>(client, `link:${client.baseUrl}|${code}`, async (payment) => {
    try {
      // A 402's result carries `paymentRequired`: a gate answer as it is. A paid one's `payment` and
      // `proof` are what the purchase keeps (the settlement header, `paymentResponse`, is not).
      const { status, paymentResponse, ...answer } = (await verifyPayment(client, { code }, payment)) as VerifyPaymentResult & { paymentResponse?: unknown }
      return status === 'paid' ? { accepted: answer as LinkPurchaseResult } : (answer as GateAnswer<LinkPurchaseResult>)
    } catch (error: any) {
      // Told apart by `name`, as the errors' docs advise: the button then bundles no PayLinkHttpError class.
      // A paid request refused on a retry may have gone through on the attempt before (a time-out, a
      // 504 after the server took it): not a refusal, but no answer, which keeps the payment to resend.
      if (error?.name === 'PayLinkHttpError' && isRefusal(error.status) && !(payment && error.attempt > 1)) return { error: error as PayLinkHttpError }
      throw error
    }
  })
}
