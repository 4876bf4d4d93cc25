import { getLinkQueryOptions } from '../query/getLinkQueryOptions.js'
import type { linkKey } from '../query/payLinkKeys.js'
import type { PayLinkQueryOptions } from '../query/types.js'
import type { Link } from '../schemas/link.js'
import { usePayLinkClient } from './usePayLinkClient.js'
import { usePayLinkQuery } from './usePayLinkQuery.js'

/** Options of `useLink`. */
export interface UseLinkOptions<TSelected = Link> {
  /** TanStack Query options (`staleTime`, `select`, …); the key and the fetcher stay ours. A `select` makes the hook's `data`. */
  query?: PayLinkQueryOptions<Link, ReturnType<typeof linkKey>, TSelected> | undefined
}

/** Reads a payment link by code; disabled while `code` is empty. Many components for one code share one request. */
export function useLink<TSelected = Link>(code: string | undefined, options?: UseLinkOptions<TSelected>) {
  return usePayLinkQuery(getLinkQueryOptions(usePayLinkClient('useLink'), code), options?.query)
}
