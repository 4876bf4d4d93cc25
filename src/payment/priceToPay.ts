import type { Price } from '../schemas/common.js'
import { DEFAULT_MAX_AMOUNT, maxAmountFor } from '../x402/maxAmount.js'
import type { PaymentRequired, PaymentRequirement } from '../x402/paymentRequired.js'
import { selectPaymentRequirement, type SelectPaymentRequirementOptions } from '../x402/selectPaymentRequirement.js'
import type { PayOptions } from './PurchaseStore.js'

/**
 * The price of a requirement, when its asset is one whose decimals are known: the USDC contracts of
 * the default spend cap (6 decimals). Anything else is `undefined` ("Pay" without an amount) rather than a guess.
 */
function priceOf(requirement: PaymentRequirement): Price | undefined {
  if (maxAmountFor(DEFAULT_MAX_AMOUNT, requirement.asset) === undefined) return undefined
  const digits = requirement.amount.padStart(7, '0')
  return { amount: `${digits.slice(0, -6)}.${digits.slice(-6)}`.replace(/\.?0+$/, ''), currency: 'USDC' }
}

/**
 * The price a click would sign: that of the requirement `pay` picks with the same options, or, with
 * no signer to pick, the price every requirement shares. `undefined` ("Pay" without an amount) when
 * none is payable, when the requirements differ in price and no signer picks, or when the price
 * cannot be read (`priceOf`).
 */
export function priceToPay(required: PaymentRequired | undefined, options: Partial<PayOptions>): Price | undefined {
  try {
    const prices = (options.signer ? [selectPaymentRequirement(required!, options as SelectPaymentRequirementOptions)] : required!.accepts).map(priceOf)
    if (prices.every((price) => price?.amount === prices[0]?.amount)) return prices[0]
  } catch {
    // No 402 read yet, or nothing payable (or a bad `maxAmount`, which `pay` reports): a click signs nothing.
  }
}
