import { PayLinkConfigError, type PayLinkEndpoint, PayLinkNetworkError } from './errors.js'
import { timerDelay } from './timerDelay.js'

/**
 * What `work` resolves to, or the signal's reason as soon as it aborts (at once, before `work`
 * starts, if it has): work that ignores its signal (a fetch wrapper that drops it, a wallet left
 * open) is left behind. `work` may end it early itself with `fail`. The listener goes when the
 * promise settles: the signal may outlive it.
 */
export function abortable<T>(work: (fail: (reason: unknown) => void) => Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  let stop!: () => void
  return new Promise<T>((resolve, reject) => {
    // A throw in the executor is the promise's rejection.
    signal?.throwIfAborted()
    // An abort event fires once: no `{ once: true }` needed.
    signal?.addEventListener('abort', (stop = () => reject(signal.reason)))
    work(reject).then(resolve, reject)
  }).finally(() => signal?.removeEventListener('abort', stop))
}

/** Waits `ms` (the back-off between attempts), or rejects with the signal's reason as soon as it aborts (at once if it has). */
export function wait(ms: number, signal: AbortSignal | undefined): Promise<void> {
  let waiting: ReturnType<typeof setTimeout>
  return abortable(() => new Promise<void>((resolve) => (waiting = setTimeout(resolve, timerDelay(ms)))), signal).finally(() =>
    clearTimeout(waiting),
  )
}

/** How `timedFetch` sends. */
export interface TimedFetchOptions {
  /** The caller's signal: its abort is rethrown as it is. */
  signal?: AbortSignal | undefined
  /** The time-out of the request and of `read`, in ms. Defaults to `15000`, as the client's and `sendX402`'s do. */
  timeoutMs?: number | undefined
  /** Named in the `PayLinkNetworkError` when there is no answer. */
  endpoint?: PayLinkEndpoint | undefined
}

/**
 * One fetch under its own time-out, which covers `read` (the body) too: a server that stalls
 * mid-body is as stuck as one that never answers. No answer in time is a `PayLinkNetworkError`
 * (`timedOut` when the time-out ran out); an abort by `signal` stays the signal's own reason; a
 * `fetchFn` that resolves to something other than a Response is a `PayLinkConfigError`. `init`
 * is sent with the attempt's signal set on it. The one place the transport and the x402 client send from.
 */
export async function timedFetch<T>(
  fetchFn: typeof fetch,
  input: RequestInfo | URL,
  init: RequestInit,
  { signal, timeoutMs = 15_000, endpoint }: TimedFetchOptions,
  read: (response: Response) => Promise<T> | T,
): Promise<[Response, T]> {
  const timeout = new AbortController()
  let timeLeft: ReturnType<typeof setTimeout> | undefined
  try {
    // Set on `init`: a copy with the signal added cost a few µs a request.
    init.signal = timeout.signal
    // Not every fetch ends when its signal aborts (a wrapper that drops it), nor errors the body after
    // the headers (mocks such as MSW, polyfills): the time-out and the caller's signal reject the
    // attempt at once, ahead of an answer that settled in the same turn (its `then` waits for a
    // microtask), which is late all the same. The timer rejects it itself: a listener on the
    // time-out's own signal cost 0.03 to 0.06 of getLink's ratio to bare fetch in bench/overhead.bench.ts.
    return await abortable(async (fail) => {
      // An Infinity time-out is "no limit", not "at once".
      timeLeft = setTimeout(() => fail((timeout.abort(), timeout.signal.reason)), timerDelay(timeoutMs))
      const response = await fetchFn(input, init)
      // An injected fetch (a wrapper, a test double) that forgets to return: its fault, not the network's.
      if (!response?.headers) throw new PayLinkConfigError(`fetch resolved to ${typeof response}, not a Response`)
      return [response, await read(response)] as [Response, T]
    }, signal)
  } catch (cause) {
    if (signal?.aborted) {
      // The caller's abort, which ended the attempt, ends the fetch too: passed on by hand, as
      // AbortSignal.any is missing before Safari 17.4, Chrome 116 and Firefox 124.
      timeout.abort(signal.reason)
      throw signal.reason
    }
    if (cause instanceof PayLinkConfigError) throw cause
    throw new PayLinkNetworkError({ endpoint, timedOut: timeout.signal.aborted, cause, timeoutMs })
  } finally {
    clearTimeout(timeLeft)
  }
}
