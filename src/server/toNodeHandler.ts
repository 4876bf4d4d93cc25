import { corsHeaders, PROXY_ORIGINS } from './cors.js'
import type { PayLinkProxy } from './createPayLinkProxy.js'
import { jsonError } from './jsonError.js'
import { safeSegments } from './safeSegments.js'
import { SECURITY_HEADERS } from './securityHeaders.js'

// What the adapter uses of node:http's IncomingMessage and ServerResponse, node:http2's compatibility
// API and Express's, written out rather than imported from node:http: an app without Node's types (a
// Worker, Deno, an edge route, which import this entry for the proxy) type-checks the entry too.

/** A request of `node:http`, `node:http2`'s compatibility API or Express, as far as the adapter reads it. */
interface NodeRequest {
  /** The request's method. */
  method?: string | undefined
  /** The request target; Express's `originalUrl` is read first where there is one. */
  url?: string | undefined
  /** The headers as received: names and values, alternately. */
  rawHeaders: string[]
  /** The parsed headers. */
  headers: { origin?: string | undefined }
  /** The client reset the stream or closed the connection before the request ended. */
  aborted: boolean
  /** The request was torn down. */
  destroyed: boolean
  /** The body was read to its end (by another middleware, when the adapter has read none of it). */
  readableEnded: boolean
  /** Listens to the body's chunks. */
  on(event: 'data', listener: (chunk: Uint8Array) => void): unknown
  /** Listens to the end of the body, or to the request closing. */
  once(event: 'end' | 'close', listener: () => void): unknown
  /** Listens to a failure while reading the body. */
  once(event: 'error', listener: (error: Error) => void): unknown
  /** Stops reading the body for now. */
  pause(): unknown
  /** Reads the body again. */
  resume(): unknown
}

/** A response of `node:http`, `node:http2`'s compatibility API or Express, as far as the adapter writes it. */
interface NodeResponse {
  /** The status line and headers have been sent. */
  headersSent: boolean
  /** The answer was ended. */
  writableEnded: boolean
  /** The answer was torn down. */
  destroyed: boolean
  /** Sends the status and headers, then the body with `end`. */
  writeHead(statusCode: number, headers: Record<string, string>): { end(body: Uint8Array | string): unknown }
  /** Listens to the connection closing, answered or not. */
  once(event: 'close', listener: () => void): unknown
  /** Tears the answer down. */
  destroy(): unknown
}

/** A `node:http` (or `node:http2` compatibility API) request listener, also usable as Express middleware. */
export type NodeHandler = (req: NodeRequest, res: NodeResponse) => void

/**
 * The request body as a stream that reads from the socket only when the proxy pulls. A body the
 * proxy never reads is left to Node, which discards it; one it stops reading (too large) is
 * drained into nothing, so that the answer still reaches the client.
 */
function bodyStream(req: NodeRequest): ReadableStream<Uint8Array> {
  let listening = false
  let settled = false
  return new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (!listening) {
          listening = true
          req.on('data', (chunk) => {
            if (settled) return
            controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength))
            if ((controller.desiredSize ?? 0) <= 0) req.pause()
          })
          const settle = (error?: unknown) => {
            if (!settled) error ? controller.error(error) : controller.close()
            settled = true
          }
          const cut = () => settle(new Error('The client went away before its body was whole'))
          // A body is whole only if it ends before the request closes, and not aborted: node:http2's
          // compatibility API closes a reset stream's request, then ends it as if its body were whole.
          req.once('end', () => (req.aborted ? cut() : settle()))
          req.once('error', settle)
          req.once('close', cut)
          // Torn down before this first pull (the client left during an async check): no event is left to
          // come. node:http2's compatibility API never destroys the request of a reset stream, it aborts it.
          if (req.destroyed || req.aborted) cut()
        }
        req.resume()
      },
      cancel() {
        settled = true
        req.resume()
      },
    },
    // Zero, so that nothing is read before the proxy asks (it may refuse without reading).
    { highWaterMark: 0 },
  )
}

async function send(res: NodeResponse, response: Response): Promise<void> {
  // A Uint8Array, which node:http and node:http2 write as they write a Buffer.
  const body = new Uint8Array(await response.arrayBuffer())
  const headers: Record<string, string> = {}
  response.headers.forEach((value, name) => {
    headers[name] = value
  })
  res.writeHead(response.status, headers).end(body)
}

async function serve(proxy: PayLinkProxy, req: NodeRequest, res: NodeResponse, cors: Record<string, string>): Promise<void> {
  // Express strips its mount path from req.url; originalUrl is what the client asked for.
  const target = (req as NodeRequest & { originalUrl?: string }).originalUrl ?? req.url ?? ''
  // The raw target is checked here because the URL parser behind Request resolves `..` and `%2e%2e`.
  // An absolute-form target (`http://evil/...`) is refused: only origin-form paths are served. The
  // path ends where the parser ends it, at a `#` too: it drops the fragment, then resolves a `..#`.
  if (!safeSegments(target.split(/[?#]/, 1)[0]!)) {
    return send(res, jsonError(400, 'invalid_request', 'The request target is not allowed', cors))
  }
  // Either case: node:http2 passes `get` as sent, and Request reads it as GET (Fetch normalizes the
  // case of GET, HEAD, POST, …), which may have no body.
  const hasBody = !/^(GET|HEAD)$/i.test(req.method ?? '')
  // node:http2's compatibility API also ends the request of a stream the client reset.
  if (hasBody && req.readableEnded && !req.aborted) {
    return send(res, jsonError(500, 'proxy_misconfigured', 'The request body was already read by another middleware; mount the PayLink proxy before body parsers such as express.json()', cors))
  }
  const aborter = new AbortController()
  // Ended, not finished: node:http2's compatibility API finishes the answer of a reset stream.
  const gone = () => {
    if (!res.writableEnded) aborter.abort()
  }
  res.once('close', gone)
  // A client that left before this handler ran has already had its 'close' (under node:http2 the
  // answer is never destroyed, the request is aborted).
  if (res.destroyed || req.aborted) gone()
  let request: Request
  try {
    const headers = new Headers()
    for (let i = 0; i + 1 < req.rawHeaders.length; i += 2) {
      const name = req.rawHeaders[i]!
      // node:http2's compatibility API lists its pseudo-headers (:method, :path, …) here too; :authority
      // is HTTP/2's Host, which tells the proxy its own origin.
      if (name === ':authority') headers.append('Host', req.rawHeaders[i + 1]!)
      else if (!name.startsWith(':')) headers.append(name, req.rawHeaders[i + 1]!)
    }
    // The Host header is the client's to choose; the proxy never uses the request's origin, so a fixed one is used.
    request = new Request(`http://localhost${target}`, {
      method: req.method,
      headers,
      body: hasBody ? bodyStream(req) : undefined,
      signal: aborter.signal,
      duplex: 'half',
    } as RequestInit)
  } catch {
    return send(res, jsonError(400, 'invalid_request', 'The request could not be read', cors))
  }
  return send(res, await proxy(request))
}

/**
 * Adapts a proxy from `createPayLinkProxy` to `node:http`, `node:http2` and Express: `(req, res) => void`,
 * no Express needed. Its own error answers carry the proxy's CORS headers when it is given the proxy
 * itself (not a function that wraps it).
 */
export function toNodeHandler(proxy: PayLinkProxy): NodeHandler {
  const allowed = PROXY_ORIGINS.get(proxy)
  return (req, res) => {
    const cors = corsHeaders(req.headers.origin ?? null, allowed)
    serve(proxy, req, res, cors).catch(() => {
      if (res.headersSent) res.destroy()
      else res.writeHead(500, { ...cors, ...SECURITY_HEADERS, 'Content-Type': 'application/json' }).end('{"error":{"code":"internal_error","message":"The proxy failed"}}')
    })
  }
}
