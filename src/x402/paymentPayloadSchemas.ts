import * as z from '../schemas/z.js'
import { nonEmptyStringSchema, typed } from '../schemas/common.js'
import { extraSchema, requirementV2Schema, resourceInfoSchema } from './requirementSchemas.js'

/** The decoded `X-PAYMENT` header (v1). */
export const paymentPayloadV1Schema = z.looseObject({
  x402Version: typed((v): v is 1 => v === 1, '1'),
  scheme: nonEmptyStringSchema,
  network: nonEmptyStringSchema,
  payload: z.looseObject({}),
})

/** The decoded `PAYMENT-SIGNATURE` header (v2); `accepted` echoes the requirement chosen. */
export const paymentPayloadV2Schema = z.looseObject({
  x402Version: typed((v): v is 2 => v === 2, '2'),
  resource: z.optional(resourceInfoSchema),
  accepted: requirementV2Schema,
  payload: z.looseObject({}),
  extensions: extraSchema,
})

/** A decoded v1 payment header. */
export type PaymentPayloadV1 = z.infer<typeof paymentPayloadV1Schema>
/** A decoded v2 payment header. */
export type PaymentPayloadV2 = z.infer<typeof paymentPayloadV2Schema>
/** A decoded x402 payment header, either version. */
export type PaymentPayload = PaymentPayloadV1 | PaymentPayloadV2
