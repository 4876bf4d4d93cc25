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
  /** The ways to pay; those this client cannot read are left out. */
  accepts: listOf(requirementV1Schema),
})

/** The decoded `PAYMENT-REQUIRED` header of an x402 v2 402. */
export const paymentRequiredV2Schema = z.looseObject({
  // No `error` (why the payment is required or was refused): decodePaymentRequired reads it only
  // when it is text. A message is not the offer: one the server got wrong (`{}`, a caught
  // exception as x402-express 1.x writes into v1's) must not make the 402 unpayable.
  /** The resource to pay for; may be absent. */
  resource: z.optional(resourceInfoSchema),
  /** The ways to pay; those this client cannot read are left out. */
  accepts: listOf(requirementV2Schema),
  /** Data of x402 extensions; may be absent or `null`. */
  extensions: extraSchema,
})

/**
 * The decoded `PAYMENT-RESPONSE` / `X-PAYMENT-RESPONSE` header: the settlement. `transaction` and
 * `network` may be missing from a failure: @x402/core's server writes a facilitator's refusal (an
 * error status) as it came, and its reason must not be lost for want of an empty hash or a network.
 */
export const settleResponseSchema = z.looseObject({
  /** Whether the payment settled. */
  success: booleanSchema,
  /** Why it did not, as an x402 reason code (`insufficient_funds`); may be absent or `null`. */
  errorReason: optionalTextSchema,
  /** Why it did not, in words; may be absent or `null`. */
  errorMessage: optionalTextSchema,
  /** The payer's address; may be absent or `null`. */
  payer: optionalTextSchema,
  /** The hash of the settlement transaction; may be absent from a failure. */
  transaction: z.optional(z.string),
  /** The network it settled on (`eip155:84532`); may be absent from a failure. */
  network: z.optional(z.string),
  /** The amount settled, as the server wrote it (atomic units); may be absent or `null`. */
  amount: optionalTextSchema,
})

/** A decoded settlement header. */
export type SettleResponse = z.infer<typeof settleResponseSchema>
