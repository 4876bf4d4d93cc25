import type { PayLinkClient } from '../client/createPayLinkClient.js'
import { pathSegment } from '../client/pathSegment.js'
import type { PayLinkRequestOptions } from '../client/transport.js'
import { type Payment, paymentSchema } from '../schemas/payment.js'
import { sameRecord } from '../client/validate.js'
import { fetchValidated } from './fetchValidated.js'

/** Reads a payment's status (`GET /pub/v1/payments/{id}`). */
export async function getPayment(client: PayLinkClient, id: string, options?: PayLinkRequestOptions): Promise<Payment> {
  // The path inline, as getLink's: the bundle then repeats getLink's call (7 B less in PayLinkButton's).
  return sameRecord(await fetchValidated(client, 'getPayment', paymentSchema, options, `/payments/${pathSegment(id, 'id', 'getPayment')}`), id, 'getPayment')
}
