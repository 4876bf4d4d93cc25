import type { QueryKey, UseQueryOptions } from '@tanstack/react-query'
import { focusManager, onlineManager, useQuery, useQueryClient } from '../peers/query.js'
import { useMemo, useSyncExternalStore } from '../peers/react.js'
import { timerDelay } from '../client/timerDelay.js'
import type { PayLinkErrorType } from '../client/errors.js'
import { type Lifecycle, MAX_DURATION_MS, type PollingOptions, startedAt } from '../query/pollUntilSettled.js'
import type { PayLinkQueryOptions } from '../query/types.js'
import { withQueryBag } from './usePayLinkQuery.js'

/** A polled query's result; `isStale` is true once polling gave up (`maxDurationMs` passed without a terminal status). */
export type PolledQueryResult<T> = ReturnType<typeof useQuery<T, PayLinkErrorType>> & {
  /** Polling stopped after `maxDurationMs` without a terminal status: say "taking longer than usual". */
  isStale: boolean
}

/** `useQuery` with the polling policy's `isStale`, shared by `usePayment` and `useBridgeStatus`. */
export function usePolledQuery<T extends { status: string }, K extends QueryKey>(
  options: UseQueryOptions<T, PayLinkErrorType, T, K> & { queryKey: K },
  lifecycle: Lifecycle,
  query?: PayLinkQueryOptions<T, K> | undefined,
  polling?: PollingOptions | undefined,
): PolledQueryResult<T> {
  // Not an app's default notifyOnChangeProps (['data', 'error']), under which a deadline's answer
  // equal to the last renders nothing: TanStack's tracking, which the times read below rely on.
  const [result, isStale, end] = usePolledQueryState(withQueryBag({ ...options, notifyOnChangeProps: undefined }, query), lifecycle, polling?.maxDurationMs)
  // Polling gives up with an answer (or an error) that can equal the last one: reading their times
  // here re-renders on every answer, so that `isStale` turns true when it does.
  void [result.dataUpdatedAt, result.errorUpdatedAt]
  // TanStack's poll timer keeps its period while the tab is hidden, asking nothing: one that ran out
  // at the deadline there would ask after it once the tab shows (inside a Retry-After too, which holds
  // the focus refetch back). A render as a moving record's tab shows sets the timer anew (none past
  // the deadline), and shows `isStale` then. (Its value renders nothing: the server's may differ.)
  const shown = () => !lifecycle.terminal.includes(result.data?.status!) && focusManager.isFocused()
  useSyncExternalStore(focusManager.subscribe, shown, shown)
  // Offline, the last poll waits for the network, and no answer renders the deadline (`end`): a
  // timer does, so that `isStale` shows then, not once back online. Online it renders nothing (the
  // snapshot stays false): the last poll's answer does, as before. None before the first answer (NaN)
  // nor for polling that never gives up (Infinity, which Node warns of at every timer); made once
  // per deadline, not at every render.
  const offlinePast = () => end <= Date.now() && !onlineManager.isOnline()
  const untilEnd = useMemo(
    () => (render: () => void) => {
      const timer = end < Infinity ? setTimeout(render, timerDelay(end - Date.now())) : undefined
      return () => clearTimeout(timer)
    },
    [end],
  )
  useSyncExternalStore(untilEnd, offlinePast, offlinePast)
  // Not a spread, which would read (and so track) every field: through TanStack's result, a
  // component re-renders only for the fields it reads, not for each `isFetching` of each poll.
  // (`target[key]` reads a getter as Reflect.get without a receiver does: on the target.)
  return new Proxy(result, { get: (target, key) => (key === 'isStale' ? isStale : target[key as keyof typeof target]) }) as PolledQueryResult<T>
}

/**
 * `usePolledQuery`'s query result and `isStale` apart, for a caller that reads both itself (a
 * purchase following its payment), and so needs no proxy over the result; of the polling
 * options, it reads `maxDurationMs`. `options` are run as they are: a caller's `query` bag is
 * merged in first (`withQueryBag`), so that a caller without one bundles no merging. `isStale` is
 * looked at again on a render only: the caller reads a field of the result that changes with
 * every answer (usePolledQuery the answers' times, a purchase its `isFetching`), as polling gives
 * up with an answer that can equal the last one.
 */
export function usePolledQueryState<T extends { status: string }, K extends QueryKey>(
  options: UseQueryOptions<T, PayLinkErrorType, T, K> & { queryKey: K },
  lifecycle: Lifecycle,
  maxDurationMs = MAX_DURATION_MS,
) {
  const result = useQuery(options)
  // `find` matches the key exactly unless told otherwise (TanStack Query 5.0 on).
  const cached = useQueryClient().getQueryCache().find({ queryKey: options.queryKey })
  // Then `isStale`: polling gave up, as `maxDurationMs` passed since the first answer and the status
  // is still not terminal. Before its first answer a query has no start, the sum is NaN and the answer false.
  const end = startedAt.get(cached!)! + maxDurationMs
  return [result, !lifecycle.terminal.includes(result.data?.status!) && end <= Date.now(), end] as const
}
