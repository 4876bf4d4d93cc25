import type { PayLinkClient } from '../client/createPayLinkClient.js'
// The x402 modules first: an app's bundler lays modules out in import order, and this one gzips
// smaller (PayLinkButton alone 7 B, the client entry 3 B).
import { paymentHeaderName, readPaymentResponse } from '../x402/paymentHeaders.js'
import { decodePaymentRequired, type PaymentRequired } from '../x402/paymentRequired.js'
import { type PayLinkRequestOptions, send } from '../client/transport.js'
import { sameRecord, validate } from '../client/validate.js'
import { type Payment, type SettlementProof, verifiedPaymentSchema, verifyInputSchema } from '../schemas/payment.js'
import type { SettleResponse } from '../x402/schemas.js'

/** Options of `verifyPayment`. */
export interface VerifyPaymentOptions extends PayLinkRequestOptions {
  /** The base64 x402 payment payload; sent as `PAYMENT-SIGNATURE` (v2) or `X-PAYMENT` (v1) by the version it encodes. */
  paymentHeader?: string | undefined
  /** One key per purchase: a repeat with the same key and payload gets the first answer, never a second charge. */
  idempotencyKey?: string | undefined
}

/**
 * The answer of the 402 gate: a step of the flow, not an error. `payment-required` lists how to
 * pay (or, after a payment was sent, means its outcome is not known yet: never sign again on it).
 */
export type VerifyPaymentResult =
  | {
      /** Not paid (yet): pay as `paymentRequired` asks. */
      status: 'payment-required'
      /** The requirements of the 402, with the x402 reason of a refused payment in its `error`. */
      paymentRequired: PaymentRequired
    }
  | {
      /** The gate took the payment. */
      status: 'paid'
      /** The payment; `payment.status` tells `verified` (settling) from `settled`. */
      payment: Payment
      /** The settlement proof of the API's answer: transaction, network, payer, amount and asset. */
      proof: SettlementProof
      /** The decoded `PAYMENT-RESPONSE` (or `X-PAYMENT-RESPONSE`) header, when the server sent one. */
      paymentResponse: SettleResponse | undefined
    }

/**
 * Asks the 402 gate to price a link (no `paymentHeader`) or to verify and settle a signed payment
 * (`POST /pub/v1/payments/verify`). A paid answer about another link's payment (a cache or a router
 * gone wrong) is a `PayLinkValidationError` on `linkCode`: the payment sent may or may not have gone
 * through, so resend the same `paymentHeader` with the same `idempotencyKey`, never a new signature.
 */
export async function verifyPayment(
  client: PayLinkClient,
  params: { code: string },
  options?: VerifyPaymentOptions,
): Promise<VerifyPaymentResult> {
  const response = await sendVerification(client, params, options)
  if (response.status === 402) {
    return { status: 'payment-required', paymentRequired: decodePaymentRequired(response) }
  }
  const { payment, proof } = validate(verifiedPaymentSchema, response.data, 'verifyPayment', 'response')
  // Another link's payment says nothing of this one's.
  sameRecord(payment, params.code, 'verifyPayment', 'linkCode')
  // The body says the payment went through: a settlement header that cannot be read does not undo that.
  return { status: 'paid', payment, proof, paymentResponse: readPaymentResponse(response.headers) }
}

/**
 * `verifyPayment`'s request (its input checked, the payment and the idempotency key in their
 * headers), and the answer as it came: a 402, or the payment accepted. A link's purchase reads that
 * answer itself, into its gate's answer.
 */
export function sendVerification(
  client: PayLinkClient,
  params: { code: string },
  { paymentHeader, signal, idempotencyKey }: VerifyPaymentOptions = {},
) {
  const body = validate(verifyInputSchema, params, 'verifyPayment', 'input')
  const headers: Record<string, string> = {}
  if (paymentHeader) headers[paymentHeaderName(paymentHeader)] = paymentHeader
  if (idempotencyKey) headers['idempotency-key'] = idempotencyKey
  return send(client, { endpoint: 'verifyPayment', path: '/payments/verify', body, headers, expect: [402], signal })
}
