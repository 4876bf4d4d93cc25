import * as z from 'zod/mini'
import { atomicAmountSchema, jsonObjectSchema, nonEmptyStringSchema, positiveNumberSchema } from '../schemas/common.js'

// The reference servers send `null` for absent optional fields as often as they leave them out.
const extraSchema = z.optional(z.nullable(jsonObjectSchema))
const optionalTextSchema = z.optional(z.nullable(z.string()))

/** One way to pay, as an x402 v1 server lists it in the 402 body's `accepts`. */
export const requirementV1Schema = z.looseObject({
  scheme: nonEmptyStringSchema,
  network: nonEmptyStringSchema,
  maxAmountRequired: atomicAmountSchema,
  resource: optionalTextSchema,
  description: optionalTextSchema,
  mimeType: optionalTextSchema,
  payTo: nonEmptyStringSchema,
  maxTimeoutSeconds: positiveNumberSchema,
  asset: nonEmptyStringSchema,
  outputSchema: z.optional(z.unknown()),
  extra: extraSchema,
})

/** One way to pay, as an x402 v2 server lists it in the `PAYMENT-REQUIRED` header's `accepts`. */
export const requirementV2Schema = z.looseObject({
  scheme: nonEmptyStringSchema,
  network: nonEmptyStringSchema,
  amount: atomicAmountSchema,
  asset: nonEmptyStringSchema,
  payTo: nonEmptyStringSchema,
  maxTimeoutSeconds: positiveNumberSchema,
  extra: extraSchema,
})

/** The resource a v2 402 is about. */
export const resourceInfoSchema = z.looseObject({
  url: z.string(),
  description: optionalTextSchema,
  mimeType: optionalTextSchema,
})

/** The JSON body of an x402 v1 402. */
export const paymentRequiredV1Schema = z.looseObject({
  x402Version: z.literal(1),
  // x402-express 1.x puts a caught exception here, which JSON turns into `{}`.
  error: z.optional(z.unknown()),
  accepts: z.array(requirementV1Schema),
})

/** The decoded `PAYMENT-REQUIRED` header of an x402 v2 402. */
export const paymentRequiredV2Schema = z.looseObject({
  x402Version: z.literal(2),
  error: optionalTextSchema,
  resource: z.optional(resourceInfoSchema),
  accepts: z.array(requirementV2Schema),
  extensions: extraSchema,
})

/** The decoded `X-PAYMENT` header (v1). */
export const paymentPayloadV1Schema = z.looseObject({
  x402Version: z.literal(1),
  scheme: nonEmptyStringSchema,
  network: nonEmptyStringSchema,
  payload: jsonObjectSchema,
})

/** The decoded `PAYMENT-SIGNATURE` header (v2); `accepted` echoes the requirement chosen. */
export const paymentPayloadV2Schema = z.looseObject({
  x402Version: z.literal(2),
  resource: z.optional(resourceInfoSchema),
  accepted: requirementV2Schema,
  payload: jsonObjectSchema,
  extensions: extraSchema,
})

/** The decoded `PAYMENT-RESPONSE` / `X-PAYMENT-RESPONSE` header: the settlement. */
export const settleResponseSchema = z.looseObject({
  success: z.boolean(),
  errorReason: optionalTextSchema,
  errorMessage: optionalTextSchema,
  payer: optionalTextSchema,
  transaction: z.string(),
  network: z.string(),
  amount: optionalTextSchema,
})

/** The resource a v2 402 is about, as the server described it. */
export type ResourceInfo = z.infer<typeof resourceInfoSchema>
/** A v1 payment requirement as sent. */
export type PaymentRequirementV1 = z.infer<typeof requirementV1Schema>
/** A v2 payment requirement as sent. */
export type PaymentRequirementV2 = z.infer<typeof requirementV2Schema>
/** A decoded v1 payment header. */
export type PaymentPayloadV1 = z.infer<typeof paymentPayloadV1Schema>
/** A decoded v2 payment header. */
export type PaymentPayloadV2 = z.infer<typeof paymentPayloadV2Schema>
/** A decoded x402 payment header, either version. */
export type PaymentPayload = PaymentPayloadV1 | PaymentPayloadV2
/** A decoded settlement header. */
export type SettleResponse = z.infer<typeof settleResponseSchema>
