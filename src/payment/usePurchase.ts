import { useEffect, useMemo, useSyncExternalStore } from '../peers/react.js'
import type { PayLinkClient } from '../client/createPayLinkClient.js'
import { noop } from '../client/timerDelay.js'
import { usePolledQueryState } from '../hooks/usePolledQuery.js'
import { getPaymentQueryOptions, paymentLifecycle } from '../query/getPaymentQueryOptions.js'
import { stopsPolling } from '../query/pollUntilSettled.js'
import type { Payment } from '../schemas/payment.js'
import type { PayOptions, PurchaseSnapshot, PurchaseStore } from './PurchaseStore.js'

const IDLE = { status: 'idle' } as const
const idle = <A>() => IDLE as PurchaseSnapshot<A>

/**
 * `usePurchase`, with a payment accepted as `verified` followed until it settles (`usePayment`'s
 * query and polling policy, on the caller's `client`: usePayment would read the provider again), or
 * `unknown` if following it fails for good, and `isStale` once that takes longer than usual. Only a
 * link's purchase is ever accepted as `verified`; for any other the payment query stays disabled.
 */
export function useFollowedPurchase<A extends object>(client: PayLinkClient, store: PurchaseStore<A> | undefined, options: Partial<PayOptions>) {
  const purchase = usePurchase(store, options)
  // The payment followed: the one accepted as `verified`. Reading isFetching re-renders as each
  // answer comes, so that `isStale` is looked at again then.
  // A failure is the purchase's to show (`unknown`), not the app's error boundary's (throwOnError).
  const [{ data, error, isFetching }, isStale] = usePolledQueryState(
    { ...getPaymentQueryOptions(client, purchase.status === 'verifying' ? (purchase as { payment?: Payment }).payment?.id : undefined), throwOnError: false },
    paymentLifecycle,
  )
  useEffect(() => {
    // A 404 (read-after-write lag), an expired session or a body that is not JSON ends the polling,
    // which would leave the purchase `verifying` for good. Not while fetching: following the payment
    // again (after a resend) refetches, and the last error shows until the answer comes.
    store?.observe((!isFetching && stopsPolling(error) && error) || data)
  }, [store, data, error, isFetching])

  return {
    ...purchase,
    /** Settlement is taking longer than usual (the payment query's clock starts at its first answer, so never while sending). */
    isStale,
  }
}

// After useFollowedPurchase, which calls it (a function declaration: its place changes nothing at
// run time): an app's bundle of this order gzips smaller (PayLinkButton alone 1 B).
/** A purchase store in React, shared by `usePayLink` and `usePayResource`: its state, `pay`, `reset` and `canPay`. */
export function usePurchase<A extends object>(store: PurchaseStore<A> | undefined, { signer, maxAmount, selectRequirement }: Partial<PayOptions>) {
  // `noop` is also `reset` without a store; the store's own methods need no `this`, so they are passed as they are.
  const state: PurchaseSnapshot<A> = useSyncExternalStore(store ? store.subscribe : noop, store ? store.getSnapshot : idle, idle)
  useEffect(() => store?.start(), [store])
  // useMemo of a function is useCallback, which the bundle then need not name too.
  const pay = useMemo(() => async () => store?.pay({ signer, maxAmount, selectRequirement }), [store, signer, maxAmount, selectRequirement])
  // One paid-for answer, many readers (every hook and button showing the purchase): each gets a copy
  // of its own to read, and the store's own stays unread for the next.
  const { response } = state as { response?: Response }
  const own = useMemo(() => response?.clone(), [response])
  return {
    ...state,
    ...(own && { response: own }),
    /** Starts the purchase (or, in `unknown`, resends the same signed payment). Never rejects. */
    pay,
    /**
     * Abandons the purchase and fetches fresh requirements. In `signing` it is the way out of a wallet
     * that never answers: whatever that wallet signs later is dropped unsent. Does nothing in
     * `verifying`; in `unknown` it forgets a payment that may have gone through. After terms that
     * could not be read, the new read starts 500 ms after `loading` (for a screen reader's sake).
     */
    reset: (store ? store.reset : noop) as () => void,
    /** Whether a click would start a purchase (needs a signer), ask a `walletSlow` wallet again, or resend one whose outcome is unknown (needs none). */
    canPay: state.status === 'unknown' || (!!signer && (['ready', 'cancelled', 'failed'].includes(state.status) || !!state.walletSlow)),
  }
}
