import { createAttentionToken } from '../actions/createAttentionToken.js'
import type { PayLinkClient } from '../client/createPayLinkClient.js'
import type { PayLinkErrorType } from '../client/errors.js'
import type { AttentionSession, AttentionTokenInput } from '../schemas/attention.js'
import { mutationKey } from './payLinkKeys.js'
import type { TaggedMutationOptions } from './types.js'

/** Mutation options that request an attention session token. Never retried at query level. */
export function createAttentionTokenMutationOptions<TError = PayLinkErrorType, TContext = unknown>(
  client: PayLinkClient,
): TaggedMutationOptions<AttentionSession, AttentionTokenInput | undefined, readonly ['paylink', 'mutation', 'createAttentionToken'], TError, TContext> {
  return {
    mutationKey: mutationKey('createAttentionToken'),
    mutationFn: (input?: AttentionTokenInput) => createAttentionToken(client, input),
    // Not an app's default mutation retry: a POST without an Idempotency-Key, repeated after an
    // answer lost on the way back, would create it twice (the client's own retries skip it too).
    retry: false as const,
  }
}
