import type { PayLinkClient } from '../client/createPayLinkClient.js'
import type { PayLinkRequestOptions } from '../client/transport.js'
import { validate } from '../client/validate.js'
import { type CreateLinkInput, createLinkInputSchema } from '../schemas/createLinkInput.js'
import { type Link, linkSchema } from '../schemas/link.js'
import { fetchValidated } from './fetchValidated.js'

/**
 * Creates a payment link (`POST /pub/v1/links`). The input is checked first (`creatorId`,
 * `chainType` and a price's `currency` sent trimmed and not blank, a price's `amount` a decimal
 * above zero, `model` `payment`/`engagement`, `splits` summing to 10 000 basis points); a bad input
 * rejects with a `PayLinkValidationError` naming each bad field and sends nothing.
 */
export async function createLink(client: PayLinkClient, input: CreateLinkInput, options?: PayLinkRequestOptions): Promise<Link> {
  return fetchValidated(client, 'createLink', linkSchema, options, '/links', validate(createLinkInputSchema, input, 'createLink', 'input'))
}
