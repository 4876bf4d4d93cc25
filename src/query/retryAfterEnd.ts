import type { PayLinkHttpError } from '../client/errors.js'
import { focusManager } from '../peers/query.js'

// When each failure dated in the future was first seen so (see retryAfterEnd).
const seen = new WeakMap<object, number>()

/**
 * When the last failure's `Retry-After` (a 429, a 503) ends, in ms since the epoch; in the past without one.
 * A failure dated in the future is a device clock set back since (an NTP correction, a time zone put
 * right) or a server's clock ahead (hydrated): its wait counts from when it was first seen so, or
 * nothing would be asked, and the retry button would say "in 1 hour", for the whole jump.
 */
export function retryAfterEnd({ error, errorUpdatedAt }: { error: unknown; errorUpdatedAt: number }): number {
  const wait = ((error as PayLinkHttpError | null)?.retryAfterSeconds ?? 0) * 1_000
  // Seen again after a second jump back: from then.
  if (wait && errorUpdatedAt > Date.now() && (seen.get(error as object) ?? Infinity) > Date.now()) seen.set(error as object, Date.now())
  return Math.min(errorUpdatedAt, seen.get(error as object) ?? Infinity) + wait
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
