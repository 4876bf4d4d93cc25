import type { PayLinkPaymentError } from '../client/errors.js'
import type { Price } from '../schemas/common.js'
import { DEFAULT_MAX_AMOUNT, maxAmountFor } from '../x402/maxAmount.js'
import type { PaymentRequired } from '../x402/paymentRequired.js'
import { selectPaymentRequirement, type SelectPaymentRequirementOptions } from '../x402/selectPaymentRequirement.js'
import type { PayOptions } from './PurchaseStore.js'

/**
 * The price a click would sign: that of the requirement `pay` picks with the same options, or, with
 * no signer to pick, the price every requirement shares. `null` when the signer can pay none of the
 * requirements (their networks or schemes, or none at all), where a click could only fail.
 * `undefined` ("Pay" without an amount) when none is within `maxAmount`, when the requirements
 * differ in price and no signer picks, or when the price cannot be read.
 */
export function priceToPay(required: PaymentRequired | undefined, options: Partial<PayOptions>): Price | null | undefined {
  try {
    // A price is read only off an asset whose decimals are known: the USDC contracts of the default
    // spend cap (6 decimals). Any other is `undefined` ("Pay" without an amount) rather than a guess.
    const prices = (options.signer ? [selectPaymentRequirement(required!, options as SelectPaymentRequirementOptions)] : required!.accepts).map(
      // Every default cap is above 0n: a listed asset's is truthy.
      ({ amount, asset }) =>
        (maxAmountFor(DEFAULT_MAX_AMOUNT, asset) &&
          // Six decimals put in (with a 0 before the point at least), then the trailing zeros taken out.
          { amount: amount.padStart(7, '0').replace(/\d{6}$/, '.$&').replace(/\.?0+$/, ''), currency: 'USDC' }) as Price | undefined,
    )
    // `some` (as the bundle calls elsewhere) rather than `every`: one array method fewer to name.
    if (!prices.some((price) => price?.amount !== prices[0]?.amount)) return prices[0]
  } catch (error) {
    // Else no 402 read yet, or nothing within `maxAmount` (or a bad one), which a click reports; or
    // the app's `selectRequirement` or `supports` threw, maybe not an object (`throw null`).
    if ((error as PayLinkPaymentError | null)?.reason === 'no_payable_requirement') return null
  }
}
