import type { PayLinkClient } from '../client/createPayLinkClient.js'
import { type PayLinkRequestOptions, send } from '../client/transport.js'
import { validate } from '../client/validate.js'
import { type FeeEstimate, type FeeEstimateParams, feeEstimateParamsSchema, feeEstimateSchema } from '../schemas/fees.js'

/**
 * Estimates the gas and platform fees of a cross-chain transfer (`GET /pub/v1/fees/estimate`).
 * Amounts come back as exact decimal strings (`totalFee.amount`), never floats.
 */
export async function estimateFees(
  client: PayLinkClient,
  params: FeeEstimateParams,
  options: PayLinkRequestOptions = {},
): Promise<FeeEstimate> {
  const query = validate(feeEstimateParamsSchema, params, 'estimateFees', 'input')
  const { data } = await send(client, {
    endpoint: 'estimateFees',
    method: 'GET',
    path: '/fees/estimate',
    query,
    signal: options.signal,
  })
  return validate(feeEstimateSchema, data, 'estimateFees', 'response')
}
