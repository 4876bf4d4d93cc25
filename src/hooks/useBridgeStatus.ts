import { getBridgeStatusQueryOptions, transferLifecycle } from '../query/getBridgeStatusQueryOptions.js'
import { transferKey } from '../query/payLinkKeys.js'
import type { PollingOptions } from '../query/pollUntilSettled.js'
import type { PayLinkQueryOptions } from '../query/types.js'
import type { Transfer } from '../schemas/transfer.js'
import { usePayLinkClient } from './usePayLinkClient.js'
import { usePolledQuery } from './usePolledQuery.js'
import { useRetryAfterOptions } from './useRetryAfterOptions.js'

/** Options of `useBridgeStatus`. */
export interface UseBridgeStatusOptions {
  /** The polling policy (intervals, maximum duration, regression report). */
  polling?: PollingOptions | undefined
  /** TanStack Query options; the key and fetcher stay ours. */
  query?: PayLinkQueryOptions<Transfer, ReturnType<typeof transferKey>> | undefined
}

/**
 * Follows a cross-chain transfer until it is `completed`, `failed` or `refunded`; `isStale` says
 * polling gave up. A failure's `Retry-After` is kept until it ends, whatever the app's `gcTime`.
 */
export function useBridgeStatus(id: string | undefined, { polling, query }: UseBridgeStatusOptions = {}) {
  // Our guard first: outside a provider it names this hook, not TanStack's provider.
  const options = getBridgeStatusQueryOptions(usePayLinkClient('useBridgeStatus'), id, polling)
  // A transfer whose only answer is a failure (no data) loads on a mount whatever refetchOnMount
  // says: within that failure's Retry-After (another badge of the list, a remount) it must not.
  // Read as the hook renders: TanStack 5.48 takes `retryOnMount` as a boolean only. And the failure
  // is kept until the Retry-After ends, past the app's gcTime, and through hydration.
  const wait = useRetryAfterOptions(options.queryKey)
  return usePolledQuery({ ...options, retryOnMount: !wait?.gcTime, ...wait }, transferLifecycle, query, polling)
}
