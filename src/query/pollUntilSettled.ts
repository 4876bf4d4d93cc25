import type { Query } from '@tanstack/react-query'
import { replaceEqualDeep } from '../peers/query.js'
import type { PayLinkHttpError } from '../client/errors.js'
import { timerDelay } from '../client/timerDelay.js'

/** Options of the polling policy shared by `usePayment` and `useBridgeStatus`. */
export interface PollingOptions {
  /** First interval between polls. Defaults to `2000` ms. */
  initialIntervalMs?: number | undefined
  /** Longest interval between polls; the interval grows by half each poll up to this. Defaults to `30000` ms. */
  maxIntervalMs?: number | undefined
  /** Polling stops after this long without a terminal status, and the hook reports `isStale`. Defaults to 30 minutes. */
  maxDurationMs?: number | undefined
  /** Called when a response would move the status backwards; that response is not shown. Defaults to a `console.warn` in development builds, nothing in production. */
  onRegression?: ((seen: string, received: string) => void) | undefined
}

/** A status lifecycle: statuses in order, and those after which nothing changes. */
export interface Lifecycle {
  /** The statuses in the order they happen; an answer whose status is earlier than one shown is not shown. */
  order: readonly string[]
  /** The statuses that end the lifecycle (`undefined`, no status yet, is not one of them). */
  terminal: readonly string[]
}

/** How long polling goes on without a terminal status, by default: 30 minutes. */
export const MAX_DURATION_MS = 30 * 60_000

/** When polling of each query began (its first answer); `usePolledQuery` reads it for `isStale`. */
export const startedAt = new WeakMap<object, number>()

// The furthest known status each answer shown had reached: one this version does not know, shown
// in between, must not let an earlier one through after it (in_transit, then a new status, then pending).
const reached = new WeakMap<object, number>()

/**
 * Whether `error` ends polling for good: a 4xx (but 408 and 429) or an answer that breaks the
 * contract, which asking again cannot fix. No error and a network error do not.
 */
export function stopsPolling(error: { name: string } | null | undefined): boolean {
  // Errors are told apart by `name`, as their docs advise: a bundle that only polls then carries
  // none of the error classes it never throws. No error and a network error count as a 5xx.
  const httpStatus =
    !error || error.name === 'PayLinkNetworkError' ? 500 : error.name === 'PayLinkHttpError' ? (error as PayLinkHttpError).status : 0
  return httpStatus < 500 && ![408, 429].includes(httpStatus)
}

/**
 * The polling policy, defined once: back-off from about 2 s to 30 s, `Retry-After` honoured (a
 * 429's, a 503's), no polling while the document is hidden, none after a terminal status or past
 * `maxDurationMs`, and never a step backwards.
 */
export function pollUntilSettled<T extends { status: string }>(
  { order, terminal }: Lifecycle,
  {
    initialIntervalMs = 2_000,
    maxIntervalMs = 30_000,
    maxDurationMs = MAX_DURATION_MS,
    onRegression,
  }: PollingOptions = {},
) {
  return {
    refetchInterval: (query: Query<T, any, T, any>): number | false => {
      const { data, error, dataUpdatedAt, dataUpdateCount, errorUpdateCount, errorUpdatedAt } = query.state
      // The clock starts at the first answer, an error included: a query that never ran (no id yet)
      // is never stale. A reset query (resetQueries) has no answer again, and starts over.
      if (!(dataUpdateCount + errorUpdateCount)) startedAt.delete(query)
      else if (!startedAt.has(query)) startedAt.set(query, Date.now())
      if (stopsPolling(error) || terminal.includes(data?.status!)) return false
      const left = startedAt.get(query)! + maxDurationMs - Date.now()
      // NaN until the first answer, which sets the timers again: no poll before it, nor past the deadline.
      // The back-off, or a failure's Retry-After when longer: only an HTTP error has the field (a
      // 429's, or a 503's that says when to come back).
      const wait = Math.max(
        Math.min(maxIntervalMs, initialIntervalMs * 1.5 ** (dataUpdateCount + errorUpdateCount - 1)),
        ((error as PayLinkHttpError | null)?.retryAfterSeconds ?? 0) * 1000,
      )
      // Due a wait after the last answer, not after this render: TanStack starts its timer again on
      // each mount and each new value, which must not put the poll off (a badge mounted inside a
      // Retry-After, a render near the deadline). The last poll lands on the deadline, so the render
      // after it can report isStale: inside a Retry-After too, as nothing else would render it on
      // time (a 503's may say a day). Never more than the wait from now: a last answer in the future
      // is a device clock set back since (an NTP correction, a time zone put right), and the poll
      // would wait out the whole jump (an hour back, a badge stuck on "In transit" for an hour).
      const due = Math.min(wait + Math.max(dataUpdatedAt, errorUpdatedAt) - Date.now(), wait, left)
      // Overdue (a request under way, whose answer sets the timer again, or a render between the due
      // time and the timer) or due within a millisecond: a second. Not 0 or less, which TanStack takes
      // for no timer (polling would stop), nor a fraction of a millisecond, which a fake clock repeats
      // forever; nor 1 ms while a request lasts, a timer that would fire every few ms.
      return left > 0 && timerDelay(due >= 1 ? due : 1_000)
    },
    refetchIntervalInBackground: false,
    // A terminal answer never needs fetching again: not on focus, not on remount.
    staleTime: (query: Query<T, any, T, any>) => (terminal.includes(query.state.data?.status!) ? Infinity : 0),
    structuralSharing: (previous: unknown, next: unknown): T => {
      const seen = (previous as T | undefined)?.status
      const received = (next as T).status
      // A step back is any status after a terminal one, or a known status ranked below the furthest
      // one reached (that of an answer not shown here, from setQueryData or hydration, is its own).
      // Terminal statuses rank last, and statuses this version does not know are never a step back.
      const to = terminal.includes(received) ? -1 : order.indexOf(received)
      const furthest = reached.get(previous as object) ?? order.indexOf(seen!)
      if (seen !== received && (terminal.includes(seen!) || (to >= 0 && to < furthest))) {
        if (onRegression) onRegression(seen!, received)
        // Only a developer reads it: production builds drop the message (as TanStack Query does).
        else if (process.env.NODE_ENV !== 'production') console.warn(`[paylink] ignored a backward status: "${received}" after "${seen}"`)
        return previous as T
      }
      const shared = replaceEqualDeep(previous, next) as T
      reached.set(shared, Math.max(furthest, to))
      return shared
    },
  }
}
