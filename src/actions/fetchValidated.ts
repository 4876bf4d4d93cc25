import type { PayLinkClient } from '../client/createPayLinkClient.js'
import { type ApiRequest, send } from '../client/transport.js'
import { validate } from '../client/validate.js'
import type * as z from '../schemas/z.js'

/** Sends one API call and checks its answer against `schema`: how every endpoint function but `verifyPayment` ends. */
export async function fetchValidated<S extends z.Schema>(client: PayLinkClient, req: ApiRequest, schema: S): Promise<z.output<S>> {
  const { data } = await send(client, req)
  return validate(schema, data, req.endpoint, 'response')
}
