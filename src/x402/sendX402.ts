import { PayLinkNetworkError } from '../client/errors.js'

/** How `sendX402` sends. */
export interface SendX402Options {
  /** Aborts the request; the abort is rethrown as it is. Defaults to none. */
  signal?: AbortSignal | undefined
  /** Time-out until the headers arrive (a 402's body included), in ms. Defaults to `15000`. */
  timeoutMs?: number | undefined
  /** The `fetch` to send with. Defaults to the global `fetch`. */
  fetch?: typeof fetch | undefined
}

/** An answer of an x402 server: the response, its headers, and for a 402 its JSON body (`undefined` when it is not JSON). */
export interface X402Answer {
  response: Response
  headers: Headers
  body: unknown
}

// setTimeout fires at once for delays beyond 2^31 - 1 ms (Infinity included); this is "never".
const MAX_TIMER_MS = 2_147_483_647

/**
 * Sends one request to an x402 server and reads a 402's body, within the time-out. No answer is a
 * `PayLinkNetworkError`; an abort by `signal` stays the signal's own reason.
 */
export async function sendX402(request: Request, { signal, timeoutMs = 15_000, fetch: fetchFn = fetch }: SendX402Options): Promise<X402Answer> {
  signal?.throwIfAborted()
  const timeout = new AbortController()
  const timer = setTimeout(() => timeout.abort(), Math.min(timeoutMs, MAX_TIMER_MS))
  try {
    // The caller's signal stays in force after the answer, so it can still stop the read of the body.
    const response = await fetchFn(request, { signal: signal ? AbortSignal.any([signal, timeout.signal]) : timeout.signal })
    const text = response.status === 402 ? await response.text() : undefined
    let body: unknown
    try {
      body = JSON.parse(text!)
    } catch {
      // No body (not a 402), or not JSON: a v2 server puts the requirements in a header, and the body does not matter.
    }
    return { response, headers: response.headers, body }
  } catch (cause) {
    if (signal?.aborted) throw signal.reason
    throw new PayLinkNetworkError({ timedOut: timeout.signal.aborted, cause, timeoutMs })
  } finally {
    clearTimeout(timer)
  }
}
