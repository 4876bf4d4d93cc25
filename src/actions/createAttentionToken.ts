import type { PayLinkClient } from '../client/createPayLinkClient.js'
import type { PayLinkRequestOptions } from '../client/transport.js'
import { validate } from '../client/validate.js'
import {
  type AttentionSession,
  type AttentionTokenInput,
  attentionSessionSchema,
  attentionTokenInputSchema,
} from '../schemas/attention.js'
import { fetchValidated } from './fetchValidated.js'

/** Requests a session token for tracking attention (`POST /pub/v1/attention/token`). */
export async function createAttentionToken(
  client: PayLinkClient,
  input: AttentionTokenInput = {},
  options?: PayLinkRequestOptions,
): Promise<AttentionSession> {
  const body = validate(attentionTokenInputSchema, input, 'createAttentionToken', 'input')
  return fetchValidated(client, 'createAttentionToken', attentionSessionSchema, options, '/attention/token', body)
}
