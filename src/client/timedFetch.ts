import { type PayLinkEndpoint, PayLinkNetworkError } from './errors.js'

// setTimeout fires after 1 ms for a longer delay (or Infinity), which would turn "no limit" into "at once".
/** `setTimeout`, where a delay past 2^31 - 1 ms (Infinity included) means never rather than at once. */
export const setTimer = (run: () => void, ms: number) => setTimeout(run, Math.min(ms, 2_147_483_647))

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
  // the headers (mocks such as MSW, polyfills): the time-out and the caller's signal also reject
  // `stop`, which the fetch and the body read each race against.
  let fail!: (reason: unknown) => void
  const stop = new Promise<never>((_, reject) => (fail = reject))
  const onAbort = () => fail(signal!.reason)
  signal?.addEventListener('abort', onAbort, { once: true })
  const timer = setTimer(() => {
    timeout.abort()
    fail(timeout.signal.reason)
  }, timeoutMs)
  try {
    const response = await Promise.race([fetchFn(input, { ...init, signal: signal ? AbortSignal.any([signal, timeout.signal]) : timeout.signal }), stop])
    return [response, await Promise.race([read(response), stop])]
  } catch (cause) {
    if (signal?.aborted) throw signal.reason
    throw new PayLinkNetworkError({ endpoint, timedOut: timeout.signal.aborted, cause, timeoutMs })
  } finally {
    clearTimeout(timer)
    signal?.removeEventListener('abort', onAbort)
  }
}
