import { type Query, type QueryKey, useQuery, type UseQueryOptions } from '@tanstack/react-query'
import type { PayLinkError } from '../client/errors.js'
import type { PayLinkQueryOptions } from '../query/types.js'

/**
 * `useQuery` with a factory's options under the caller's `query` bag: the caller's options win
 * (`staleTime`, `retry`, `refetchInterval`, …), but the key and fetcher stay ours, and both
 * `enabled` must allow it.
 */
export function usePayLinkQuery<T, K extends QueryKey>(
  options: UseQueryOptions<T, PayLinkError, T, K> & { queryKey: K },
  query: PayLinkQueryOptions<T, K> | undefined,
) {
  // False when either is false; else a function asking both (either may be one, reading the query).
  const enabled =
    options.enabled !== false &&
    query?.enabled !== false &&
    ((q: Query<T, PayLinkError, T, K>) => [options.enabled, query?.enabled].every((e) => typeof e !== 'function' || e(q)))
  return useQuery({ ...options, ...query, queryKey: options.queryKey, queryFn: options.queryFn, enabled })
}
