import { useQuery } from '../peers/query.js'
import type { Query, QueryKey, UseQueryOptions } from '@tanstack/react-query'
import type { PayLinkErrorType } from '../client/errors.js'
import type { PayLinkQueryOptions } from '../query/types.js'

/**
 * `useQuery` with a factory's options under the caller's `query` bag: the caller's options win
 * (`staleTime`, `retry`, `refetchInterval`, …), but the key and fetcher stay ours, and both
 * `enabled` must allow it.
 */
export function usePayLinkQuery<T, K extends QueryKey, S = T>(
  options: UseQueryOptions<T, PayLinkErrorType, T, K> & { queryKey: K },
  query?: PayLinkQueryOptions<T, K, S> | undefined,
) {
  return useQuery(withQueryBag<T, K, S>(options, query))
}

/**
 * The options `usePayLinkQuery` runs: a factory's, under the caller's `query` bag. Apart, so that
 * `usePolledQuery` merges its caller's bag before `usePolledQueryState`, which a purchase following
 * its payment calls with none: the button then bundles no merging.
 */
export function withQueryBag<T, K extends QueryKey, S = T>(
  options: UseQueryOptions<T, PayLinkErrorType, T, K> & { queryKey: K },
  query: PayLinkQueryOptions<T, K, S> | undefined,
): UseQueryOptions<T, PayLinkErrorType, S, K> & { queryKey: K } {
  return {
    ...(options as UseQueryOptions<T, PayLinkErrorType, S, K>),
    ...query,
    queryKey: options.queryKey,
    queryFn: options.queryFn,
    // One function asking both, each `false`, `true`, unset or a function of the query: TanStack
    // resolves a function wherever it reads `enabled` (5.48 on), so it holds the query as `false` would.
    enabled: (q: Query<T, PayLinkErrorType, T, K>) => [options.enabled, query?.enabled].every((e) => (typeof e === 'function' ? e(q) : e !== false)),
  }
}
