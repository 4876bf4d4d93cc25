import { type QueryKey, useQueryClient } from '@tanstack/react-query'
import { retryAfterEnd } from '../query/retryAfterEnd.js'

/**
 * The ms left of the `Retry-After` of the last failure of the query under `queryKey`, as the hook
 * renders; 0 or less when none holds. The hook holding it gives its query a `gcTime` that long:
 * an app's shorter one (0, as some set by default) would drop the failure, and a remount or a return
 * to the same parameters would ask again at once, into the same refusal (TanStack keeps the longest
 * `gcTime` a query was given).
 */
export function useRetryAfterLeft(queryKey: QueryKey): number {
  const state = useQueryClient().getQueryState(queryKey)
  return state ? retryAfterEnd(state) - Date.now() : 0
}
