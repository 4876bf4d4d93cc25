import { QueryClient, QueryClientContext, QueryClientProvider } from '../peers/query.js'
import { createElement, useContext, useEffect, useMemo, useRef, useState } from '../peers/react.js'
import type { ReactNode } from 'react'
import { createPayLinkClient, type PayLinkClient, type PayLinkClientOptions } from '../client/createPayLinkClient.js'
import { PayLinkContext, usePayLinkClient as useClientNamed } from './usePayLinkClient.js'
import { rootKey } from '../query/payLinkKeys.js'
import { providedApis } from '../query/createLinkMutationOptions.js'
import { identities } from '../client/transport.js'

/** The client of the nearest `PayLinkProvider`; `hookName` names the caller in the error thrown when there is none. */
export const usePayLinkClient = (hookName = 'usePayLinkClient'): PayLinkClient => useClientNamed(hookName)

/**
 * Props of `PayLinkProvider`: a ready client, or the options to create one. Another `client`, a new
 * `baseUrl` or a new `apiKey` applies from the next render on, with a new client:
 * the package's cached answers are reset (the old API's prices are not shown as the new one's), and
 * a purchase under way stays with the old client. The other options are read when the client is created.
 */
export type PayLinkProviderProps = {
  /** The part of the app whose hooks and components use the client. */
  children?: ReactNode
} & (
  | {
      /** The client the hooks and components use; another one applies at once. Keep it stable (module scope, or `useMemo` on what it depends on): one made inline on every render starts its purchases over on every render. */
      client: PayLinkClient
    }
  | ({
      /** Left out: the client is made from the options. */
      client?: undefined
    } & Omit<PayLinkClientOptions, 'fetch' | 'headers' | 'retry' | 'timeoutMs'> & {
        /** The `fetch` to use. Read when the client is created (first render, new `baseUrl` or `apiKey`): a new function on every render is fine, and changes nothing. Defaults to the global `fetch`. */
        fetch?: PayLinkClientOptions['fetch']
        /** Extra headers for every request. Read when the client is created (first render, new `baseUrl` or `apiKey`): a new object on every render is fine, and changes nothing. */
        headers?: PayLinkClientOptions['headers']
        /** Time-out of each attempt, in ms. Read when the client is created (first render, new `baseUrl` or `apiKey`). Defaults to `15000`. */
        timeoutMs?: PayLinkClientOptions['timeoutMs']
        /** The retry policy, or `false`. Read when the client is created (first render, new `baseUrl` or `apiKey`): a new object on every render is fine, and changes nothing. Defaults to `createPayLinkClient`'s. */
        retry?: PayLinkClientOptions['retry']
      })
)

/**
 * Gives the PayLink hooks and components their client. Works inside the app's
 * `QueryClientProvider`, and where there is none it provides its own `QueryClient`.
 */
export function PayLinkProvider(props: PayLinkProviderProps) {
  const hostQueryClient = useContext(QueryClientContext)
  const [ownQueryClient] = useState(() => !hostQueryClient && new QueryClient())
  const { client, baseUrl, apiKey } = props as Partial<PayLinkClientOptions & { client: PayLinkClient }>
  // A new client only when where or as whom requests go changes (a sandbox/live switch, a config
  // loaded late): a new one resets the cached answers (below), and `headers`, `fetch` and `retry`
  // are often new objects on every render. A given `client` is taken as it is: another one may
  // carry another user's headers or key, which no comparison could see. The props go to
  // createPayLinkClient as they are, children included: it reads only its options.
  const value = useMemo(() => client ?? createPayLinkClient(props as PayLinkClientOptions), [client, baseUrl, apiKey])
  // The keys hold no client (so that prefetched data hydrates): after a switch, what the old API
  // answered (a sandbox price) must not show, nor be paid against, as the new one's. Removed while
  // rendering, before the children read the cache: an effect runs after a commit, which would show
  // the old answers under the new client for a frame (and to any effect reading them). Removed on
  // every render with the new client until one commits: a render thrown away (a transition that
  // suspends) leaves the old tree on screen, whose requests refill the cache meanwhile.
  // So does a provider mounting where one of another API was (a keyed switch, another route,
  // another user logged in): it starts from that one's client. One of the same API keeps them (a
  // checkout opened again, a page's prefetched answers, hydrated before it mounts).
  const queryClient = (hostQueryClient || ownQueryClient) as QueryClient
  const api = identities.get(value)
  const last = providedApis.get(queryClient)
  const shown = useRef<unknown>((last !== api && last) || value)
  // On a mount, not those hydrated and read by nothing yet (no query function): a page's answers
  // prefetched on the server, which its HydrationBoundary puts in just before the provider mounts,
  // are its own. Nor those whose options name a client of its API (the factories' `client`): a
  // route loader's prefetchQuery, run before it mounts. Each fetch sets the options it runs with,
  // so the old tree's requests name the old client (a prefetch finding a fresh answer sets none).
  // On a switch in place, all: hydrated for the old client, and another client may be another
  // user, which no identity shows (see useMemo above). Never those this very client fetched: the
  // new tree's own, read by a render thrown away (a reader that suspended for its answer, in a
  // transition). Removed, each retry of that render asked again and suspended again, for ever.
  if (shown.current !== value)
    queryClient.removeQueries({
      queryKey: rootKey,
      predicate: ({ options }): any =>
        (options as { client?: unknown }).client !== value &&
        (shown.current != last || (options.queryFn && identities.get((options as { client: PayLinkClient }).client) !== api)),
    })
  useEffect(() => {
    // A link the client before created keeps out of the new one's cache (createLinkMutationOptions).
    providedApis.set(queryClient, api)
    shown.current = value
  })
  // createElement, not JSX: in a bundle that turns peers into requires (esbuild's, as size-limit runs
  // it), each module using JSX requires `react/jsx-runtime` on its own (about 4 B gzip in the root's).
  const tree = createElement(PayLinkContext.Provider, { value }, props.children)
  return ownQueryClient ? createElement(QueryClientProvider, { client: ownQueryClient }, tree) : tree
}
