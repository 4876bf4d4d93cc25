import type { PayLinkClient } from '../client/createPayLinkClient.js'
import { pathSegment } from '../client/pathSegment.js'
import type { PayLinkRequestOptions } from '../client/transport.js'
import { type Transfer, transferSchema } from '../schemas/transfer.js'
import { sameRecord } from '../client/validate.js'
import { fetchValidated } from './fetchValidated.js'

/** Reads the status of a cross-chain transfer (`GET /pub/v1/bridge/status/{id}`). */
export async function getBridgeStatus(client: PayLinkClient, id: string, options?: PayLinkRequestOptions): Promise<Transfer> {
  // The path inline, as getLink's and getPayment's: the three calls then read alike to gzip.
  return sameRecord(await fetchValidated(client, 'getBridgeStatus', transferSchema, options, `/bridge/status/${pathSegment(id, 'id', 'getBridgeStatus')}`), id, 'getBridgeStatus')
}
