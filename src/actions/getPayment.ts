import type { PayLinkClient } from '../client/createPayLinkClient.js'
import { pathSegment } from '../client/pathSegment.js'
import type { PayLinkRequestOptions } from '../client/transport.js'
import { type Payment, paymentSchema } from '../schemas/payment.js'
import { fetchValidated } from './fetchValidated.js'

/** Reads a payment's status (`GET /pub/v1/payments/{id}`). */
export async function getPayment(client: PayLinkClient, id: string, options?: PayLinkRequestOptions): Promise<Payment> {
  return fetchValidated(client, 'getPayment', paymentSchema, options, `/payments/${pathSegment(id, 'id', 'getPayment')}`)
}
