import { useMutation } from '../peers/query.js'
import { createAttentionTokenMutationOptions } from '../query/createAttentionTokenMutationOptions.js'
import type { PayLinkErrorType } from '../client/errors.js'
import type { PayLinkMutationOptions } from '../query/types.js'
import type { AttentionSession, AttentionTokenInput } from '../schemas/attention.js'
import { usePayLinkClient } from './usePayLinkClient.js'

/** Options of `useAttentionToken`. */
export interface UseAttentionTokenOptions<TContext = unknown> {
  /** TanStack mutation options. `TContext` is what its `onMutate` returns. */
  mutation?: PayLinkMutationOptions<AttentionSession, AttentionTokenInput | undefined, TContext> | undefined
}

/** Requests an attention session token: `mutate({ code, viewerId })`. */
export function useAttentionToken<TContext = unknown>({ mutation }: UseAttentionTokenOptions<TContext> = {}) {
  return useMutation({ ...mutation, ...createAttentionTokenMutationOptions<PayLinkErrorType, TContext>(usePayLinkClient('useAttentionToken')) })
}
