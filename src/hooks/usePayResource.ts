import type { PayLinkErrorType } from '../client/errors.js'
import type { PurchaseStatus } from '../payment/PurchaseStore.js'
import { resourcePurchase } from '../payment/resourcePurchase.js'
import { usePurchase } from '../payment/usePurchase.js'
import { priceToPay } from '../payment/priceToPay.js'
import { usePayLinkClient } from './usePayLinkClient.js'
import type { Price } from '../schemas/common.js'
import type { MaxAmount } from '../x402/maxAmount.js'
import type { PaymentRequirement } from '../x402/paymentRequired.js'
import type { PaymentSigner } from '../x402/paymentSigner.js'
import type { SettleResponse } from '../x402/schemas.js'

/** Options of `usePayResource`. */
export interface UsePayResourceOptions {
  /** The wallet that signs; without one the purchase cannot start (the price still loads). */
  signer?: PaymentSigner | undefined
  /** Spend cap per asset, in atomic units. Defaults to $0.10 of USDC. */
  maxAmount?: MaxAmount | undefined
  /** Picks among the payable requirements, for `pay` and for `price` (so it runs on render too). Defaults to the first. */
  selectRequirement?: ((payable: PaymentRequirement[]) => PaymentRequirement | undefined) | undefined
  /** Time-out of each request until its headers arrive, in ms. Defaults to `15000`. */
  timeoutMs?: number | undefined
}

/** A snapshot of a purchase of an x402 URL. */
export interface PayResourceState {
  /** Where the purchase stands; `settled` once the answer was paid for. */
  status: PurchaseStatus
  /**
   * The price `pay` would sign, from the 402 read on mount: that of the requirement the signer pays
   * (within `maxAmount`, through `selectRequirement`), or without a signer the price all the
   * requirements share. Only for an asset whose decimals are known (USDC); else `undefined`, as when
   * nothing is within `maxAmount` and while `failed`. `null` when the signer can pay none of the
   * requirements (their networks or schemes, or `selectRequirement` chose none): a click could only
   * fail, so offer another wallet instead.
   */
  price?: Price | null | undefined
  /**
   * `true` when the last click signed nothing because the server now asks more than `price` (or
   * another asset or network): `price` is the new one, and the next click pays it. Let your
   * button ignore the second click of a double click (`event.detail > 1`): it was aimed at the old price.
   */
  priceChanged?: boolean | undefined
  /** `true` while `signing` once the wallet has not answered for 20 s: `pay` then abandons that request and asks again. */
  walletSlow?: boolean | undefined
  /** The settlement the server sent with the paid answer, if it sent one. */
  proof?: SettleResponse | undefined
  /** The paid-for answer (`settled`), its body unread: a copy for this hook alone, so that every hook and button showing the purchase can read it (the purchase lets the answer go once none shows it). */
  response?: Response | undefined
  /** Why the purchase failed, or why its outcome is unknown. */
  error?: PayLinkErrorType | undefined
}

/**
 * The purchase state machine of any x402 URL, with `usePayLink`'s statuses and rules: the price
 * is read on mount (a GET without payment), a click asks for fresh requirements and signs once
 * (clicks while a purchase is in flight do nothing) if they ask no more than the price shown (else
 * it signs nothing and shows the new price, `priceChanged`), a wallet refusal is `cancelled`, and a paid
 * request without a clear answer is `unknown`, where `pay` resends the same signed payment (as
 * coming back online does). Every hook on the page that shows the same URL shares one purchase,
 * whatever its provider's client.
 */
export function usePayResource(resource: string | undefined, { timeoutMs, ...options }: UsePayResourceOptions = {}) {
  // Its purchases need no client (a URL is fetched with the global fetch), but the hook, as every
  // hook of the package, names itself outside a provider.
  usePayLinkClient('usePayResource')
  // The purchases are kept per URL: the lookup gives the same store on every render.
  const purchase = usePurchase(resource ? resourcePurchase(resource, { timeoutMs }) : undefined, options)
  const price = priceToPay(purchase.paymentRequired, options)
  // A click that failed before signing leaves what it read, but the next click is held to the price
  // shown before it: read with other options since (a cap raised, another wallet), that price could
  // say less than the click signs. As the button's "Try again", a failure shows none (`null` stays).
  return { ...purchase, price: price && purchase.status === 'failed' ? undefined : price }
}
