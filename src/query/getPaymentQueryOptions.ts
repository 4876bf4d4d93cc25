import { getPayment } from '../actions/getPayment.js'
import type { PayLinkClient } from '../client/createPayLinkClient.js'
import type { PayLinkErrorType } from '../client/errors.js'
import { type Payment, PAYMENT_STATUSES, TERMINAL_PAYMENT_STATUSES } from '../schemas/payment.js'
import { paymentKey } from './payLinkKeys.js'
import { type PollingOptions, pollUntilSettled } from './pollUntilSettled.js'
import type { TaggedQueryOptions } from './types.js'

type Options<TError = PayLinkErrorType> = TaggedQueryOptions<Payment, ReturnType<typeof paymentKey>, TError>

/** The payment lifecycle the polling policy follows. */
export const paymentLifecycle = {
  /** The statuses in the order they are reached. */
  order: PAYMENT_STATUSES,
  /** The statuses after which polling stops. */
  terminal: TERMINAL_PAYMENT_STATUSES,
}

/**
 * Query options for a payment that poll until it is `settled`, `failed` or `expired` (see
 * `pollUntilSettled`). Disabled while `id` is missing.
 */
export function getPaymentQueryOptions<TError = PayLinkErrorType>(client: PayLinkClient, id: string | undefined, polling?: PollingOptions): Options<TError> {
  return {
    queryKey: paymentKey(id) as Options<TError>['queryKey'],
    // The context as the request options: the action reads only its `signal`.
    queryFn: (context) => getPayment(client, id!, context),
    // Who is asked: a PayLinkProvider mounting keeps the answers of its own API (a loader's prefetch).
    client,
    enabled: !!id,
    retry: false,
    ...pollUntilSettled<Payment>(paymentLifecycle, polling),
  }
}
