import { useQuery } from '@tanstack/react-query'
import { estimateFeesQueryOptions } from '../query/estimateFeesQueryOptions.js'
import type { feesKey } from '../query/payLinkKeys.js'
import type { PayLinkQueryOptions } from '../query/types.js'
import type { FeeEstimate, FeeEstimateParams } from '../schemas/fees.js'
import { usePayLinkClient } from './PayLinkProvider.js'

/** Options of `useFeeEstimate`. */
export interface UseFeeEstimateOptions {
  /** TanStack Query options; the key and fetcher stay ours. */
  query?: PayLinkQueryOptions<FeeEstimate, ReturnType<typeof feesKey>>
}

/**
 * Quotes the fees of a transfer: waits for a complete set of parameters, keeps the previous quote
 * on screen while they change (`isPlaceholderData`), and re-quotes when the quote expires.
 */
export function useFeeEstimate(params: Partial<FeeEstimateParams> | undefined, { query }: UseFeeEstimateOptions = {}) {
  const options = estimateFeesQueryOptions(usePayLinkClient('useFeeEstimate'), params)
  return useQuery({ ...query, ...options, enabled: options.enabled && (query?.enabled ?? true) })
}
