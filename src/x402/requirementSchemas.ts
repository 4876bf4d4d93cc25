import * as z from '../schemas/z.js'
import { checkedString, nonEmptyStringSchema, rule, typed } from '../schemas/common.js'
import { positiveNumberSchema } from '../schemas/primitives.js'

/** A non-negative integer amount in a token's atomic units, as a string (`"1500000"`). */
const atomicAmountSchema = checkedString((s) => /^\d+$/.test(s), 'expected an integer amount in atomic units')

// Fractions pass, as in @x402/core (the EVM signer rounds them up). From 2^53 on a number no longer
// holds every whole second, and from 1e21 no payment can be dated: `now + 1e21` prints as "1e+21",
// which BigInt refuses. @x402/core takes those, but its own client cannot sign them either.
/** How long a signed payment stays valid: a positive number of seconds, under 2^53. */
const timeoutSchema = z.withChecks(positiveNumberSchema, rule((n: number) => n < 2 ** 53, 'must be under 2^53'))

// The reference servers send `null` for absent optional fields as often as they leave them out.
/** Scheme- or extension-specific data: any JSON object, or nothing. */
export const extraSchema = z.optional(
  typed((v): v is Record<string, unknown> | null => typeof v === 'object' && !Array.isArray(v), 'object or null'),
)
/** A text the server may leave out. */
export const optionalTextSchema = z.optional(typed((v): v is string | null => v === null || typeof v === 'string', 'string or null'))

/** One way to pay, as an x402 v1 server lists it in the 402 body's `accepts`. */
export const requirementV1Schema = z.looseObject({
  scheme: nonEmptyStringSchema,
  network: nonEmptyStringSchema,
  maxAmountRequired: atomicAmountSchema,
  resource: optionalTextSchema,
  description: optionalTextSchema,
  mimeType: optionalTextSchema,
  payTo: nonEmptyStringSchema,
  maxTimeoutSeconds: timeoutSchema,
  asset: nonEmptyStringSchema,
  extra: extraSchema,
})

/** One way to pay, as an x402 v2 server lists it in the `PAYMENT-REQUIRED` header's `accepts`. */
export const requirementV2Schema = z.looseObject({
  scheme: nonEmptyStringSchema,
  network: nonEmptyStringSchema,
  amount: atomicAmountSchema,
  asset: nonEmptyStringSchema,
  payTo: nonEmptyStringSchema,
  maxTimeoutSeconds: timeoutSchema,
  extra: extraSchema,
})

/** The resource a v2 402 is about. */
export const resourceInfoSchema = z.looseObject({
  url: z.string,
  description: optionalTextSchema,
  mimeType: optionalTextSchema,
})

/** The resource a v2 402 is about, as the server described it. */
export type ResourceInfo = z.infer<typeof resourceInfoSchema>
/** A v1 payment requirement as sent. */
export type PaymentRequirementV1 = z.infer<typeof requirementV1Schema>
/** A v2 payment requirement as sent. */
export type PaymentRequirementV2 = z.infer<typeof requirementV2Schema>
