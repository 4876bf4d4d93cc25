import { useMutation } from '../peers/query.js'
import { createAttentionTokenMutationOptions } from '../query/createAttentionTokenMutationOptions.js'
import type { PayLinkMutationOptions } from '../query/types.js'
import type { AttentionSession, AttentionTokenInput } from '../schemas/attention.js'
import { usePayLinkClient } from './usePayLinkClient.js'

/** Options of `useAttentionToken`. */
export interface UseAttentionTokenOptions {
  /** TanStack mutation options. */
  mutation?: PayLinkMutationOptions<AttentionSession, AttentionTokenInput> | undefined
}

/** Requests an attention session token: `mutate({ code, viewerId })`. */
export function useAttentionToken({ mutation }: UseAttentionTokenOptions = {}) {
  return useMutation({ ...mutation, ...createAttentionTokenMutationOptions(usePayLinkClient('useAttentionToken')) })
}
