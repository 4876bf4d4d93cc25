import type { QueryClient } from '@tanstack/react-query'
import { createLink } from '../actions/createLink.js'
import type { PayLinkClient } from '../client/createPayLinkClient.js'
import type { CreateLinkInput } from '../schemas/createLinkInput.js'
import { linkKey, mutationKey } from './payLinkKeys.js'

/** Mutation options that create a link and put it into the `useLink` cache, so reading it back costs no request. Never retried at query level. */
export function createLinkMutationOptions(client: PayLinkClient, queryClient: QueryClient) {
  return {
    mutationKey: mutationKey('createLink'),
    mutationFn: (input: CreateLinkInput) => createLink(client, input),
    // Not an app's default mutation retry: a POST without an Idempotency-Key, repeated after an
    // answer lost on the way back, would create it twice (the client's own retries skip it too).
    retry: false as const,
    onSuccess: (link: Awaited<ReturnType<typeof createLink>>) => {
      queryClient.setQueryData(linkKey(link.code), link)
    },
  }
}
