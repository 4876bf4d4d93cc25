import { PayLinkConfigError } from '../client/errors.js'
import { byteString } from './byteString.js'
import { safeSegments } from './safeSegments.js'
import { secretPattern } from '../client/secretPattern.js'
import { shownUrl } from '../client/shownUrl.js'

/** Options of `createPayLinkProxy`. */
export interface PayLinkProxyOptions {
  /** The API key, added as `X-API-Key` to every forwarded request and never sent to the browser. */
  apiKey: string
  /** The API's base URL, e.g. `https://api.paylink.example`; `/pub/v1` is added unless it already ends with it. */
  upstream: string
  /** The public path the proxy answers under, e.g. `/api/paylink`: the `baseUrl` of the browser client. */
  basePath: string
  /**
   * Origins (`https://app.example`, or an app's or extension's such as `capacitor://localhost`) allowed
   * to call the proxy from another origin, matched exactly; a request from any other origin but the
   * proxy's own gets 403. Defaults to none: no CORS headers at all.
   */
  allowedOrigins?: readonly string[] | undefined
  /** The largest request body forwarded, in bytes; a longer one gets 413. Defaults to `65536` (64 KiB). */
  maxBodyBytes?: number | undefined
  /**
   * The largest upstream answer passed back, in bytes; a longer one is cut off and the browser gets
   * 502. The proxy holds an answer whole to redact the key from it, so this bounds its memory per
   * request. Defaults to `1048576` (1 MiB): the API's answers are a few KiB.
   */
  maxResponseBytes?: number | undefined
  /** Time-out of each upstream call in ms, its body included; then the answer is 504; `Infinity` for none. Defaults to `15000`. */
  timeoutMs?: number | undefined
  /** The `fetch` for upstream calls (one with a proxy agent, a test double). Defaults to the global `fetch`. */
  fetch?: typeof fetch | undefined
}

/** The options checked and normalised, for the proxy only. */
export interface ProxyConfig {
  apiKey: string
  /**
   * The key in any JSON spelling of it, its UTF-8 bytes included, URL-encoded and in base64, to redact
   * from what upstream answers (searched as bytes); `undefined` for a key shorter than `MIN_REDACTED_KEY_LENGTH`.
   */
  apiKeyPattern: RegExp | undefined
  /** Absolute, `/pub/v1` included, no trailing slash. */
  upstreamRoot: string
  /** Decoded segments of `basePath` followed by `pub`, `v1`. */
  prefix: readonly string[]
  allowedOrigins: ReadonlySet<string> | undefined
  maxBodyBytes: number
  maxResponseBytes: number
  timeoutMs: number
  fetch: typeof fetch
}

/**
 * A key shorter than this (`k`, `test`: a dev setup's) is not redacted from answers. It is no secret
 * worth hiding (a real key is tens of characters; the mock's is 15), and it turns up in answers by
 * chance: redacting it mangled bodies and dropped headers such as PAYMENT-REQUIRED, whose base64
 * holds any short string sooner or later.
 */
const MIN_REDACTED_KEY_LENGTH = 8

/**
 * Patterns of the key as a URL spells it (percent-encoded UTF-8, hex in either case) and as base64
 * (standard or URL-safe, a `/` maybe JSON-escaped) at each of the three byte offsets it may start at
 * in a longer base64 text: only the characters its own bytes decide, not the one at each end that
 * it may share with a neighbour. An error page quoting the request as a URL, or an answer nesting
 * base64 (an x402 payload, a Basic credential), holds it so.
 */
function encodedKey(key: string): string[] {
  const bytes = byteString(new TextEncoder().encode(key))
  const url = encodeURIComponent(key)
    .replace(/[()*.]/g, '\\$&')
    .replace(/%(.)(.)/g, (_, a: string, b: string) => `%[${a}${a.toLowerCase()}][${b}${b.toLowerCase()}]`)
  const base64 = [0, 1, 2].map((r) =>
    btoa('\0'.repeat(r) + bytes)
      .slice(Math.ceil((4 * r) / 3), Math.floor((4 * (r + bytes.length)) / 3))
      .replace(/[+/]/g, (c) => (c === '+' ? '[+-]' : '(?:\\\\?\\/|_)')),
  )
  return [url, ...base64]
}

const withApiPrefix = (path: string): string => (path.endsWith('/pub/v1') ? path : `${path}/pub/v1`)

function upstreamRoot(upstream: string): string {
  let url: URL | undefined
  try {
    url = new URL(upstream)
  } catch {
    // reported below
  }
  if (!url || !/^https?:$/.test(url.protocol) || url.username || url.password || url.search || url.hash) {
    throw new PayLinkConfigError('upstream must be an absolute http(s) URL without credentials, query or fragment', {
      details: `got ${shownUrl(upstream)}; e.g. "https://api.paylink.example"`,
    })
  }
  return withApiPrefix(`${url.origin}${url.pathname}`.replace(/\/+$/, ''))
}

function prefixSegments(basePath: string): string[] {
  const path = withApiPrefix(typeof basePath === 'string' ? basePath.replace(/\/+$/, '') : '')
  const segments = safeSegments(path)
  if (typeof basePath !== 'string' || !basePath.startsWith('/') || !segments) {
    throw new PayLinkConfigError('basePath must be the path the proxy is mounted at, such as "/api/paylink"', {
      details: `got ${JSON.stringify(basePath)}`,
    })
  }
  return segments
}

function originSet(origins: readonly string[] | undefined): Set<string> | undefined {
  if (!origins) return undefined
  for (const origin of origins) {
    let exact = false
    try {
      const url = new URL(origin)
      // An app's or an extension's scheme (capacitor://localhost, chrome-extension://id) has an opaque
      // origin in URL's terms, but browsers send it as scheme and host, which is what is matched.
      exact = url.origin === origin || (url.origin === 'null' && !!url.host && !origin.includes('*') && `${url.protocol}//${url.host}` === origin)
    } catch {
      // reported below
    }
    if (!exact) {
      throw new PayLinkConfigError('allowedOrigins must list exact origins such as "https://app.example"', {
        details: `got ${JSON.stringify(origin)}; wildcards, paths and trailing slashes are not accepted`,
      })
    }
  }
  return new Set(origins)
}

function positive(value: number, name: string, integer: boolean): number {
  if (!(value > 0) || (integer && !Number.isInteger(value))) {
    throw new PayLinkConfigError(`${name} must be a positive ${integer ? 'integer' : 'number'}`, { details: `got ${value}` })
  }
  return value
}

/** Checks the options of `createPayLinkProxy`; throws a `PayLinkConfigError` that says what to fix. */
export function resolveProxyOptions(options: PayLinkProxyOptions): ProxyConfig {
  // Trimmed: a key read from a secrets file or an .env keeps its newline, which Headers drops when
  // sending it, so an answer that echoes the key holds it without: that is the text to redact.
  const apiKey = typeof options.apiKey === 'string' ? options.apiKey.trim() : ''
  if (!apiKey) throw new PayLinkConfigError('apiKey is required: the proxy exists to add it on the server')
  // A key fetch cannot send (a line break inside: two lines of a secrets file) would fail every
  // request with a TypeError quoting it, into the runtime's logs. Headers checks as fetch does; its
  // error, which quotes the value, is left out, as the client's (attachTransport) is.
  try {
    new Headers({ 'X-API-Key': apiKey })
  } catch {
    throw new PayLinkConfigError('apiKey must be a valid HTTP header value (no line breaks or control characters)')
  }
  return {
    apiKey,
    // The body is searched as bytes (byteString): a non-ASCII character echoed raw is its UTF-8 bytes there.
    apiKeyPattern:
      apiKey.length < MIN_REDACTED_KEY_LENGTH
        ? undefined
        : RegExp([secretPattern(apiKey).source, secretPattern(byteString(new TextEncoder().encode(apiKey))).source, ...encodedKey(apiKey)].join('|'), 'g'),
    upstreamRoot: upstreamRoot(options.upstream),
    prefix: prefixSegments(options.basePath),
    allowedOrigins: originSet(options.allowedOrigins),
    maxBodyBytes: positive(options.maxBodyBytes ?? 65_536, 'maxBodyBytes', true),
    maxResponseBytes: positive(options.maxResponseBytes ?? 1_048_576, 'maxResponseBytes', true),
    timeoutMs: positive(options.timeoutMs ?? 15_000, 'timeoutMs', false),
    // Bound late so that a later replacement of globalThis.fetch (a test, an instrumentation) is honoured.
    fetch: options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init)),
  }
}
