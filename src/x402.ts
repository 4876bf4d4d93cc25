// The `@paylink/react/x402` entry: pay any x402 server (v1 and v2) with a signer and a spend cap.
// Apart from the client so that an app that only reads links or transfers does not carry it. No React.
export { type FetchWithPaymentOptions, fetchWithPayment } from './x402/fetchWithPayment.js'
export { type SelectPaymentRequirementOptions, selectPaymentRequirement } from './x402/selectPaymentRequirement.js'
export { createPaymentHeader, type PaymentHeader, type PaymentHeaderContext } from './x402/createPaymentHeader.js'
export type { PaymentSigner, PaymentSignerContext } from './x402/paymentSigner.js'
export { signerSupports } from './x402/signerSupports.js'
export { DEFAULT_MAX_AMOUNT, type MaxAmount } from './x402/maxAmount.js'
export { decodePaymentRequired, type PaymentRequired, type PaymentRequirement } from './x402/paymentRequired.js'
export { decodePaymentResponse, paymentHeaderName } from './x402/paymentHeaders.js'
export { PayLinkPaymentError, type PaymentErrorReason, PayLinkX402Error, type X402ErrorReason } from './client/errors.js'
