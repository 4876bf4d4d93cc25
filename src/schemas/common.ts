import * as z from 'zod/mini'

/**
 * A string status whose known values are typed, while a value the client does not know yet
 * passes as a plain string: the contract says an unknown state must never crash a client.
 */
export function openEnum<const T extends readonly string[]>(_known: T) {
  return z.string() as unknown as z.ZodMiniType<T[number] | (string & {})>
}

/** A timestamp string that `Date.parse` understands (ISO 8601 in the contract). */
export const timestampSchema = z.string().check(
  z.refine((s) => !Number.isNaN(Date.parse(s)), 'expected an ISO 8601 timestamp'),
)

/** A non-negative decimal amount kept as a string (`"1.50"`): money never goes through floating point. */
export const decimalStringSchema = z.string().check(
  z.regex(/^\d+(\.\d+)?$/, 'expected a decimal amount such as "1.50"'),
)

/** A non-negative integer amount in a token's atomic units, as a string (`"1500000"`). */
export const atomicAmountSchema = z.string().check(z.regex(/^\d+$/, 'expected an integer amount in atomic units'))

/** A non-empty string. */
export const nonEmptyStringSchema = z.string().check(z.minLength(1))

/** An amount with its currency: `{ amount: "1.50", currency: "USDC" }`. */
export const priceSchema = z.looseObject({ amount: decimalStringSchema, currency: nonEmptyStringSchema })

/** A price: a decimal amount and a currency code. */
export type Price = z.infer<typeof priceSchema>
