import { getBridgeStatusQueryOptions, transferLifecycle } from '../query/getBridgeStatusQueryOptions.js'
import type { transferKey } from '../query/payLinkKeys.js'
import type { PollingOptions } from '../query/pollUntilSettled.js'
import type { PayLinkQueryOptions } from '../query/types.js'
import type { Transfer } from '../schemas/transfer.js'
import { usePayLinkClient } from './usePayLinkClient.js'
import { usePolledQuery } from './usePolledQuery.js'

/** Options of `useBridgeStatus`. */
export interface UseBridgeStatusOptions {
  /** The polling policy (intervals, maximum duration, regression report). */
  polling?: PollingOptions | undefined
  /** TanStack Query options; the key and fetcher stay ours. */
  query?: PayLinkQueryOptions<Transfer, ReturnType<typeof transferKey>> | undefined
}

/** Follows a cross-chain transfer until it is `completed`, `failed` or `refunded`; `isStale` says polling gave up. */
export function useBridgeStatus(id: string | undefined, { polling, query }: UseBridgeStatusOptions = {}) {
  return usePolledQuery(getBridgeStatusQueryOptions(usePayLinkClient('useBridgeStatus'), id, polling), transferLifecycle, query, polling)
}
