import type { QueryClient } from '@tanstack/react-query'
import { createLink } from '../actions/createLink.js'
import type { PayLinkClient } from '../client/createPayLinkClient.js'
import type { CreateLinkInput } from '../schemas/createLinkInput.js'
import { linkKey, mutationKey } from './payLinkKeys.js'

/** Mutation options that create a link and put it into the `useLink` cache, so reading it back costs no request. */
export function createLinkMutationOptions(client: PayLinkClient, queryClient: QueryClient) {
  return {
    mutationKey: mutationKey('createLink'),
    mutationFn: (input: CreateLinkInput) => createLink(client, input),
    onSuccess: (link: Awaited<ReturnType<typeof createLink>>) => {
      queryClient.setQueryData(linkKey(link.code), link)
    },
  }
}
