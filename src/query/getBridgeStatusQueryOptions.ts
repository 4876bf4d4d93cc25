import { getBridgeStatus } from '../actions/getBridgeStatus.js'
import type { PayLinkClient } from '../client/createPayLinkClient.js'
import type { PayLinkErrorType } from '../client/errors.js'
import { TERMINAL_TRANSFER_STATUSES, type Transfer, TRANSFER_STATUSES } from '../schemas/transfer.js'
import { transferKey } from './payLinkKeys.js'
import { type PollingOptions, pollUntilSettled } from './pollUntilSettled.js'
import { afterRetryAfter, reconnectWhenShown } from './retryAfterEnd.js'
import type { TaggedQueryOptions } from './types.js'

type Options<TError = PayLinkErrorType> = TaggedQueryOptions<Transfer, ReturnType<typeof transferKey>, TError>

/** The transfer lifecycle the polling policy follows. */
export const transferLifecycle = {
  /** The statuses in the order they are reached. */
  order: TRANSFER_STATUSES,
  /** The statuses after which polling stops. */
  terminal: TERMINAL_TRANSFER_STATUSES,
}

/**
 * Query options for a cross-chain transfer that poll until it is `completed`, `failed` or
 * `refunded` (see `pollUntilSettled`), asking nothing before a failure's `Retry-After`, not even
 * on a window focus, a reconnect or a mount. Disabled while `id` is missing.
 */
export function getBridgeStatusQueryOptions<TError = PayLinkErrorType>(client: PayLinkClient, id: string | undefined, polling?: PollingOptions): Options<TError> {
  return {
    queryKey: transferKey(id) as Options<TError>['queryKey'],
    // The context as the request options: the action reads only its `signal`.
    queryFn: (context) => getBridgeStatus(client, id!, context),
    // Who is asked: a PayLinkProvider mounting keeps the answers of its own API (a loader's prefetch).
    client,
    enabled: !!id,
    retry: false,
    // Not an app's default `keepPreviousData`: a badge given another transfer would show the last
    // one's status and transactions as its own, announced, until the answer came.
    placeholderData: undefined,
    ...pollUntilSettled<Transfer>(transferLifecycle, polling),
    // A transfer is followed for minutes or hours, by as many badges as a page lists: a focus, a
    // reconnect or a mount before a failure's Retry-After asks nothing (it would meet the same 429).
    // Not as `enabled`: a disabled query is polled no more, and would not resume when it ends.
    refetchOnWindowFocus: afterRetryAfter,
    refetchOnReconnect: reconnectWhenShown,
    refetchOnMount: afterRetryAfter,
  }
}
