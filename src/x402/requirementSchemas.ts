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
  /** The payment scheme (`exact`). */
  scheme: nonEmptyStringSchema,
  /** The network to pay on, as x402 v1 names it (`base-sepolia`). */
  network: nonEmptyStringSchema,
  /** The most the payment may be (for `exact`, what it is), in the asset's atomic units, as an integer string (`"1500000"` for 1.50 USDC). */
  maxAmountRequired: atomicAmountSchema,
  /** The URL of the resource paid for; may be absent or `null`. */
  resource: optionalTextSchema,
  /** What is paid for; may be absent or `null`. */
  description: optionalTextSchema,
  /** The MIME type of the resource; may be absent or `null`. */
  mimeType: optionalTextSchema,
  /** The address to pay. */
  payTo: nonEmptyStringSchema,
  /** How long a signed payment stays valid, in seconds (positive). */
  maxTimeoutSeconds: timeoutSchema,
  /** The token to pay in: its contract address on an EVM network. */
  asset: nonEmptyStringSchema,
  /** Scheme-specific data (for `exact` on EVM, the token's EIP-712 `name` and `version`); may be absent or `null`. */
  extra: extraSchema,
})

/** One way to pay, as an x402 v2 server lists it in the `PAYMENT-REQUIRED` header's `accepts`. */
export const requirementV2Schema = z.looseObject({
  /** The payment scheme (`exact`). */
  scheme: nonEmptyStringSchema,
  /** The network to pay on, as a CAIP-2 id (`eip155:84532`). */
  network: nonEmptyStringSchema,
  /** The amount to pay, in the asset's atomic units, as an integer string (`"1500000"` for 1.50 USDC). */
  amount: atomicAmountSchema,
  /** The token to pay in: its contract address on an EVM network. */
  asset: nonEmptyStringSchema,
  /** The address to pay. */
  payTo: nonEmptyStringSchema,
  /** How long a signed payment stays valid, in seconds (positive). */
  maxTimeoutSeconds: timeoutSchema,
  /** Scheme-specific data (for `exact` on EVM, the token's EIP-712 `name` and `version`); may be absent or `null`. */
  extra: extraSchema,
})

/** The resource a v2 402 is about. */
export const resourceInfoSchema = z.looseObject({
  /** The URL of the resource. */
  url: z.string,
  /** What it is; may be absent or `null`. */
  description: optionalTextSchema,
  /** Its MIME type; may be absent or `null`. */
  mimeType: optionalTextSchema,
})

/** The resource a v2 402 is about, as the server described it. */
export type ResourceInfo = z.infer<typeof resourceInfoSchema>
/** A v1 payment requirement as sent. */
export type PaymentRequirementV1 = z.infer<typeof requirementV1Schema>
/** A v2 payment requirement as sent. */
export type PaymentRequirementV2 = z.infer<typeof requirementV2Schema>
