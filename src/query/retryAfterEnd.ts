import type { PayLinkHttpError } from '../client/errors.js'
import { focusManager } from '../peers/query.js'

/** When the last failure's `Retry-After` (a 429, a 503) ends, in ms since the epoch; in the past without one. */
export function retryAfterEnd({ error, errorUpdatedAt }: { error: unknown; errorUpdatedAt: number }): number {
  return errorUpdatedAt + ((error as PayLinkHttpError | null)?.retryAfterSeconds ?? 0) * 1_000
}

/**
 * Whether a query's last failure's `Retry-After` has passed (or it had none): TanStack asks again
 * on a window focus, a reconnect or a mount, which must wait for it too, as a new request before
 * it would only meet the same refusal.
 */
export const afterRetryAfter = ({ state }: { state: { error: unknown; errorUpdatedAt: number } }) => retryAfterEnd(state) <= Date.now()

/**
 * `afterRetryAfter`, and only in a tab shown: TanStack asks on a reconnect whatever the focus, but
 * polling pauses while the document is hidden. A reconnect there would ask for every followed
 * record at once; the tab shown again asks.
 */
export const reconnectWhenShown = (query: { state: { error: unknown; errorUpdatedAt: number } }) => afterRetryAfter(query) && focusManager.isFocused()
