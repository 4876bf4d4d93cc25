import type { Price } from '../schemas/common.js'
import { DEFAULT_MAX_AMOUNT, maxAmountFor } from '../x402/maxAmount.js'
import type { PaymentRequirement } from '../x402/paymentRequired.js'

/**
 * The price of a requirement, when its asset is one whose decimals are known: the USDC contracts of
 * the default spend cap (6 decimals). Anything else is `undefined` ("Pay" without an amount) rather than a guess.
 */
export function priceOf(requirement: PaymentRequirement | undefined): Price | undefined {
  if (!requirement || maxAmountFor(DEFAULT_MAX_AMOUNT, requirement.asset) === undefined) return undefined
  const digits = requirement.amount.padStart(7, '0')
  return { amount: `${digits.slice(0, -6)}.${digits.slice(-6)}`.replace(/\.?0+$/, ''), currency: 'USDC' }
}
