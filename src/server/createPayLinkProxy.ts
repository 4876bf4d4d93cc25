import { timerDelay } from '../client/timerDelay.js'
import { byteString } from './byteString.js'
import { FORWARDED_REQUEST_HEADERS, RETURNED_RESPONSE_HEADERS } from './allowedHeaders.js'
import { corsHeaders, preflightHeaders, PROXY_ORIGINS } from './cors.js'
import { jsonError } from './jsonError.js'
import { readLimitedBody } from './readLimitedBody.js'
import { type PayLinkProxyOptions, type ProxyConfig, resolveProxyOptions } from './resolveProxyOptions.js'
import { matchRoutes, type ProxyRoute } from './routes.js'
import { safeSegments } from './safeSegments.js'
import { SECURITY_HEADERS } from './securityHeaders.js'

/** A standard Fetch handler: runs as it is in a Next.js route handler, Hono, Cloudflare Workers, Deno and Bun. */
export type PayLinkProxy = (request: Request) => Promise<Response>

const TIMED_OUT = Symbol('timed out')
const NULL_BODY_STATUSES = new Set([204, 205])

/** The decoded segments below `prefix` (none for `prefix` itself), or `undefined` when the path is not under it. */
function below(prefix: readonly string[], segments: readonly string[]): string[] | undefined {
  return prefix.every((p, i) => p === segments[i]) ? segments.slice(prefix.length) : undefined
}

/**
 * Whether a browser page at `origin` may use the key: a listed origin, or the proxy's own, which the
 * browser names (`Sec-Fetch-Site`, when it sends it) or the `Host` it was sent to matches. Behind a
 * proxy that rewrites `Host`, the first `X-Forwarded-Host` or `Forwarded: host=` is that host: a page
 * of an origin the proxy does not serve cannot add either header without a preflight, which is refused. No `Origin` and no word
 * from a browser: a server.
 */
function servesOrigin(config: ProxyConfig, headers: Headers, origin: string | null): boolean {
  const site = headers.get('Sec-Fetch-Site')
  // The first host each header names: later values were added by proxies further along.
  const hosts = [
    headers.get('Host'),
    headers.get('X-Forwarded-Host')?.split(',')[0]!.trim(),
    // RFC 7239: `Forwarded: for=…;host=shop.example;proto=https, for=…`, the value maybe quoted.
    /(?:^|;)\s*host="?([^";,\s]+)/i.exec(headers.get('Forwarded')?.split(',')[0] ?? '')?.[1],
  ]
  return (
    (origin !== null && !!config.allowedOrigins?.has(origin)) ||
    // A no-cors GET (an <img>, a link) carries no Origin, only this.
    (site !== 'cross-site' &&
      site !== 'same-site' &&
      (origin === null ||
        site === 'same-origin' ||
        hosts.some((host) => host && (origin === `https://${host}` || origin === `http://${host}`))))
  )
}

/**
 * Whether a header holds the key in any spelling the body is searched for, or inside base64: the
 * x402 headers are base64 JSON (PAYMENT-REQUIRED is the 402 body's twin), so a key echoed in the body
 * is echoed there too, where a search of the text does not see it. Standard or URL-safe, as the client reads them.
 */
function echoesKey(pattern: RegExp, value: string): boolean {
  let decoded = ''
  try {
    // A string of one character per byte, as the pattern's UTF-8 alternative expects.
    decoded = atob(value.replace(/-/g, '+').replace(/_/g, '/').replace(/=+$/, ''))
  } catch {
    // Not base64.
  }
  // search, not test: it ignores and keeps the pattern's lastIndex (the pattern is global).
  return value.search(pattern) >= 0 || decoded.search(pattern) >= 0
}

// The browser leaving is its own doing, not the API's nor a bad request: logs and metrics must not count a 502 or a 400.
const clientGone = (before: string) => jsonError(499, 'client_closed_request', `The client went away before ${before}`)

const tooLarge = (config: ProxyConfig) =>
  jsonError(413, 'payload_too_large', `The request body is larger than ${config.maxBodyBytes} bytes`)

// The deadline holds even for an injected fetch that ignores its signal.
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(signal.reason)
    signal.addEventListener('abort', onAbort)
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort))
  })
}

async function forward(
  config: ProxyConfig,
  request: Request,
  route: ProxyRoute,
  rest: readonly string[],
  body: Uint8Array<ArrayBuffer> | undefined,
): Promise<Response> {
  // The client left (while its body was read, or a check ran before the proxy): no call for nobody.
  if (request.signal.aborted) return clientGone('the request was forwarded')
  // Only the upstream origin, the matched route and re-encoded path values: nothing of the request's URL is reused as is.
  const query = route.query ? new URLSearchParams(new URL(request.url).search).toString() : ''
  const target = `${config.upstreamRoot}/${rest.map(encodeURIComponent).join('/')}${query ? `?${query}` : ''}`
  const headers = new Headers()
  for (const name of FORWARDED_REQUEST_HEADERS) {
    const value = request.headers.get(name)
    if (value !== null) headers.set(name, value)
  }
  headers.set('X-API-Key', config.apiKey)

  const controller = new AbortController()
  const timer = setTimeout(() => controller.abort(TIMED_OUT), timerDelay(config.timeoutMs))
  const onAbort = () => controller.abort(request.signal.reason)
  request.signal.addEventListener('abort', onAbort)
  try {
    // A followed redirect would carry X-API-Key to wherever the Location points.
    const init: RequestInit = { method: route.method, headers, body, redirect: 'manual', signal: controller.signal }
    // Called as a function, not as a method of `config`: Workers and browsers throw "Illegal
    // invocation" for their own fetch called on another object (`fetch: fetch` in the options).
    const send = config.fetch
    const [upstream, bytes] = await untilAborted(
      send(target, init).then(async (r) => [r, await readLimitedBody(r.body, config.maxResponseBytes)] as const),
      controller.signal,
    )
    if (upstream.status >= 300 && upstream.status < 400) {
      return jsonError(502, 'bad_gateway', 'The PayLink API answered with a redirect, which the proxy does not follow')
    }
    // Node's servers and fetch carry statuses up to 999, which no Response can be made with: it
    // answered, so not "could not be reached".
    if (upstream.status > 599) return jsonError(502, 'bad_gateway', `The PayLink API answered with HTTP ${upstream.status}, which is no HTTP status`)
    // Held whole to redact the key, so bounded: an upstream gone wrong (a misrouted file server, an
    // endless stream) must not fill the server's memory.
    if (!bytes) return jsonError(502, 'bad_gateway', `The PayLink API answered with more than ${config.maxResponseBytes} bytes`)
    // Searched as bytes, not decoded as UTF-8: a page in another charset (a gateway's, in Latin-1)
    // would come back re-encoded under the charset its Content-Type still names.
    const text = byteString(bytes)
    const redacted = config.apiKeyPattern ? text.replace(config.apiKeyPattern, '[redacted]') : text
    const returned = new Headers()
    for (const name of RETURNED_RESPONSE_HEADERS) {
      const value = upstream.headers.get(name)
      if (value !== null && !(config.apiKeyPattern && echoesKey(config.apiKeyPattern, value))) returned.set(name, value)
    }
    // Bytes, not a string: a string body would be typed text/plain when upstream named no type.
    const answer = NULL_BODY_STATUSES.has(upstream.status) ? null : redacted === text ? bytes : Uint8Array.from(redacted, (c) => c.charCodeAt(0))
    return new Response(answer, { status: upstream.status, headers: returned })
  } catch {
    const { reason } = controller.signal
    if (request.signal.aborted && reason === request.signal.reason) return clientGone('the PayLink API answered')
    return reason === TIMED_OUT
      ? jsonError(504, 'upstream_timeout', `The PayLink API did not answer within ${config.timeoutMs} ms`)
      : jsonError(502, 'bad_gateway', 'The PayLink API could not be reached')
  } finally {
    clearTimeout(timer)
    request.signal.removeEventListener('abort', onAbort)
  }
}

async function handle(config: ProxyConfig, request: Request, cors: Record<string, string>): Promise<Response> {
  // A browser sends a simple request (a GET, a text/plain POST) cross-site without a preflight, and
  // with the user's cookies: refusing only the preflight would let any site use the app's session.
  const origin = request.headers.get('Origin')
  if (!servesOrigin(config, request.headers, origin)) {
    // Without an Origin (an <img>, a link on another site) there is no origin to name.
    const who = origin === null ? 'A request from another site' : `The origin ${origin}`
    return jsonError(403, 'forbidden', `${who} is not allowed to call the PayLink proxy; list the page's origin in allowedOrigins`)
  }
  const segments = safeSegments(new URL(request.url).pathname)
  if (!segments) return jsonError(400, 'invalid_request', 'The request path is not allowed')
  const path = below(config.prefix, segments)
  const head = request.method === 'HEAD'
  // Next.js's trailingSlash: true answers every call 308 to its path with a slash (`links/abc/`): the
  // same route, where one of this method fits the path without it (of the method a preflight asks for).
  const method = request.method === 'OPTIONS' ? request.headers.get('Access-Control-Request-Method') : head ? 'GET' : request.method
  const trimmed = path?.at(-1) === '' ? path.slice(0, -1) : undefined
  const rest = trimmed?.length && matchRoutes(trimmed).some((r) => r.method === method) ? trimmed : path
  const routes = rest ? matchRoutes(rest) : []
  if (!rest || routes.length === 0) return jsonError(404, 'not_found', 'No such route in the PayLink API')

  if (request.method === 'OPTIONS' && 'Access-Control-Allow-Origin' in cors) {
    return new Response(null, { status: 204, headers: preflightHeaders(request.headers.get('Access-Control-Request-Headers')) })
  }
  // HEAD is a GET without its body (RFC 9110): uptime monitors and link checkers send it, and a
  // Next.js route handler passes it to the GET export. Asked upstream as the GET it stands for.
  const route = routes.find((r) => r.method === (head ? 'GET' : request.method))
  if (!route) {
    const allow = routes.map((r) => (r.method === 'GET' ? 'GET, HEAD' : r.method)).join(', ')
    return jsonError(405, 'method_not_allowed', `This route accepts ${allow} only`, { Allow: allow })
  }

  let body: Uint8Array<ArrayBuffer> | undefined
  if (route.method === 'POST') {
    // The API takes JSON only; a form or text/plain body is what another site can send without a preflight.
    if (!/^application\/json\s*(;|$)/i.test(request.headers.get('Content-Type') ?? '')) {
      return jsonError(415, 'unsupported_media_type', 'The request body must be JSON, sent with Content-Type: application/json')
    }
    // The app read it first (a route handler's request.json()): the app's mistake, not the client's.
    if (request.bodyUsed) {
      return jsonError(500, 'proxy_misconfigured', 'The request body was already read; pass the request to the PayLink proxy unread, and read a request.clone() if the app needs it')
    }
    if (Number(request.headers.get('Content-Length')) > config.maxBodyBytes) return tooLarge(config)
    try {
      body = await readLimitedBody(request.body, config.maxBodyBytes)
    } catch {
      return request.signal.aborted ? clientGone('its body was whole') : jsonError(400, 'invalid_request', 'The request body could not be read')
    }
    if (!body) return tooLarge(config)
  }
  const response = await forward(config, request, route, rest, body)
  return head ? new Response(null, response) : response
}

/**
 * Creates the server-side proxy that lets a browser use the API without holding the key: it
 * forwards the seven API routes only, to `upstream` only, with `X-API-Key` added and an
 * allow-list of headers each way. Throws a `PayLinkConfigError` for unusable options.
 */
export function createPayLinkProxy(options: PayLinkProxyOptions): PayLinkProxy {
  const config = resolveProxyOptions(options)
  const proxy: PayLinkProxy = async (request) => {
    const cors = corsHeaders(request.headers.get('Origin'), config.allowedOrigins)
    const response = await handle(config, request, cors)
    // A preflight's own Vary stays: its answer depends on the headers asked for too.
    for (const [name, value] of Object.entries({ ...cors, ...SECURITY_HEADERS })) response.headers.set(name, (name == 'Vary' && response.headers.get(name)) || value)
    return response
  }
  PROXY_ORIGINS.set(proxy, config.allowedOrigins)
  return proxy
}
