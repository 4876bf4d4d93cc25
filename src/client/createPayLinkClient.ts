import { PayLinkConfigError } from './errors.js'
import { attachTransport } from './attachTransport.js'
import type { PartialOrUndefined } from './PartialOrUndefined.js'
import { shownUrl } from './shownUrl.js'

/** How GET requests (and POSTs with an `Idempotency-Key`) are retried. */
export interface RetryPolicy {
  /** Attempts in all, the first included. Defaults to `3`. */
  attempts: number
  /** Back-off before the second attempt; doubles each time, with jitter. Defaults to `300` ms. */
  baseDelayMs: number
  /** The longest back-off between attempts. Defaults to `5000` ms. */
  maxDelayMs: number
  /** The longest wait a `Retry-After` header can ask for; a longer ask ends the retries at once, its error carrying `retryAfterSeconds`. Defaults to `60000` ms. */
  maxRetryAfterMs: number
}

/** Options of `createPayLinkClient`. */
export interface PayLinkClientOptions {
  /**
   * Where the API is: an absolute URL (`https://api.example.com`) or, in a browser, a same-origin
   * path served by the proxy (`/api/paylink`), with no `user:password@`. The client adds `/pub/v1`.
   */
  baseUrl: string
  /**
   * The API key, sent as `X-API-Key`. Belongs on a server: in a browser (or React Native) it is refused unless
   * `dangerouslyAllowApiKeyInBrowser` is set. Leave it out behind the proxy.
   */
  apiKey?: string | undefined
  /** Lets a browser bundle carry the key anyway (a demo, a kiosk). Defaults to `false`. */
  dangerouslyAllowApiKeyInBrowser?: boolean | undefined
  /** The `fetch` to use, e.g. one with a proxy agent on a server. Defaults to the global `fetch`. */
  fetch?: typeof fetch | undefined
  /** Extra headers for every request. A name or value fetch cannot send (this and `apiKey`) is a `PayLinkConfigError` at creation. Defaults to none. */
  headers?: Record<string, string> | undefined
  /** Time-out of each attempt, in ms, body included. Defaults to `15000`. */
  timeoutMs?: number | undefined
  /** The retry policy, or `false` for a single attempt. Defaults to `{ attempts: 3, baseDelayMs: 300, maxDelayMs: 5000, maxRetryAfterMs: 60000 }`. */
  retry?: PartialOrUndefined<RetryPolicy> | false | undefined
}

/** A configured transport for the PayLink API; pass it to the endpoint functions. Holds no API key in any enumerable field. */
export interface PayLinkClient {
  /** The API root, `/pub/v1` included, without a trailing slash. */
  readonly baseUrl: string
  /** The `fetch` the client sends with. */
  readonly fetch: typeof fetch
  /** Extra headers for every request. */
  readonly headers: Readonly<Record<string, string>>
  /** Time-out of each attempt, in ms. */
  readonly timeoutMs: number
  /** The retry policy, or `false`. */
  readonly retry: Readonly<RetryPolicy> | false
}

/** The default retry policy. */
export const defaultRetryPolicy: Readonly<RetryPolicy> = {
  attempts: 3,
  baseDelayMs: 300,
  maxDelayMs: 5_000,
  maxRetryAfterMs: 60_000,
}

// An undefined field keeps its default; NaN or a negative number would retry for ever or at once.
function retryPolicy(retry: PartialOrUndefined<RetryPolicy> | undefined): Readonly<RetryPolicy> {
  const policy = { ...defaultRetryPolicy }
  for (const [name, value] of Object.entries(retry ?? {}) as [keyof RetryPolicy, number | undefined][]) {
    // A misspelt option (`attempt: 5`, from JavaScript or a spread) would leave the default in force unsaid.
    if (!(name in policy)) throw new PayLinkConfigError(`retry.${name} is not a retry option (${Object.keys(policy).join(', ')})`)
    if (value === undefined) continue
    if (!(value >= 0)) throw new PayLinkConfigError(`retry.${name} must be a number of at least 0`)
    policy[name] = value
  }
  if (!Number.isInteger(policy.attempts) || policy.attempts < 1) throw new PayLinkConfigError('retry.attempts must be a whole number of at least 1')
  return Object.freeze(policy)
}

/** Creates a client for the PayLink API. Throws a `PayLinkConfigError` for an unusable or unsafe configuration. */
export function createPayLinkClient(options: PayLinkClientOptions): PayLinkClient {
  // A key passed as a header is a key all the same: it moves out of `headers` so that it gets the
  // same care (kept out of the object, redacted from errors).
  const headers: Record<string, string> = {}
  let headerKey: string | undefined
  for (const [name, value] of Object.entries(options.headers ?? {})) {
    if (name.toLowerCase() === 'x-api-key') headerKey = value
    else headers[name] = value
  }
  // Trimmed: a key read from a secrets file or an .env keeps its newline, which Headers drops when
  // sending it, so an answer that echoes the key holds it without: that is the text to redact.
  const apiKey = `${options.apiKey || headerKey || ''}`.trim() || undefined
  // A browser's page has a document, its workers (Web, Service, Shared) importScripts, and React
  // Native, whose bundle ships to every user too, says so in navigator.product; no server runtime
  // (Node, Deno, Bun, Cloudflare's workerd) has any of the three.
  if (apiKey && (typeof document != 'undefined' || 'importScripts' in globalThis || globalThis.navigator?.product == 'ReactNative') && !options.dangerouslyAllowApiKeyInBrowser) {
    throw new PayLinkConfigError('An API key must not be shipped to a browser', {
      details: 'Use a server-side proxy that adds the key (createPayLinkProxy from @paylink/react/server) as baseUrl, or set dangerouslyAllowApiKeyInBrowser.',
    })
  }
  const timeoutMs = options.timeoutMs ?? 15_000
  if (!(timeoutMs > 0)) throw new PayLinkConfigError('timeoutMs must be a positive number')
  // `undefined` (a missing environment variable) becomes "undefined", which is refused below.
  const baseUrl = String(options.baseUrl).replace(/\/+$/, '')
  // A same-origin path (but not a protocol-relative `//host`, nor `/\host`, which URLs read as one) or an absolute http(s) URL, without
  // credentials (fetch refuses them on every request, in an error that quotes them), a query or a
  // fragment (the paths appended to it would land in them). Nor does its error quote them.
  // And one the URL parser takes: `https://ana:pass/word@host` passes the pattern (its `@` follows a
  // slash) but is no URL, and fetch would refuse every request, quoting the password.
  // The pattern reads the value untrimmed where trimming left nothing: `/` is the page's own origin.
  let parsed = /^(\/(?![/\\])|https?:\/\/(?![^/]*@)[^/?#])[^?#]*$/i.test(baseUrl || `${options.baseUrl}`)
  try {
    new URL(baseUrl, 'http://a')
  } catch {
    parsed = false
  }
  if (!parsed) {
    throw new PayLinkConfigError('baseUrl must be an absolute http(s) URL or a same-origin path, with no ? or # or user@', {
      details: `got ${shownUrl(options.baseUrl)}`,
    })
  }
  const client: PayLinkClient = Object.freeze({
    baseUrl: baseUrl.endsWith('/pub/v1') ? baseUrl : `${baseUrl}/pub/v1`,
    // Bound late so that a test's or an app's later replacement of the global fetch is honoured.
    fetch: options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init)),
    headers: Object.freeze(headers),
    timeoutMs,
    retry: options.retry !== false && retryPolicy(options.retry),
  })
  attachTransport(client, apiKey)
  return client
}
