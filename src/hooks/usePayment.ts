import { getPaymentQueryOptions, paymentLifecycle } from '../query/getPaymentQueryOptions.js'
import type { paymentKey } from '../query/payLinkKeys.js'
import type { PollingOptions } from '../query/pollUntilSettled.js'
import type { PayLinkQueryOptions } from '../query/types.js'
import type { Payment } from '../schemas/payment.js'
import { usePayLinkClient } from './usePayLinkClient.js'
import { usePolledQuery } from './usePolledQuery.js'

/** Options of `usePayment`. */
export interface UsePaymentOptions {
  /** The polling policy (intervals, maximum duration, regression report). */
  polling?: PollingOptions | undefined
  /** TanStack Query options; the key, fetcher and polling stay ours unless overridden here. */
  query?: PayLinkQueryOptions<Payment, ReturnType<typeof paymentKey>> | undefined
}

/** Follows a payment until it is `settled`, `failed` or `expired`; `isStale` says polling gave up. */
export function usePayment(id: string | undefined, { polling, query }: UsePaymentOptions = {}) {
  // Not an app's default `keepPreviousData`: another id would show the last payment's status
  // (`settled`) as its own until the answer came. Here, not in the factory: the button follows
  // payments with it too, checks each answer's id itself, and has no bytes to spare.
  return usePolledQuery({ ...getPaymentQueryOptions(usePayLinkClient('usePayment'), id, polling), placeholderData: undefined }, paymentLifecycle, query, polling)
}
