import type { PayLinkClient } from '../client/createPayLinkClient.js'
import type { PayLinkEndpoint } from '../client/errors.js'
import { type PayLinkRequestOptions, send } from '../client/transport.js'
import { validate } from '../client/validate.js'
import type * as z from '../schemas/z.js'

/**
 * Sends one API call and checks its answer against `schema`: how every endpoint function but
 * `verifyPayment` ends. Positional, so that six endpoint functions do not each spell out a request
 * object: a POST with `body`, a GET without.
 */
export async function fetchValidated<S extends z.Schema>(
  client: PayLinkClient,
  endpoint: PayLinkEndpoint,
  schema: S,
  options: PayLinkRequestOptions | undefined,
  path: string,
  body?: unknown,
): Promise<z.output<S>> {
  const { data } = await send(client, { endpoint, path, body, signal: options?.signal })
  return validate(schema, data, endpoint, 'response')
}
