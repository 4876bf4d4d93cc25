import * as z from './z.js'
import { checkedString, nonEmptyStringSchema } from './common.js'

/** A non-negative decimal amount kept as a string (`"1.50"`): money never goes through floating point. */
export const decimalStringSchema = checkedString((s) => /^\d+(\.\d+)?$/.test(s), 'expected a decimal amount such as "1.50"')

/** An amount with its currency: `{ amount: "1.50", currency: "USDC" }`. */
export const priceSchema = z.looseObject({
  /** The amount, as a decimal string (`"1.50"`). */
  amount: decimalStringSchema,
  /** The currency code, as the API writes it (`USDC`). */
  currency: nonEmptyStringSchema,
})

/** A price: a decimal amount and a currency code. */
export type Price = z.infer<typeof priceSchema>
