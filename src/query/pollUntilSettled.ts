import { type Query, replaceEqualDeep } from '@tanstack/react-query'
import { PayLinkHttpError, PayLinkNetworkError } from '../client/errors.js'

/** Options of the polling policy shared by `usePayment` and `useBridgeStatus`. */
export interface PollingOptions {
  /** First interval between polls. Defaults to `2000` ms. */
  initialIntervalMs?: number
  /** Longest interval between polls; the interval grows by half each poll up to this. Defaults to `30000` ms. */
  maxIntervalMs?: number
  /** Polling stops after this long without a terminal status, and the hook reports `isStale`. Defaults to 30 minutes. */
  maxDurationMs?: number
  /** Called when a response would move the status backwards; that response is not shown. Defaults to a `console.warn`. */
  onRegression?: (seen: string, received: string) => void
}

/** A status lifecycle: statuses in order, and those after which nothing changes. */
export interface Lifecycle {
  order: readonly string[]
  terminal: readonly string[]
}

const startedAt = new WeakMap<object, number>()

/** When polling of a query began (its first poll), or `undefined` before that. */
export function pollingStartedAt(query: object | undefined): number | undefined {
  return query && startedAt.get(query)
}

/** Whether a status ends the lifecycle. */
export function isTerminal(lifecycle: Lifecycle, status: string | undefined): boolean {
  return status !== undefined && lifecycle.terminal.includes(status)
}

// Terminal statuses all rank last: after one of them, any other status is a step back.
function rank(lifecycle: Lifecycle, status: string): number {
  return isTerminal(lifecycle, status) ? lifecycle.order.length : lifecycle.order.indexOf(status)
}

/**
 * The polling policy, defined once: back-off from about 2 s to 30 s, `Retry-After` honoured on
 * 429, no polling while the document is hidden, none after a terminal status or past
 * `maxDurationMs`, and never a step backwards.
 */
export function pollUntilSettled<T extends { status: string }>(
  lifecycle: Lifecycle,
  {
    initialIntervalMs = 2_000,
    maxIntervalMs = 30_000,
    maxDurationMs = 30 * 60_000,
    onRegression = (seen, received) => console.warn(`[paylink] ignored a status that moved backwards: "${received}" after "${seen}"`),
  }: PollingOptions = {},
) {
  return {
    refetchInterval: (query: Query<T, any, T, any>): number | false => {
      const { data, error, dataUpdateCount, errorUpdateCount } = query.state
      // Asking again cannot fix a 4xx (but 408 and 429) or an answer that breaks the contract.
      const permanent =
        error &&
        !(error instanceof PayLinkNetworkError) &&
        !(error instanceof PayLinkHttpError && (error.status >= 500 || error.status === 408 || error.status === 429))
      if (permanent || isTerminal(lifecycle, data?.status)) return false
      if (!startedAt.has(query)) startedAt.set(query, Date.now())
      const remaining = startedAt.get(query)! + maxDurationMs - Date.now()
      if (remaining <= 0) return false
      let interval = Math.min(maxIntervalMs, initialIntervalMs * 1.5 ** Math.max(0, dataUpdateCount + errorUpdateCount - 1))
      if (error instanceof PayLinkHttpError && error.status === 429) interval = Math.max(interval, (error.retryAfterSeconds ?? 0) * 1000)
      // The last poll lands on the deadline, so the render after it can report isStale.
      return Math.min(interval, remaining)
    },
    refetchIntervalInBackground: false,
    // A terminal answer never needs fetching again: not on focus, not on remount.
    staleTime: (query: Query<T, any, T, any>) => (isTerminal(lifecycle, query.state.data?.status) ? Infinity : 0),
    structuralSharing: (previous: unknown, next: unknown): T => {
      const seen = (previous as T | undefined)?.status
      const received = (next as T).status
      // Statuses this version does not know (rank -1) are never taken for a step back, but nothing
      // replaces a terminal status.
      if (seen !== undefined && seen !== received) {
        const to = rank(lifecycle, received)
        if (isTerminal(lifecycle, seen) || (to >= 0 && to <= rank(lifecycle, seen))) {
          onRegression(seen, received)
          return previous as T
        }
      }
      return replaceEqualDeep(previous, next) as T
    },
  }
}
