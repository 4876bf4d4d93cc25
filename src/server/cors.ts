import { FORWARDED_REQUEST_HEADERS, RETURNED_RESPONSE_HEADERS } from './allowedHeaders.js'

// Accept and Content-Type are CORS-safelisted, but Content-Type with application/json is not.
const PREFLIGHT_HEADERS = FORWARDED_REQUEST_HEADERS.filter((h) => h !== 'Accept').join(', ')
// Without this list a browser hides the x402 headers from the page, the most common x402 failure.
const EXPOSED_HEADERS = RETURNED_RESPONSE_HEADERS.filter((h) => h !== 'Content-Type').join(', ')

/** The CORS headers of a response to `origin`: none when CORS is off, only `Vary` for an origin not listed. */
export function corsHeaders(origin: string | null, allowed: ReadonlySet<string> | undefined): Record<string, string> {
  if (!allowed) return {}
  if (origin === null || !allowed.has(origin)) return { Vary: 'Origin' }
  return { Vary: 'Origin', 'Access-Control-Allow-Origin': origin, 'Access-Control-Expose-Headers': EXPOSED_HEADERS }
}

/**
 * The `allowedOrigins` of each proxy from `createPayLinkProxy`, so that an adapter's own answers carry
 * the same CORS headers as the proxy's: without them a listed page reads any error as a network failure.
 */
export const PROXY_ORIGINS = new WeakMap<object, ReadonlySet<string> | undefined>()

const TOKEN = /^[!#$%&'*+.^_`|~\w-]+$/
const API_HEADERS = new Set(PREFLIGHT_HEADERS.toLowerCase().split(', '))

/**
 * The extra headers of a successful preflight answer. Besides the API's, the other headers the page
 * asks to send (a client's own `headers`: a bearer token, a tenant, for the app's checks in front of
 * the proxy) are allowed: refused, every request of that page fails as a network error. The proxy
 * still forwards only its own list.
 */
export function preflightHeaders(asked: string | null): Record<string, string> {
  const others = (asked ?? '').split(',').map((name) => name.trim()).filter((name) => TOKEN.test(name) && !API_HEADERS.has(name.toLowerCase()))
  return {
    'Access-Control-Allow-Methods': 'GET, POST',
    'Access-Control-Allow-Headers': [PREFLIGHT_HEADERS, ...others].join(', '),
    'Access-Control-Max-Age': '600',
    // A cache in between must not answer another page's preflight with this page's list.
    Vary: 'Origin, Access-Control-Request-Headers',
  }
}
