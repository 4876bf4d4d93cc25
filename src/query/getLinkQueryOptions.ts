import { queryOptions } from '@tanstack/react-query'
import { getLink } from '../actions/getLink.js'
import type { PayLinkClient } from '../client/createPayLinkClient.js'
import type { PayLinkError } from '../client/errors.js'
import type { Link } from '../schemas/link.js'
import { linkKey } from './payLinkKeys.js'

/**
 * Query options for a link, for `useQuery` and for `queryClient.prefetchQuery` on a server.
 * Disabled while `code` is missing. No query-level retry: the client's transport has already
 * retried what is worth retrying, and 4xx and validation errors are not.
 */
export function getLinkQueryOptions(client: PayLinkClient, code: string | undefined) {
  return queryOptions<Link, PayLinkError, Link, ReturnType<typeof linkKey>>({
    queryKey: linkKey(code),
    queryFn: ({ signal }) => getLink(client, code!, { signal }),
    enabled: !!code,
    retry: false,
    // Link metadata changes rarely: many buttons for one link share one request.
    staleTime: 60_000,
  })
}
