import { timedFetch } from '../client/timedFetch.js'

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

/**
 * Sends one request to an x402 server and reads a 402's body, within the time-out. No answer is a
 * `PayLinkNetworkError`; an abort by `signal` stays the signal's own reason. The body of the answer
 * follows the fetch's own signal, which nothing aborts once the answer is in: a caller that hands
 * the body on passes its abort to the fetch itself, as `fetchWithPayment` does.
 */
export async function sendX402(request: Request, options: SendX402Options): Promise<X402Answer> {
  // The options go to timedFetch as they are: it reads the signal and the time-out (and its default) from them.
  const [response, text] = await timedFetch(options.fetch ?? fetch, request, {}, options, (answer) =>
    // From a copy: a 402 whose receipt says the payment went through is the caller's answer, body and all.
    answer.status === 402 ? answer.clone().text() : undefined,
  )
  let body: unknown
  try {
    body = JSON.parse(text!)
  } catch {
    // No body (not a 402), or not JSON: a v2 server puts the requirements in a header, and the body does not matter.
  }
  return { response, headers: response.headers, body }
}
