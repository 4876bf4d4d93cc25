import { PayLinkConfigError, type PayLinkEndpoint, PayLinkNetworkError } from './errors.js'
import { timerDelay } from './timerDelay.js'

// An Infinity time-out is "no limit", not "at once".
const timer = (run: () => void, ms: number) => setTimeout(run, timerDelay(ms))

/** Waits `ms` (the back-off between attempts), or rejects with the signal's reason as soon as it aborts (at once if it has). */
export function wait(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    // A throw in the executor is the promise's rejection.
    signal?.throwIfAborted()
    const onAbort = () => {
      clearTimeout(waiting)
      reject(signal!.reason)
    }
    const waiting = timer(() => {
      signal?.removeEventListener('abort', onAbort)
      resolve()
    }, ms)
    // An abort event fires once; the timer removes the listener when it wins.
    signal?.addEventListener('abort', onAbort)
  })
}

/** How `timedFetch` sends. */
export interface TimedFetchOptions {
  /** The caller's signal: its abort is rethrown as it is. */
  signal?: AbortSignal | undefined
  /** The time-out of the request and of `read`, in ms. */
  timeoutMs: number
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
  { signal, timeoutMs, endpoint }: TimedFetchOptions,
  read: (response: Response) => Promise<T> | T,
): Promise<[Response, T]> {
  signal?.throwIfAborted()
  const timeout = new AbortController()
  // Not every fetch ends when its signal aborts (a wrapper that drops it), nor errors the body after
  // the headers (mocks such as MSW, polyfills): the time-out and the caller's signal reject the
  // attempt at once through `fail`, ahead of an answer that settled in the same turn (its `then`
  // waits for a microtask), which is late all the same. (Promise.race against a promise they
  // reject cost a few µs more a request in bench/overhead.bench.ts.)
  let fail!: (reason: unknown) => void
  const onAbort = () => fail(signal!.reason)
  // An abort event fires once: no `{ once: true }` needed, and `finally` removes the listener.
  signal?.addEventListener('abort', onAbort)
  const timeLeft = timer(() => {
    timeout.abort()
    fail(timeout.signal.reason)
  }, timeoutMs)
  try {
    // Set on `init`: a copy with the signal added cost a few µs a request.
    init.signal = signal ? AbortSignal.any([signal, timeout.signal]) : timeout.signal
    return await new Promise<[Response, T]>((resolve, reject) => {
      fail = reject
      ;(async () => {
        const response = await fetchFn(input, init)
        // An injected fetch (a wrapper, a test double) that forgets to return: its fault, not the network's.
        if (!response?.headers) throw new PayLinkConfigError(`fetch resolved to ${typeof response}, not a Response`)
        return [response, await read(response)] as [Response, T]
      })().then(resolve, reject)
    })
  } catch (cause) {
    if (signal?.aborted) throw signal.reason
    if (cause instanceof PayLinkConfigError) throw cause
    throw new PayLinkNetworkError({ endpoint, timedOut: timeout.signal.aborted, cause, timeoutMs })
  } finally {
    clearTimeout(timeLeft)
    signal?.removeEventListener('abort', onAbort)
  }
}
