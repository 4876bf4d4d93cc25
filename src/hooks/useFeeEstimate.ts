import { estimateFeesQueryOptions } from '../query/estimateFeesQueryOptions.js'
import type { feesKey } from '../query/payLinkKeys.js'
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
 * on screen while they change (`isPlaceholderData`), and re-quotes when the quote expires.
 */
export function useFeeEstimate<TSelected = FeeEstimate>(params: PartialOrUndefined<FeeEstimateParams> | undefined, options?: UseFeeEstimateOptions<TSelected>) {
  return usePayLinkQuery(estimateFeesQueryOptions(usePayLinkClient('useFeeEstimate'), params), options?.query)
}
