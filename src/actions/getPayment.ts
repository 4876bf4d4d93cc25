import type { PayLinkClient } from '../client/createPayLinkClient.js'
import { pathSegment } from '../client/pathSegment.js'
import { type PayLinkRequestOptions, send } from '../client/transport.js'
import { validate } from '../client/validate.js'
import { type Payment, paymentSchema } from '../schemas/payment.js'

/** Reads a payment's status (`GET /pub/v1/payments/{id}`). */
export async function getPayment(client: PayLinkClient, id: string, options: PayLinkRequestOptions = {}): Promise<Payment> {
  const path = `/payments/${pathSegment(id, 'id', 'getPayment')}`
  const { data } = await send(client, { endpoint: 'getPayment', method: 'GET', path, signal: options.signal })
  return validate(paymentSchema, data, 'getPayment', 'response')
}
