import type { PayLinkClient } from '../client/createPayLinkClient.js'
import { pathSegment } from '../client/pathSegment.js'
import { type PayLinkRequestOptions, send } from '../client/transport.js'
import { validate } from '../client/validate.js'
import { type Transfer, transferSchema } from '../schemas/transfer.js'

/** Reads the status of a cross-chain transfer (`GET /pub/v1/bridge/status/{id}`). */
export async function getBridgeStatus(
  client: PayLinkClient,
  id: string,
  options: PayLinkRequestOptions = {},
): Promise<Transfer> {
  const path = `/bridge/status/${pathSegment(id, 'id', 'getBridgeStatus')}`
  const { data } = await send(client, { endpoint: 'getBridgeStatus', method: 'GET', path, signal: options.signal })
  return validate(transferSchema, data, 'getBridgeStatus', 'response')
}
