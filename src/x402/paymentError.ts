import { PayLinkPaymentError, type PaymentErrorReason } from '../client/errors.js'

/** A `PayLinkPaymentError` from its fields in order: one call for the x402 client's payment errors. */
export const paymentError = (reason: PaymentErrorReason, message: string, details?: string, cause?: unknown) =>
  new PayLinkPaymentError({ reason, message, details, cause })
