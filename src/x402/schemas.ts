import * as z from '../schemas/z.js'
import { booleanSchema } from '../schemas/primitives.js'
import { listOf } from './listOf.js'
import { extraSchema, optionalTextSchema, requirementV1Schema, requirementV2Schema, resourceInfoSchema } from './requirementSchemas.js'

// The x402 messages a client reads. The requirements and the payment payloads (which only the mock
// server reads) have files of their own, so that a bundle carries only the schemas it uses.
export * from './paymentPayloadSchemas.js'
export * from './requirementSchemas.js'

// No `x402Version` in the 402 schemas: x402VersionOf reads it first, to choose the schema.

/** The JSON body of an x402 v1 402. */
export const paymentRequiredV1Schema = z.looseObject({
  accepts: listOf(requirementV1Schema),
})

/** The decoded `PAYMENT-REQUIRED` header of an x402 v2 402. */
export const paymentRequiredV2Schema = z.looseObject({
  error: optionalTextSchema,
  resource: z.optional(resourceInfoSchema),
  accepts: listOf(requirementV2Schema),
  extensions: extraSchema,
})

/**
 * The decoded `PAYMENT-RESPONSE` / `X-PAYMENT-RESPONSE` header: the settlement. `transaction` and
 * `network` may be missing from a failure: @x402/core's server writes a facilitator's refusal (an
 * error status) as it came, and its reason must not be lost for want of an empty hash or a network.
 */
export const settleResponseSchema = z.looseObject({
  success: booleanSchema,
  errorReason: optionalTextSchema,
  errorMessage: optionalTextSchema,
  payer: optionalTextSchema,
  transaction: z.optional(z.string),
  network: z.optional(z.string),
  amount: optionalTextSchema,
})

/** A decoded settlement header. */
export type SettleResponse = z.infer<typeof settleResponseSchema>
