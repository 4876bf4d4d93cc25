import { PayLinkPaymentError, type PaymentErrorReason } from '../client/errors.js'

/** A `PayLinkPaymentError` from its fields in order: one call for every payment error but `fetchWithPayment`'s last. */
export const paymentError = (reason: PaymentErrorReason, message: string, details?: string, cause?: unknown, x402Reason?: string) =>
  new PayLinkPaymentError({ reason, message, details, cause, x402Reason })
