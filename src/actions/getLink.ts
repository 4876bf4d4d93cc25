import type { PayLinkClient } from '../client/createPayLinkClient.js'
import { pathSegment } from '../client/pathSegment.js'
import type { PayLinkRequestOptions } from '../client/transport.js'
import { sameRecord } from '../client/validate.js'
import { type Link, linkSchema } from '../schemas/link.js'
import { fetchValidated } from './fetchValidated.js'

/** Reads a payment link by its code (`GET /pub/v1/links/{code}`); a link answered with another code is a `PayLinkValidationError`. */
export async function getLink(client: PayLinkClient, code: string, options?: PayLinkRequestOptions): Promise<Link> {
  return sameRecord(await fetchValidated(client, 'getLink', linkSchema, options, `/links/${pathSegment(code, 'code', 'getLink')}`), code, 'getLink', 'code')
}
