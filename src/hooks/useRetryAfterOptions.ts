import { useQueryClient } from '../peers/query.js'
import type { QueryKey } from '@tanstack/react-query'
import { useSyncExternalStore } from '../peers/react.js'
import { noop } from '../client/timerDelay.js'
import { retryAfterEnd } from '../query/retryAfterEnd.js'

/**
 * The options that keep the `Retry-After` of the last failure of the query under `queryKey`, as the
 * hook renders: while it lasts, a `gcTime` that long, as an app's shorter one (0, as some set by
 * default) would drop the failure, and a remount or a return to the same parameters would ask again
 * at once, into the same refusal (TanStack keeps the longest `gcTime` a query was given).
 */
export function useRetryAfterOptions(queryKey: QueryKey): { gcTime?: number; enabled?: false } | undefined {
  const hydrating = useSyncExternalStore(noop, () => false, () => true)
  // No query yet: no failure, no wait.
  const state = useQueryClient().getQueryState(queryKey) ?? { error: null, errorUpdatedAt: 0 }
  const end = retryAfterEnd(state)
  // A failure the server rendered within its Retry-After, hydrated after it ended (a short one, or
  // a device clock ahead): TanStack would render a fetch on mount, "loading" where the server wrote
  // the failure, and React would throw the page's markup away. Disabled while hydrating, the query
  // renders as the server's did; it is enabled again on the render right after, and asks then.
  return end > Date.now() ? { gcTime: end - Date.now() } : hydrating && end > state.errorUpdatedAt ? { enabled: false } : undefined
}
