import { PayLinkError, type PayLinkErrorType } from '../client/errors.js'
import { decodePaymentRequired } from '../x402/paymentRequired.js'
import { paymentHeaderName, readPaymentResponse } from '../x402/paymentHeaders.js'
import type { SettleResponse } from '../x402/schemas.js'
import { type SendX402Options, sendX402 } from '../x402/sendX402.js'
import { isRefusal } from '../x402/isRefusal.js'
import { type PurchaseStore, sharedPurchase } from './PurchaseStore.js'

/** What an x402 URL sends back for an accepted payment. */
export interface ResourcePurchaseResult {
  /** The settlement the server sent with the paid answer, if it sent one that could be read. */
  proof?: SettleResponse | undefined
  /**
   * The paid-for answer, its body unread. Not always a 2xx: a server that settles before its handler
   * runs sends the handler's error (a 404 for an item gone) with a successful `proof`.
   */
  response: Response
}

/**
 * The purchase of an x402 URL, fetched with GET, shared by every hook on the page, whatever its
 * client: the URL's requests carry none of a client's headers, so a client made anew (a session
 * token refreshed) must not make a payment in flight another purchase, signed again. Its 402 read
 * on mount only previews the price; each purchase asks for fresh requirements. No
 * `Idempotency-Key` is sent: an x402 server does not expect one, and an extra header can fail its
 * CORS preflight. `options` (the time-out) are the latest caller's.
 */
export function resourcePurchase(url: string, options: SendX402Options = {}): PurchaseStore<ResourcePurchaseResult> {
  return sharedPurchase<ResourcePurchaseResult>(
    // A scope that is no client: one purchase (and one stored payment) per URL.
    sharedPurchase,
    `url:${url}`,
    async (payment) => {
      const answer = await sendX402(new Request(url, { headers: payment && { [paymentHeaderName(payment.paymentHeader)]: payment.paymentHeader } }), options)
      const { response } = answer
      // Only a paid request's settlement is read: one sent back to an unpaid request settles nothing
      // (a success would pass a 402 for paid content, a failure hide its requirements).
      const proof = payment && readPaymentResponse(response.headers)
      // A settled payment is paid for, whatever the answer: a server that settles before its handler
      // runs (x402's `upfront` flow) sends the receipt with the handler's 4xx or 5xx.
      if (response.ok || proof?.success) return { accepted: { response, proof } }
      // A failed settlement's reason is in its receipt: x402's reference server sends no new requirements with it.
      if (response.status === 402) return proof?.errorReason ? { x402Reason: proof.errorReason } : { paymentRequired: decodePaymentRequired(answer) }
      const error = new PayLinkError(`The resource answered HTTP ${response.status}`) as PayLinkErrorType
      // A refusal charged nothing, unless the seller takes the money before its handler runs and its
      // receipt could not be read (a cross-origin server that does not expose it): then it may have.
      if (isRefusal(response.status) && (proof || !payment?.settlesFirst)) return { error }
      throw error
    },
    true,
  )
}
