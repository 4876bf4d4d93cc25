import { useQueryClient } from '@tanstack/react-query'
import { estimateFeesQueryOptions } from '../query/estimateFeesQueryOptions.js'
import type { feesKey } from '../query/payLinkKeys.js'
import { retryAfterEnd } from '../query/retryAfterEnd.js'
import type { PayLinkQueryOptions } from '../query/types.js'
import type { FeeEstimate, FeeEstimateParams } from '../schemas/fees.js'
import { usePayLinkClient } from './usePayLinkClient.js'
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
  const state = useQueryClient().getQueryState(factory.queryKey)
  // The query holds the Retry-After (see afterRetryAfter): an app's gcTime shorter than it (0, as
  // some set by default) would drop it once the parameters change, and a return to them would ask
  // again at once, into the same refusal. TanStack keeps the longest gcTime a query was given.
  const wait = state ? retryAfterEnd(state) - Date.now() : 0
  return usePayLinkQuery(wait > 0 ? { ...factory, gcTime: wait } : factory, options?.query)
}
