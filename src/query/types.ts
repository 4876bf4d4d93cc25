import type { dataTagSymbol, MutationKey, QueryFunction, QueryKey, UseMutationOptions, UseQueryOptions } from '@tanstack/react-query'
import type { PayLinkClient } from '../client/createPayLinkClient.js'
import type { PayLinkErrorType } from '../client/errors.js'

/**
 * TanStack query options a caller may pass through a hook's `query` bag. The key and the query
 * function stay ours, so a caller cannot break them; `enabled` combines with ours (a query
 * missing a parameter stays off). `TSelected` is what a `select` makes of the data, where a hook
 * lets it change the data's type.
 */
export type PayLinkQueryOptions<TData, TKey extends QueryKey = QueryKey, TSelected = TData> = Omit<
  UseQueryOptions<TData, PayLinkErrorType, TSelected, TKey>,
  'queryKey' | 'queryFn' | 'enabled'
> & {
  /** Set to `false` to hold the query. Defaults to `true`. */
  enabled?: boolean | undefined
}

/**
 * TanStack mutation options a caller may pass through a hook's `mutation` bag; the mutation function
 * stays ours, and so does `retry` (none): every mutation of the API is a POST, which the client
 * repeats only with an Idempotency-Key, as a repeat after a lost answer would do it twice.
 * `TContext` is what the bag's `onMutate` returns, which the other callbacks and the result's
 * `context` get, as `useMutation` types it.
 */
export type PayLinkMutationOptions<TData, TVariables, TContext = unknown> = Omit<
  UseMutationOptions<TData, PayLinkErrorType, TVariables, TContext>,
  'mutationFn' | 'mutationKey' | 'retry'
>

// The key's error type, where TanStack Query tags one (5.6x on): looked up, as
// 5.48 has no such symbol to import.
type ErrorTag<TError> = typeof import('@tanstack/react-query') extends { dataTagErrorSymbol: infer S extends symbol } ? { [K in S]: TError } : unknown

/**
 * A factory's query key, tagged with the data type (`dataTagSymbol`, so
 * `queryClient.getQueryData(options.queryKey)` is typed) and, where TanStack Query tags one, the
 * error type. Exported, as are `TaggedQueryOptions` and `TaggedMutationOptions`, so that an app or
 * library emitting its own .d.ts (`declaration: true`) can name the type of a value it infers
 * from a factory: an anonymous `{ [dataTagSymbol]: … }` cannot be written in a declaration file
 * that does not import that symbol (TS4023, TS4118). TanStack's `DataTag` would not do: from 5.6x
 * on it is a conditional type, which the declaration emit writes out resolved.
 */
export type TaggedQueryKey<TKey extends QueryKey, TData, TError = PayLinkErrorType> = TKey & {
  /** The data type the key's query holds: what `getQueryData` and `setQueryData` on it take. */
  [dataTagSymbol]: TData
} & ErrorTag<TError>

/**
 * What TanStack's `queryOptions` returns for a factory's options: the options, with the key tagged
 * by the data type (so `queryClient.getQueryData(options.queryKey)` is typed) and a query function
 * that is never `skipToken` (so `useSuspenseQuery` takes them). The factories write this type
 * instead of calling `queryOptions`, an identity at run time that would cost every bundle an import.
 * Spelled with types every TanStack Query 5.48 and later exports (`QueryKeyWithDataTag` and
 * `UnusedSkipTokenOptions` came in later minors, and where missing every factory typed as `any`);
 * the key's error type (`PayLinkErrorType`) is tagged where TanStack Query tags one. `TError` is
 * what an app names in TanStack's generics (`useQuery<Link, PayLinkError, …>(…)`, written when the
 * error was typed as the base class): it is inferred from there, else `PayLinkErrorType`.
 */
export type TaggedQueryOptions<TData, TKey extends QueryKey, TError = PayLinkErrorType> = Omit<UseQueryOptions<TData, TError, TData, TKey>, 'queryKey' | 'queryFn'> & {
  /** The query's key, tagged with its data and error types. */
  queryKey: TaggedQueryKey<TKey, TData, TError>
  /** Asks the client for the data; never `skipToken`, so `useSuspenseQuery` takes the options. */
  queryFn: QueryFunction<TData, TKey>
  /**
   * The client the query function asks. The keys hold none: a `PayLinkProvider` mounting where one
   * of another API was reads it to keep what was fetched with a client of its own API (a route
   * loader's `prefetchQuery`) and to drop the rest.
   */
  client: PayLinkClient
}

/**
 * What a mutation factory returns: TanStack mutation options with the error typed as a
 * `PayLinkErrorType`. The options themselves name no error type, so without it `useMutation(factory(…))`
 * would type `error` and `onError`'s argument as TanStack's `Error`, which has none of our fields.
 * As with `TaggedQueryOptions`, an error type the app names (`useMutation<Link, PayLinkError,
 * CreateLinkInput>(…)`) is taken instead: the options' callbacks would otherwise refuse it. So is
 * `TContext`, what an `onMutate` beside them returns (the hooks pass their bag's on).
 */
export type TaggedMutationOptions<TData, TVariables, TKey extends MutationKey, TError = PayLinkErrorType, TContext = unknown> = UseMutationOptions<
  TData,
  TError,
  TVariables,
  TContext
> & {
  /** The mutation's key (`['paylink', 'mutation', name]`). */
  mutationKey: TKey
  /** Sends the request through the client. */
  mutationFn: (variables: TVariables) => Promise<TData>
  /** Never retried at query level: the client repeats a POST only with an Idempotency-Key. */
  retry: false
}
