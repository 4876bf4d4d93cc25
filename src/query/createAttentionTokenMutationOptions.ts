import { createAttentionToken } from '../actions/createAttentionToken.js'
import type { PayLinkClient } from '../client/createPayLinkClient.js'
import type { AttentionTokenInput } from '../schemas/attention.js'
import { mutationKey } from './payLinkKeys.js'

/** Mutation options that request an attention session token. */
export function createAttentionTokenMutationOptions(client: PayLinkClient) {
  return {
    mutationKey: mutationKey('createAttentionToken'),
    mutationFn: (input?: AttentionTokenInput) => createAttentionToken(client, input),
  }
}
