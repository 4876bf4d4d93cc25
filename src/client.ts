// The framework-agnostic entry, `@paylink/react/client`: no React in here or below.
export { createLink } from './actions/createLink.js'
export { getLink } from './actions/getLink.js'
export { type VerifyPaymentOptions, type VerifyPaymentResult, verifyPayment } from './actions/verifyPayment.js'
export { getPayment } from './actions/getPayment.js'
export { createAttentionToken } from './actions/createAttentionToken.js'
export { getBridgeStatus } from './actions/getBridgeStatus.js'
export { estimateFees } from './actions/estimateFees.js'
export {
  createPayLinkClient,
  defaultRetryPolicy,
  type PayLinkClient,
  type PayLinkClientOptions,
  type RetryPolicy,
} from './client/createPayLinkClient.js'
export type { PayLinkRequestOptions } from './client/transport.js'
export type { PartialOrUndefined } from './client/PartialOrUndefined.js'
export {
  PayLinkConfigError,
  type PayLinkEndpoint,
  PayLinkError,
  type PayLinkErrorName,
  type PayLinkErrorType,
  PayLinkHttpError,
  type PayLinkIssue,
  PayLinkNetworkError,
  PayLinkValidationError,
  PayLinkPaymentError,
  type PaymentErrorReason,
  PayLinkX402Error,
  type X402ErrorReason,
} from './client/errors.js'
export { parseErrorBody, type ParsedErrorBody } from './client/parseErrorBody.js'
export { parseTimestamp } from './schemas/parseTimestamp.js'
export type { Price } from './schemas/price.js'
export type { CreateLinkInput } from './schemas/createLinkInput.js'
export { type Link, LINK_MODELS, type LinkModel } from './schemas/link.js'
export {
  type Payment,
  PAYMENT_STATUSES,
  type PaymentStatus,
  type SettlementProof,
  TERMINAL_PAYMENT_STATUSES,
} from './schemas/payment.js'
export type { AttentionSession, AttentionTokenInput } from './schemas/attention.js'
export {
  TERMINAL_TRANSFER_STATUSES,
  type Transfer,
  TRANSFER_STATUSES,
  type TransferStatus,
} from './schemas/transfer.js'
export {
  type FeeAmount,
  type FeeEstimate,
  type FeeEstimateParams,
  parseDurationSeconds,
  parseFeeAmount,
} from './schemas/fees.js'
export { decodePaymentRequired, type PaymentRequired, type PaymentRequirement } from './x402/paymentRequired.js'
export { decodePaymentResponse, paymentHeaderName } from './x402/paymentHeaders.js'
export type { PaymentPayload, PaymentPayloadV1, PaymentPayloadV2, ResourceInfo, SettleResponse } from './x402/schemas.js'
