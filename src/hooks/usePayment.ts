import { getPaymentQueryOptions, paymentLifecycle } from '../query/getPaymentQueryOptions.js'
import type { paymentKey } from '../query/payLinkKeys.js'
import type { PollingOptions } from '../query/pollUntilSettled.js'
import { afterRetryAfter, reconnectWhenShown } from '../query/retryAfterEnd.js'
import type { PayLinkQueryOptions } from '../query/types.js'
import type { Payment } from '../schemas/payment.js'
import { usePayLinkClient } from './usePayLinkClient.js'
import { usePolledQuery } from './usePolledQuery.js'
import { useRetryAfterOptions } from './useRetryAfterOptions.js'

/** Options of `usePayment`. */
export interface UsePaymentOptions {
  /** The polling policy (intervals, maximum duration, regression report). */
  polling?: PollingOptions | undefined
  /** TanStack Query options; the key, fetcher and polling stay ours unless overridden here. */
  query?: PayLinkQueryOptions<Payment, ReturnType<typeof paymentKey>> | undefined
}

/**
 * Follows a payment until it is `settled`, `failed` or `expired`; `isStale` says polling gave up.
 * Nothing is asked before a failure's `Retry-After` ends, not even on a window focus, a reconnect
 * or a mount, whatever the app's `gcTime`.
 */
export function usePayment(id: string | undefined, { polling, query }: UsePaymentOptions = {}) {
  const options = getPaymentQueryOptions(usePayLinkClient('usePayment'), id, polling)
  // A failure's Retry-After held as useBridgeStatus holds a transfer's (see there). Here, not in the
  // factory: the button follows payments with it too (for seconds), and has no bytes to spare.
  const wait = useRetryAfterOptions(options.queryKey)
  // Not an app's default `keepPreviousData`: another id would show the last payment's status
  // (`settled`) as its own until the answer came (the button checks each answer's id itself).
  return usePolledQuery(
    {
      ...options,
      placeholderData: undefined,
      refetchOnWindowFocus: afterRetryAfter,
      refetchOnReconnect: reconnectWhenShown,
      refetchOnMount: afterRetryAfter,
      retryOnMount: !wait?.gcTime,
      ...wait,
    },
    paymentLifecycle,
    query,
    polling,
  )
}
