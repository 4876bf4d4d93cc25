import { estimateFeesQueryOptions } from '../query/estimateFeesQueryOptions.js'
import type { feesKey } from '../query/payLinkKeys.js'
import type { PayLinkQueryOptions } from '../query/types.js'
import type { FeeEstimate, FeeEstimateParams } from '../schemas/fees.js'
import { usePayLinkClient } from './usePayLinkClient.js'
import { useRetryAfterOptions } from './useRetryAfterOptions.js'
import { usePayLinkQuery } from './usePayLinkQuery.js'
import type { PartialOrUndefined } from '../client/PartialOrUndefined.js'

/** Options of `useFeeEstimate`. */
export interface UseFeeEstimateOptions<TSelected = FeeEstimate> {
  /** TanStack Query options; the key and fetcher stay ours. A `select` makes the hook's `data`. */
  query?: PayLinkQueryOptions<FeeEstimate, ReturnType<typeof feesKey>, TSelected> | undefined
}

/**
 * Quotes the fees of a transfer: waits for a complete set of parameters, keeps the previous quote
 * on screen while they change (`isPlaceholderData`), and re-quotes when the quote expires. A failure's
 * `Retry-After` is kept until it ends, whatever the app's `gcTime`.
 */
export function useFeeEstimate<TSelected = FeeEstimate>(params: PartialOrUndefined<FeeEstimateParams> | undefined, options?: UseFeeEstimateOptions<TSelected>) {
  const factory = estimateFeesQueryOptions(usePayLinkClient('useFeeEstimate'), params)
  // The query holds the Retry-After (see afterRetryAfter) past the app's gcTime, and through hydration.
  return usePayLinkQuery({ ...factory, ...useRetryAfterOptions(factory.queryKey) }, options?.query)
}
