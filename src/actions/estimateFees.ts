import type { PayLinkClient } from '../client/createPayLinkClient.js'
import type { PayLinkRequestOptions } from '../client/transport.js'
import { validate } from '../client/validate.js'
import { type FeeEstimate, type FeeEstimateParams, feeEstimateParamsSchema, feeEstimateSchema } from '../schemas/fees.js'
import { fetchValidated } from './fetchValidated.js'

/**
 * Estimates the gas and platform fees of a cross-chain transfer (`GET /pub/v1/fees/estimate`).
 * Amounts come back as exact decimal strings (`totalFee.amount`), never floats.
 */
export async function estimateFees(client: PayLinkClient, params: FeeEstimateParams, options?: PayLinkRequestOptions): Promise<FeeEstimate> {
  const query = new URLSearchParams(validate(feeEstimateParamsSchema, params, 'estimateFees', 'input'))
  return fetchValidated(client, 'estimateFees', feeEstimateSchema, options, `/fees/estimate?${query}`)
}
