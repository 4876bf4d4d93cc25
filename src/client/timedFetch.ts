import { type PayLinkEndpoint, PayLinkNetworkError } from './errors.js'

/**
 * Waits `ms`, or rejects with the signal's reason as soon as it aborts (at once if it has); the
 * function returned ends the wait, which then never settles. The back-off between attempts and the
 * time-out of each.
 */
export function wait(ms: number, signal: AbortSignal | undefined): [Promise<void>, () => void] {
  let end!: () => void
  const waited = new Promise<void>((resolve, reject) => {
    // A throw in the executor is the promise's rejection.
    signal?.throwIfAborted()
    const onAbort = () => reject(signal!.reason)
    signal?.addEventListener('abort', onAbort, { once: true })
    // setTimeout fires after 1 ms for a longer delay (or Infinity), which would turn "no limit" into "at once".
    const timer = setTimeout(resolve, Math.min(ms, 2_147_483_647))
    end = () => {
      clearTimeout(timer)
      signal?.removeEventListener('abort', onAbort)
    }
  })
  return [waited.finally(end), end]
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
 * (`timedOut` when the time-out ran out); an abort by `signal` stays the signal's own reason.
 * The one place the transport and the x402 client send from.
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
  // the headers (mocks such as MSW, polyfills): the fetch and the body read each race `stop`, which
  // the time-out and the caller's signal reject.
  const [timeLeft, end] = wait(timeoutMs, signal)
  const stop = timeLeft.then(() => {
    timeout.abort()
    throw timeout.signal.reason
  })
  try {
    const response = await Promise.race([fetchFn(input, { ...init, signal: signal ? AbortSignal.any([signal, timeout.signal]) : timeout.signal }), stop])
    return [response, await Promise.race([read(response), stop])]
  } catch (cause) {
    if (signal?.aborted) throw signal.reason
    throw new PayLinkNetworkError({ endpoint, timedOut: timeout.signal.aborted, cause, timeoutMs })
  } finally {
    end()
  }
}
