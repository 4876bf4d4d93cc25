'use client'
// The root entry, `@paylink/react`: the client, the query layer and the hooks.
export * from './client.js'
export * from './x402.js'
export { PayLinkProvider, type PayLinkProviderProps, usePayLinkClient } from './hooks/PayLinkProvider.js'
export { type UseLinkOptions, useLink } from './hooks/useLink.js'
export { type UseCreateLinkOptions, useCreateLink } from './hooks/useCreateLink.js'
export { type UseVerifyPaymentOptions, useVerifyPayment } from './hooks/useVerifyPayment.js'
export { type UsePaymentOptions, usePayment } from './hooks/usePayment.js'
export { type UseAttentionTokenOptions, useAttentionToken } from './hooks/useAttentionToken.js'
export { type UseBridgeStatusOptions, useBridgeStatus } from './hooks/useBridgeStatus.js'
export { type UseFeeEstimateOptions, useFeeEstimate } from './hooks/useFeeEstimate.js'
export { type UsePayLinkOptions, usePayLink } from './hooks/usePayLink.js'
export type { PolledQueryResult } from './hooks/usePolledQuery.js'
export * from './query.js'
export type { PayOptions, PurchaseState, PurchaseStatus } from './payment/PurchaseStore.js'
export type { LinkPurchaseResult } from './payment/linkPurchase.js'
export {
  BridgeStatusBadge,
  type BridgeStatusBadgeLabels,
  type BridgeStatusBadgeProps,
  type BridgeStatusBadgeState,
  bridgeStatusBadgeState,
  defaultBridgeStatusBadgeLabels,
} from './components/BridgeStatusBadge.js'
export {
  defaultFeeEstimateLabels,
  FeeEstimate,
  type FeeEstimateLabels,
  type FeeEstimateProps,
  type FeeEstimateState,
  feeEstimateState,
} from './components/FeeEstimate.js'
export { AttentionTracker, type AttentionTrackerElement, type AttentionTrackerProps } from './components/AttentionTracker.js'
export { type AttentionTrackerState, attentionTrackerState } from './components/attentionTrackerState.js'
export type { AttentionPhase, AttentionReport } from './components/AttentionReporter.js'
export type { DurationUnit } from './components/format.js'
export { PayLinkButton, type PayLinkButtonProof, type PayLinkButtonProps } from './components/PayLinkButton.js'
export { defaultPayLinkButtonLabels, type PayLinkButtonLabels, type PayLinkButtonPrice } from './components/PayLinkButtonLabels.js'
export { type PayLinkButtonState, type PayLinkButtonStateInput, payLinkButtonState } from './components/payLinkButtonState.js'
export { type PayResourceState, type UsePayResourceOptions, usePayResource } from './hooks/usePayResource.js'
