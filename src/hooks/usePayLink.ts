import { useEffect, useMemo } from 'react'
import { linkPurchase } from '../payment/linkPurchase.js'
import type { PayOptions, PurchaseStore } from '../payment/PurchaseStore.js'
import { usePurchase } from '../payment/usePurchase.js'
import type { PaymentSigner } from '../x402/paymentSigner.js'
import { usePayLinkClient } from './usePayLinkClient.js'
import { usePayment } from './usePayment.js'

/** Options of `usePayLink`. */
export interface UsePayLinkOptions extends Omit<PayOptions, 'signer'> {
  /** The wallet that signs; without one a purchase cannot start (the requirements still load, and a payment already signed can be resent). */
  signer?: PaymentSigner | undefined
}

/**
 * The purchase state machine of a link: `idle` → `loading` → `ready` → `signing` → `verifying`
 * → `settled`, or `failed`, `cancelled` (the wallet refused) and `unknown` (the outcome is not
 * known yet: `pay` resends the same signed payment, never a new one). The requirements are
 * fetched on mount, so a click opens the wallet with no request in between.
 */
export function usePayLink(code: string | undefined, options: UsePayLinkOptions = {}) {
  const client = usePayLinkClient('usePayLink')
  return useFollowedPurchase(
    useMemo(() => (code ? linkPurchase(client, code) : undefined), [client, code]),
    options,
  )
}

/**
 * `usePurchase`, with a payment accepted as `verified` followed until it settles (the shared
 * polling policy), and `isStale` once that takes longer than usual. Only a link's purchase is ever
 * accepted as `verified`; for any other the payment query stays disabled.
 */
export function useFollowedPurchase<A extends object>(store: PurchaseStore<A> | undefined, options: Partial<PayOptions>) {
  const purchase = usePurchase(store, options)
  const { payment } = purchase as { payment?: { id: string } }
  const followed = usePayment(purchase.status === 'verifying' ? payment?.id : undefined)
  useEffect(() => {
    if (followed.data) store?.observePayment(followed.data)
  }, [store, followed.data])

  return {
    ...purchase,
    /** Settlement is taking longer than usual. */
    isStale: followed.isStale,
  }
}
