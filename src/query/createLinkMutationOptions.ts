import type { QueryClient } from '@tanstack/react-query'
import { createLink } from '../actions/createLink.js'
import type { PayLinkClient } from '../client/createPayLinkClient.js'
import type { PayLinkErrorType } from '../client/errors.js'
import { identities } from '../client/transport.js'
import type { CreateLinkInput } from '../schemas/createLinkInput.js'
import type { Link } from '../schemas/link.js'
import { getLinkQueryOptions } from './getLinkQueryOptions.js'
import { type linkKey, mutationKey } from './payLinkKeys.js'
import type { TaggedMutationOptions } from './types.js'

/** The API (`identities`) of the client each `PayLinkProvider` last committed, by the `QueryClient` it gives it with. */
export const providedApis = new WeakMap<QueryClient, string | undefined>()

/** Mutation options that create a link and put it into the `useLink` cache, so reading it back costs no request. Never retried at query level. */
export function createLinkMutationOptions<TError = PayLinkErrorType, TContext = unknown>(
  client: PayLinkClient,
  queryClient: QueryClient,
): TaggedMutationOptions<Link, CreateLinkInput, readonly ['paylink', 'mutation', 'createLink'], TError, TContext> {
  return {
    mutationKey: mutationKey('createLink'),
    // Cached here, by the client that sent it: an answer that comes after the provider switched to
    // another API (whose cache it reset) is that API's link no more, and reading it must ask the new
    // one. Another client of the same API (a provider nested in another, a remount) takes it.
    mutationFn: (input: CreateLinkInput) =>
      createLink(client, input).then((link) => {
        const api = identities.get(client)
        if ((providedApis.get(queryClient) ?? api) === api) {
          // Built with the options that name this client first: a query with none passes for one
          // hydrated from a server's render, which a provider of another API mounting next keeps.
          const options = getLinkQueryOptions(client, link.code)
          queryClient.getQueryCache().build<Link, PayLinkErrorType, Link, ReturnType<typeof linkKey>>(queryClient, options)
          queryClient.setQueryData(options.queryKey, link)
        }
        return link
      }),
    // Not an app's default mutation retry: a POST without an Idempotency-Key, repeated after an
    // answer lost on the way back, would create it twice (the client's own retries skip it too).
    retry: false as const,
  }
}
