import { useCallback, useEffect, useMemo, useSyncExternalStore } from 'react'
import { type PayOptions, type PurchaseState, purchaseStoreFor } from '../payment/PurchaseStore.js'
import type { PaymentSigner } from '../x402/paymentSigner.js'
import { usePayLinkClient } from './PayLinkProvider.js'
import { usePayment } from './usePayment.js'

/** Options of `usePayLink`. */
export interface UsePayLinkOptions extends Omit<PayOptions, 'signer'> {
  /** The wallet that signs; without one a purchase cannot start (the requirements still load, and a payment already signed can be resent). */
  signer?: PaymentSigner | undefined
}

const IDLE: PurchaseState = { status: 'idle' }
const noop = () => () => {}

/**
 * The purchase state machine of a link: `idle` → `loading` → `ready` → `signing` → `verifying`
 * → `settled`, or `failed`, `cancelled` (the wallet refused) and `unknown` (the outcome is not
 * known yet: `retry` resends the same signed payment, never a new one). The requirements are
 * fetched on mount, so a click opens the wallet with no request in between.
 */
export function usePayLink(code: string | undefined, { signer, maxAmount, selectRequirement }: UsePayLinkOptions = {}) {
  const client = usePayLinkClient('usePayLink')
  const store = useMemo(() => (code ? purchaseStoreFor(client, code) : undefined), [client, code])
  const state = useSyncExternalStore(store?.subscribe ?? noop, store?.getSnapshot ?? (() => IDLE), () => IDLE)
  useEffect(() => store?.start(), [store])

  // A payment accepted as `verified` is followed until it settles, with the shared polling policy.
  const followed = usePayment(state.status === 'verifying' ? state.payment?.id : undefined)
  useEffect(() => {
    if (followed.data) store?.observePayment(followed.data)
  }, [store, followed.data])

  const pay = useCallback(
    () => store?.pay({ signer, maxAmount, selectRequirement }) ?? Promise.resolve(),
    [store, signer, maxAmount, selectRequirement],
  )
  const reset = useCallback(() => store?.reset(), [store])
  return {
    ...state,
    /** Starts the purchase (or, in `unknown`, resends the same signed payment). Never rejects. */
    pay,
    /** Abandons the purchase and fetches fresh requirements; see `PurchaseStore.reset`. */
    reset,
    /** Whether a click would start a purchase (needs a signer) or resend one whose outcome is unknown (does not). */
    canPay: state.status === 'unknown' || (!!signer && ['ready', 'cancelled', 'failed'].includes(state.status)),
    /** Settlement is taking longer than usual. */
    isStale: followed.isStale,
  }
}
