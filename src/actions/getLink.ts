import type { PayLinkClient } from '../client/createPayLinkClient.js'
import { pathSegment } from '../client/pathSegment.js'
import { type PayLinkRequestOptions, send } from '../client/transport.js'
import { validate } from '../client/validate.js'
import { type Link, linkSchema } from '../schemas/link.js'

/** Reads a payment link by its code (`GET /pub/v1/links/{code}`). */
export async function getLink(client: PayLinkClient, code: string, options: PayLinkRequestOptions = {}): Promise<Link> {
  const path = `/links/${pathSegment(code, 'code', 'getLink')}`
  const { data } = await send(client, { endpoint: 'getLink', method: 'GET', path, signal: options.signal })
  return validate(linkSchema, data, 'getLink', 'response')
}
