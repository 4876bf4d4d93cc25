import type { PayLinkClient } from './createPayLinkClient.js'
import { PayLinkConfigError, type PayLinkEndpoint } from './errors.js'

/**
 * The last argument of every endpoint function. The endpoint functions read only `signal` from it:
 * the query factories pass TanStack's query context here as it is, so a new field must not share a
 * name with one of the context's (`queryKey`, `meta`, `client`, `direction`, `pageParam`).
 */
export interface PayLinkRequestOptions {
  /** Aborts the request, retries and back-off included; the abort is rethrown as it is. */
  signal?: AbortSignal | undefined
}

/** One API call, as the endpoint functions describe it to the transport. */
export interface ApiRequest extends PayLinkRequestOptions {
  endpoint: PayLinkEndpoint
  /** Below `/pub/v1`, with the query string if any; path values already encoded. */
  path: string
  /** Sent as JSON in a POST; without one, the call is a GET (every call of the API with a body is a POST). */
  body?: unknown
  headers?: Record<string, string>
  /** Non-2xx statuses that are answers, not errors (402 on the payment path). */
  expect?: readonly number[]
}

/** An answer the endpoint function reads: 2xx, or a status it listed in `expect`. */
export interface ApiResponse {
  status: number
  headers: Headers
  /** The parsed JSON body, or `undefined` when the body was empty (or, for an `expect`ed status, not JSON). */
  data: unknown
  /**
   * `data` again, under the name `decodePaymentRequired` reads: a 402 is passed to it as it came, not
   * rebuilt as `{ headers, body }` by each caller (11 B gzip in PayLinkButton's bundle).
   */
  body: unknown
}

/** Sends one API call for a client. */
export type Transport = (req: ApiRequest) => Promise<ApiResponse>

// createPayLinkClient attaches the transport (time-outs, retries, error bodies, redaction, the
// key) to the client it makes, as viem's actions call `client.request`: the endpoint functions and
// the components that call them bundle none of it, and an app carries it once, with its client.
// A WeakMap rather than a field keeps it, and the key it closes over, out of any inspection.
/** The transport of each client `createPayLinkClient` made; set by `attachTransport` only. */
export const transports = new WeakMap<PayLinkClient, Transport>()

/**
 * What makes clients one API to a purchase, whatever client object: the base URL, and the headers
 * and key each request carries (another key or user is another purchase); set by `attachTransport` only.
 */
export const identities = new WeakMap<PayLinkClient, string>()

/**
 * A hash of each client's identity, which names its purchases' signed payments in `sessionStorage`
 * (`sharedPurchase`): hashed, as the headers may hold a bearer token or an API key. Made once
 * per client, with its transport, so that the components bundle no hashing; set by `attachTransport` only.
 */
export const identityHashes = new WeakMap<PayLinkClient, number>()

/** Sends `req` with the transport of `client`, or rejects with a `PayLinkConfigError` for an object `createPayLinkClient` did not make. */
export async function send(client: PayLinkClient, req: ApiRequest): Promise<ApiResponse> {
  // Async, so that the refusal is a rejection: Promise.reject is called nowhere else in a bundle.
  const transport = transports.get(client)
  if (!transport) throw new PayLinkConfigError(`${req.endpoint}: the client was not made by createPayLinkClient`)
  return transport(req)
}
