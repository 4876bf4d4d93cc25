import { getLink } from '../actions/getLink.js'
import type { PayLinkClient } from '../client/createPayLinkClient.js'
import type { PayLinkErrorType } from '../client/errors.js'
import type { Link } from '../schemas/link.js'
import { linkKey } from './payLinkKeys.js'
import type { TaggedQueryOptions } from './types.js'

type Options<TError = PayLinkErrorType> = TaggedQueryOptions<Link, ReturnType<typeof linkKey>, TError>

/**
 * Query options for a link, for `useQuery` and for `queryClient.prefetchQuery` on a server.
 * Disabled while `code` is missing. No query-level retry: the client's transport has already
 * retried what is worth retrying, and 4xx and validation errors are not.
 */
export function getLinkQueryOptions<TError = PayLinkErrorType>(client: PayLinkClient, code: string | undefined): Options<TError> {
  return {
    queryKey: linkKey(code) as Options<TError>['queryKey'],
    // The context as the request options: the action reads only its `signal`.
    queryFn: (context) => getLink(client, code!, context),
    // Who is asked: a PayLinkProvider mounting keeps the answers of its own API (a loader's prefetch).
    client,
    enabled: !!code,
    retry: false,
    // Link metadata changes rarely: many buttons for one link share one request.
    staleTime: 60_000,
  }
}
