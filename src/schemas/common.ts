import * as z from 'zod/mini'

// Checks are plain functions under `z.refine`: every zod check or format class used (regex,
// minLength, int, …) adds its code to every bundle, while a refine is one class for all.

/**
 * A string status whose known values are typed, while a value the client does not know yet
 * passes as a plain string: the contract says an unknown state must never crash a client.
 */
export function openEnum<const T extends readonly string[]>(_known: T) {
  return z.string() as unknown as z.ZodMiniType<T[number] | (string & {})>
}

/** A string that `test` accepts, else an issue with `message`. */
export function checkedString(test: (s: string) => boolean, message: string) {
  return z.string().check(z.refine(test, message))
}

/** A timestamp string that `Date.parse` understands (ISO 8601 in the contract). */
export const timestampSchema = checkedString((s) => !Number.isNaN(Date.parse(s)), 'expected an ISO 8601 timestamp')

/** A non-negative decimal amount kept as a string (`"1.50"`): money never goes through floating point. */
export const decimalStringSchema = checkedString((s) => /^\d+(\.\d+)?$/.test(s), 'expected a decimal amount such as "1.50"')

/** A non-negative integer amount in a token's atomic units, as a string (`"1500000"`). */
export const atomicAmountSchema = checkedString((s) => /^\d+$/.test(s), 'expected an integer amount in atomic units')

/** A non-empty string. */
export const nonEmptyStringSchema = checkedString((s) => s !== '', 'must not be empty')

/** A positive number (a time-out, a heartbeat interval). */
export const positiveNumberSchema = z.number().check(z.refine((n) => n > 0, 'must be positive'))

/** Any JSON object, its keys kept as they are. */
export const jsonObjectSchema = z.looseObject({})

/** An amount with its currency: `{ amount: "1.50", currency: "USDC" }`. */
export const priceSchema = z.looseObject({ amount: decimalStringSchema, currency: nonEmptyStringSchema })

/** A price: a decimal amount and a currency code. */
export type Price = z.infer<typeof priceSchema>
