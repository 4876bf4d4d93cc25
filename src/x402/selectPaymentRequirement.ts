import { PayLinkPaymentError } from '../client/errors.js'
import { DEFAULT_MAX_AMOUNT, type MaxAmount, maxAmountFor } from './maxAmount.js'
import type { PaymentRequired, PaymentRequirement } from './paymentRequired.js'
import type { PaymentSigner } from './paymentSigner.js'
import { signerSupports } from './signerSupports.js'

/** Options of `selectPaymentRequirement`. */
export interface SelectPaymentRequirementOptions {
  /** The wallet that will pay. */
  signer: PaymentSigner
  /** The most to pay per asset, in atomic units; an asset not listed is never paid. Defaults to `DEFAULT_MAX_AMOUNT` ($0.10 of USDC). */
  maxAmount?: MaxAmount
  /** Picks one of the payable requirements (each one the signer can pay, within `maxAmount`). Defaults to the first. */
  selectRequirement?: (payable: PaymentRequirement[]) => PaymentRequirement | undefined
}

const describe = (r: PaymentRequirement) => `${r.amount} of ${r.asset} on ${r.network} (${r.scheme})`

/**
 * Picks the requirement of a 402 to pay: the first (or the caller-selected) one the signer can pay
 * and that is within `maxAmount`. Throws a `PayLinkPaymentError` (`no_payable_requirement` or
 * `exceeds_max_amount`) when there is none, before anything is signed.
 */
export function selectPaymentRequirement(
  paymentRequired: PaymentRequired,
  options: SelectPaymentRequirementOptions,
): PaymentRequirement {
  const { signer, maxAmount = DEFAULT_MAX_AMOUNT } = options
  const schemes = signer.schemes ?? ['exact']
  const supported = paymentRequired.accepts.filter((r) => schemes.includes(r.scheme) && signerSupports(signer, r.network))
  if (supported.length === 0) {
    throw new PayLinkPaymentError({
      reason: 'no_payable_requirement',
      message: 'The wallet cannot pay in any of the ways the server accepts',
      details: `offered: ${paymentRequired.accepts.map(describe).join('; ') || 'nothing'}; the wallet pays ${schemes.join(', ')} on ${signer.networks.join(', ')}`,
    })
  }
  const payable = supported.filter((r) => {
    const cap = maxAmountFor(maxAmount, r.asset)
    return cap !== undefined && BigInt(r.amount) <= cap
  })
  if (payable.length === 0) {
    throw new PayLinkPaymentError({
      reason: 'exceeds_max_amount',
      message: 'The price is above the spending limit (maxAmount)',
      details: supported.map((r) => `${describe(r)}; limit ${maxAmountFor(maxAmount, r.asset) ?? 'none'}`).join('; '),
    })
  }
  const chosen = options.selectRequirement ? options.selectRequirement(payable) : payable[0]
  if (!chosen || !payable.includes(chosen)) {
    throw new PayLinkPaymentError({
      reason: 'no_payable_requirement',
      message: 'selectRequirement chose none of the payable requirements it was given',
    })
  }
  return chosen
}
