import { type QueryKey, type useQuery, useQueryClient, type UseQueryOptions } from '@tanstack/react-query'
import type { PayLinkError } from '../client/errors.js'
import { type Lifecycle, MAX_DURATION_MS, type PollingOptions, startedAt } from '../query/pollUntilSettled.js'
import type { PayLinkQueryOptions } from '../query/types.js'
import { usePayLinkQuery } from './usePayLinkQuery.js'

/** A polled query's result; `isStale` is true once polling gave up (`maxDurationMs` passed without a terminal status). */
export type PolledQueryResult<T> = ReturnType<typeof useQuery<T, PayLinkError>> & {
  /** Polling stopped after `maxDurationMs` without a terminal status: say "taking longer than usual". */
  isStale: boolean
}

/** `useQuery` with the polling policy's `isStale`, shared by `usePayment` (and a purchase following its payment) and `useBridgeStatus`. */
export function usePolledQuery<T extends { status: string }, K extends QueryKey>(
  options: UseQueryOptions<T, PayLinkError, T, K> & { queryKey: K },
  query: PayLinkQueryOptions<T, K> | undefined,
  lifecycle: Lifecycle,
  polling: PollingOptions | undefined,
): PolledQueryResult<T> {
  const result = usePayLinkQuery(options, query)
  const cached = useQueryClient().getQueryCache().find({ queryKey: options.queryKey, exact: true })
  const { maxDurationMs = MAX_DURATION_MS } = polling ?? {}
  // Polling gave up: `maxDurationMs` passed since the first answer and the status is still not
  // terminal. Before its first answer a query has no start, the sum is NaN and the answer false.
  const isStale = !lifecycle.terminal.includes(result.data?.status!) && startedAt.get(cached!)! + maxDurationMs <= Date.now()
  // Polling gives up with an answer (or an error) that can equal the last one: reading their times
  // here re-renders on every answer, so that `isStale` turns true when it does.
  void [result.dataUpdatedAt, result.errorUpdatedAt]
  // Not a spread, which would read (and so track) every field: through TanStack's result, a
  // component re-renders only for the fields it reads, not for each `isFetching` of each poll.
  // (`target[key]` reads a getter as Reflect.get without a receiver does: on the target.)
  return new Proxy(result, { get: (target, key) => (key === 'isStale' ? isStale : target[key as keyof typeof target]) }) as PolledQueryResult<T>
}
