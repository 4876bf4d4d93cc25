import type { PurchaseStatus } from '../payment/PurchaseStore.js'

/** What a `PayLinkButton` shows, as its `data-state`: a purchase's status (`idle` shows as `loading`), or `disabled`. */
export type PayLinkButtonState = Exclude<PurchaseStatus, 'idle'> | 'disabled'

/** What `payLinkButtonState` reads. */
export interface PayLinkButtonStateInput {
  /** The purchase's status (`usePayLink` or `usePayResource`). */
  status: PurchaseStatus
  /** The button cannot start a purchase: the `disabled` prop, or no signer. */
  disabled: boolean
  /** A price shown from elsewhere (the link's) is still loading: a `ready` purchase is then `loading`. `PayLinkButton` passes `false`: the price it shows is the 402's, read before `ready`. */
  linkLoading: boolean
}

/**
 * The button's `data-state`. A payment under way or done (`signing`, `verifying`, `settled`,
 * `unknown`) is always shown, even when the button is disabled meanwhile: hiding it would tell the
 * user that nothing was paid. Otherwise a button that cannot start a purchase is `disabled`.
 */
export function payLinkButtonState({ status, disabled, linkLoading }: PayLinkButtonStateInput): PayLinkButtonState {
  return buttonState(status, disabled, linkLoading)
}

/** `payLinkButtonState` with its input as arguments, as the button calls it (no input object to build). */
export function buttonState(status: PurchaseStatus, disabled: boolean, linkLoading?: boolean): PayLinkButtonState {
  if (['settled', 'signing', 'verifying', 'unknown'].includes(status)) return status as PayLinkButtonState
  if (disabled) return 'disabled'
  // A `loading` status is `loading` already.
  return status === 'idle' || (status === 'ready' && linkLoading) ? 'loading' : status
}
