// Node only: keep this file out of the browser path (nothing else in src/mock imports it).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { getResponse } from 'msw'
import { createMockApi, type MockApi, type MockApiOptions } from './createMockApi.js'
import { ARRIVED_IN, SERVER_CLOSED } from './route.js'
import type { MockState } from './state.js'

/** Options of `startMockServer`: those of `createMockApi`, plus where to listen. */
export interface MockServerOptions extends MockApiOptions {
  /** The port; `0` picks a free one. Defaults to `0`. */
  port?: number | undefined
  /** The interface to listen on. Defaults to `'127.0.0.1'` (never the outside world unless asked). */
  host?: string | undefined
}

/** A running mock server. */
export interface MockServer {
  /** Its base URL (`http://127.0.0.1:4010`), to pass to `createPayLinkClient` as `baseUrl`. */
  url: string
  /** The mock behind it: faults, scenarios, ledger, reset. */
  mock: MockApi
  /** Stops listening and closes open connections; a request still waiting out its latency is dropped unanswered. Calling it again returns the first call's promise. */
  close(): Promise<void>
}

// Lets a browser app on another origin (a dev server) call the mock directly, and read what the
// client reads of an answer: Date too, the clock an HTTP-date Retry-After is counted from.
const CORS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET, POST, OPTIONS',
  'Access-Control-Allow-Headers': 'Content-Type, Accept, X-API-Key, Idempotency-Key, PAYMENT-SIGNATURE, X-PAYMENT',
  'Access-Control-Expose-Headers': 'PAYMENT-REQUIRED, PAYMENT-RESPONSE, X-PAYMENT-RESPONSE, X-Request-Id, Retry-After, Date',
}

async function toFetchRequest(req: IncomingMessage, origin: string, signal: AbortSignal, state: MockState): Promise<Request> {
  const headers = new Headers()
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value)
  }
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD' && chunks.length > 0
  // HEAD is answered as its GET (Node's response then leaves the body out), as a real server does;
  // the handlers know GET only.
  const method = req.method === 'HEAD' ? 'GET' : req.method
  const request = new Request(new URL(req.url ?? '/', origin), { method, headers, signal, ...(hasBody && { body: Buffer.concat(chunks) }) })
  ARRIVED_IN.set(request, state)
  return request
}

/** Answers with the contract's error body, for what the mock's handlers never see. */
function sendError(res: ServerResponse, status: number, code: string, message: string): void {
  res.writeHead(status, { ...CORS, 'Content-Type': 'application/json' }).end(JSON.stringify({ error: { code, message } }))
}

async function answer(mock: MockApi, origin: string, signal: AbortSignal, req: IncomingMessage, res: ServerResponse): Promise<void> {
  // Read now: its body and msw's matching take ticks, in which a reset() must drop it (see ARRIVED_IN).
  const state = mock.state
  if (req.method === 'OPTIONS') {
    // Every header the browser asks for, not only the API's: a client's own `headers` (a bearer
    // token, a tenant) would otherwise fail every request with a CORS error.
    const asked = req.headers['access-control-request-headers']
    res.writeHead(204, { ...CORS, ...(asked && { 'Access-Control-Allow-Headers': asked, Vary: 'Access-Control-Request-Headers' }) }).end()
    return
  }
  try {
    // MSW decodes path values, and throws on malformed percent-encoding: a server's 400, not a 500.
    decodeURIComponent(new URL(req.url ?? '/', origin).pathname)
  } catch {
    return sendError(res, 400, 'invalid_request', `Malformed percent-encoding in ${req.url}`)
  }
  const response = await getResponse(mock.handlers, await toFetchRequest(req, origin, signal, state))
  if (response?.type === 'error') {
    req.socket.destroy()
    return
  }
  if (!response) return sendError(res, 404, 'not_found', `No route ${req.method} ${req.url}`)
  const body = Buffer.from(await response.arrayBuffer())
  // Dated on this process's clock, which a test's fake timers move (Node's own Date reads the real
  // one): the client counts an HTTP-date Retry-After from it, as the handlers behind setupServer,
  // which send no Date, are read on the client's clock.
  res.writeHead(response.status, { Date: new Date().toUTCString(), ...Object.fromEntries(response.headers), ...CORS }).end(body)
}

/** Serves the mock API over HTTP through the same MSW handlers (a HEAD as its GET, without the body); a `dropConnection` fault destroys the socket. */
export async function startMockServer(options: MockServerOptions = {}): Promise<MockServer> {
  const { port = 0, host = '127.0.0.1', ...apiOptions } = options
  const mock = createMockApi(apiOptions)
  let origin = ''
  // Each request has its own signal, which close() aborts until its answer is done: one signal
  // shared by all would collect a listener per request (a Request follows its signal until it is
  // collected) and have Node warn of a memory leak past 1 500. Until its answer is done, not until
  // its socket closes: a request whose client gave up still runs out its latency, as on a real
  // server, and close() must still stop it (or it would change the state and keep the process alive).
  const open = new Set<AbortController>()
  const server = createServer((req, res) => {
    const request = new AbortController()
    open.add(request)
    // Nothing throws once the head is written (the body is read before it): a 500 can always be sent.
    answer(mock, origin, request.signal, req, res)
      .catch((error: unknown) => sendError(res, 500, 'server_error', error instanceof Error ? error.message : String(error)))
      .finally(() => open.delete(request))
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, () => resolve())
  })
  const address = server.address() as AddressInfo
  const hostForUrl = address.family === 'IPv6' ? `[${address.address}]` : address.address
  origin = `http://${hostForUrl}:${address.port}`
  let closed: Promise<void> | undefined
  return {
    url: origin,
    mock,
    // Once: a second call (an afterEach and an afterAll both tearing down) gets the first's promise,
    // not Node's ERR_SERVER_NOT_RUNNING.
    close: () =>
      (closed ??= new Promise<void>((resolve, reject) => {
        for (const request of open) request.abort(SERVER_CLOSED)
        server.close((error) => (error ? reject(error) : resolve()))
        server.closeAllConnections()
      })),
  }
}
