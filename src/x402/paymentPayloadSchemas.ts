import * as z from '../schemas/z.js'
import { nonEmptyStringSchema, typed } from '../schemas/common.js'
import { extraSchema, requirementV2Schema, resourceInfoSchema } from './requirementSchemas.js'

/** The decoded `X-PAYMENT` header (v1). */
export const paymentPayloadV1Schema = z.looseObject({
  /** Always `1`. */
  x402Version: typed((v): v is 1 => v === 1, '1'),
  /** The scheme paid with, as the requirement named it (`exact`). */
  scheme: nonEmptyStringSchema,
  /** The network paid on, as the requirement named it (`base-sepolia`). */
  network: nonEmptyStringSchema,
  /** The signed payment, as the scheme defines it (for `exact` on EVM, a signature and its EIP-3009 authorization). */
  payload: z.looseObject({}),
})

/** The decoded `PAYMENT-SIGNATURE` header (v2); `accepted` echoes the requirement chosen. */
export const paymentPayloadV2Schema = z.looseObject({
  /** Always `2`. */
  x402Version: typed((v): v is 2 => v === 2, '2'),
  // Cast to their own types, which the built .d.ts then names: a copy of their fields written out
  // there would be without their JSDoc.
  /** The resource paid for, as the 402 described it; may be absent. */
  resource: z.optional(resourceInfoSchema) as z.Optional<typeof resourceInfoSchema>,
  /** The requirement paid, as the 402 offered it. */
  accepted: requirementV2Schema as typeof requirementV2Schema,
  /** The signed payment, as the scheme defines it (for `exact` on EVM, a signature and its EIP-3009 authorization). */
  payload: z.looseObject({}),
  /** Data of x402 extensions; may be absent or `null`. */
  extensions: extraSchema,
})

/** A decoded v1 payment header. */
export type PaymentPayloadV1 = z.infer<typeof paymentPayloadV1Schema>
/** A decoded v2 payment header. */
export type PaymentPayloadV2 = z.infer<typeof paymentPayloadV2Schema>
/** A decoded x402 payment header, either version. */
export type PaymentPayload = PaymentPayloadV1 | PaymentPayloadV2
