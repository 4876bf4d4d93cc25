import { sendVerification } from '../actions/verifyPayment.js'
import type { PayLinkClient } from '../client/createPayLinkClient.js'
import type { PayLinkHttpError } from '../client/errors.js'
import { sameRecord, validate } from '../client/validate.js'
import { type Payment, type SettlementProof, verifiedPaymentSchema } from '../schemas/payment.js'
import { isRefusal } from '../x402/isRefusal.js'
import { decodePaymentRequired } from '../x402/paymentRequired.js'
import { type PurchaseStore, sharedPurchase } from './PurchaseStore.js'

/** What the 402 gate of a link sends back for an accepted payment. */
export interface LinkPurchaseResult {
  /** The payment, as the API records it. */
  payment: Payment
  /** The settlement's proof (its transaction). */
  proof: SettlementProof
}

/** The purchase of a link on the API of a client: every hook showing that link shares it, so one click is one purchase. */
export function linkPurchase(client: PayLinkClient, code: string): PurchaseStore<LinkPurchaseResult> {
  return sharedPurchase<LinkPurchaseResult>(client, `link:${client.baseUrl}|${code}`, async (pending) => {
    try {
      // verifyPayment's request, its answer read as verifyPayment reads it, but into a gate's answer:
      // the purchase keeps a paid answer's `payment` and `proof`, not its settlement header, so the
      // bundle carries neither verifyPayment's result nor that header's read (48 B gzip in
      // PayLinkButton's).
      const response = await sendVerification(client, { code }, pending)
      if (response.status === 402) return { paymentRequired: decodePaymentRequired(response) }
      const { payment, proof } = validate(verifiedPaymentSchema, response.data, 'verifyPayment', 'response')
      // A payment of another link (a cache or a router gone wrong) says nothing of this one's: thrown,
      // it leaves the outcome unknown and the signed payment kept to resend, never "Paid" for it.
      return { accepted: { payment: sameRecord(payment, code, 'verifyPayment', 'linkCode'), proof } }
    } catch (error: any) {
      // Told apart by `name`, as the errors' docs advise: the button then bundles no PayLinkHttpError class.
      // A paid request refused on a retry may have gone through on the attempt before (a time-out, a
      // 504 after the server took it): not a refusal, but no answer, which keeps the payment to resend.
      if (error?.name === 'PayLinkHttpError' && isRefusal(error.status) && !(pending && error.attempt > 1)) return { error: error as PayLinkHttpError }
      throw error
    }
  })
}
