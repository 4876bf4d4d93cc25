import { paymentError } from '../client/errors.js'
import { flowRank } from './flowRank.js'
import { DEFAULT_MAX_AMOUNT, type MaxAmount, maxAmountFor } from './maxAmount.js'
import type { PaymentRequired, PaymentRequirement } from './paymentRequired.js'
import type { PaymentSigner } from './paymentSigner.js'
import { signerSupports } from './signerSupports.js'

/** Options of `selectPaymentRequirement`. */
export interface SelectPaymentRequirementOptions {
  /** The wallet that will pay. */
  signer: PaymentSigner
  /** The most to pay per asset, in atomic units; an asset not listed is never paid. Defaults to `DEFAULT_MAX_AMOUNT` ($0.10 of USDC). */
  maxAmount?: MaxAmount | undefined
  /**
   * Picks one of the payable requirements (each one the signer can pay, within `maxAmount`; only those
   * that charge after the request succeeded, when there are any). Defaults to the first.
   */
  selectRequirement?: ((payable: PaymentRequirement[]) => PaymentRequirement | undefined) | undefined
}

const describe = (r: PaymentRequirement) => `${r.amount} of ${r.asset} on ${r.network} (${r.scheme})`

/**
 * Picks the requirement of a 402 to pay: the first (or the caller-selected) one the signer can pay
 * (its networks, schemes and `supports`) and that is within `maxAmount`. As x402's reference client
 * does, a requirement whose `extra.paymentFlow` is not one x402 defines is never paid, and one that
 * charges only after the request succeeded (`authorization`, the default) is preferred to one that
 * charges before it runs (`upfront`, `escrow`). Throws a
 * `PayLinkPaymentError` (`no_payable_requirement` or `exceeds_max_amount`) when there is none,
 * before anything is signed.
 */
export function selectPaymentRequirement(
  { accepts }: PaymentRequired,
  { signer, maxAmount = DEFAULT_MAX_AMOUNT, selectRequirement = (payable) => payable[0] }: SelectPaymentRequirementOptions,
): PaymentRequirement {
  const schemes = signer.schemes ?? ['exact']
  const supported = accepts.filter(
    (r) =>
      schemes.includes(r.scheme) &&
      signerSupports(signer, r.network) &&
      flowRank(r) >= 0 &&
      signer.supports?.(r) !== false,
  )
  if (!supported.length) {
    throw paymentError(
      'no_payable_requirement',
      'The wallet can pay none of the ways the server accepts',
      `offered: ${accepts.map(describe).join('; ') || 'nothing'}; the wallet pays ${schemes.join(', ')} on ${signer.networks.join(', ')}`,
    )
  }
  const capOf = (r: PaymentRequirement) => maxAmountFor(maxAmount, r.asset)
  // An asset without a cap is never paid.
  const payable = supported.filter((r) => BigInt(r.amount) <= (capOf(r) ?? -1n))
  if (!payable.length) {
    throw paymentError(
      'exceeds_max_amount',
      'The price is above the spending limit (maxAmount)',
      supported.map((r) => `${describe(r)}; limit ${capOf(r) ?? 'none'}`).join('; '),
    )
  }
  const afterSuccess = payable.filter((r) => !flowRank(r))
  const offered = afterSuccess.length ? afterSuccess : payable
  const chosen = selectRequirement(offered)
  // undefined (no choice) is not in the list either.
  if (!offered.includes(chosen!)) throw paymentError('no_payable_requirement', 'selectRequirement chose none of the payable requirements')
  return chosen!
}
