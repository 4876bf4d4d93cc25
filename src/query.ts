// The `@paylink/react/query` entry: query keys and TanStack option factories, without React and
// without "use client", so a Server Component can prefetch with them (queryClient.prefetchQuery).
export { payLinkKeys } from './query/payLinkKeys.js'
export { getLinkQueryOptions } from './query/getLinkQueryOptions.js'
export { getPaymentQueryOptions, paymentLifecycle } from './query/getPaymentQueryOptions.js'
export { getBridgeStatusQueryOptions, transferLifecycle } from './query/getBridgeStatusQueryOptions.js'
export { estimateFeesQueryOptions } from './query/estimateFeesQueryOptions.js'
export { createLinkMutationOptions } from './query/createLinkMutationOptions.js'
export { type VerifyPaymentVariables, verifyPaymentMutationOptions } from './query/verifyPaymentMutationOptions.js'
export { createAttentionTokenMutationOptions } from './query/createAttentionTokenMutationOptions.js'
export { type Lifecycle, type PollingOptions, pollUntilSettled } from './query/pollUntilSettled.js'
export type { PayLinkMutationOptions, PayLinkQueryOptions, TaggedMutationOptions, TaggedQueryKey, TaggedQueryOptions } from './query/types.js'
