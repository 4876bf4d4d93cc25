import express from 'express'
import { Agent, createServer, request, type RequestListener } from 'node:http'
import http2 from 'node:http2'
import { connect as connectTcp, type AddressInfo } from 'node:net'
import { createPayLinkProxy, type NodeHandler, type PayLinkProxyOptions, toNodeHandler } from '../../src/server.js'
import { type Answer, type Listening, listen, readAll, type Seen, send } from './nodeServers.js'
import { KEY } from './recordingFetch.js'

const API = '/api/paylink/pub/v1'
let upstream: Listening
let seen: Seen[]
let answer: RequestListener
const started: Listening[] = []

/** `promise`'s value, or 'still pending' after `ms`. */
const within = <T>(promise: Promise<T>, ms: number) =>
  Promise.race([promise, new Promise<'still pending'>((resolve) => setTimeout(resolve, ms, 'still pending'))])

async function proxyServer(options: Partial<PayLinkProxyOptions> = {}): Promise<Listening> {
  const proxy = createPayLinkProxy({ apiKey: KEY, upstream: upstream.origin, basePath: '/api/paylink', ...options })
  const server = await listen(toNodeHandler(proxy))
  started.push(server)
  return server
}

beforeAll(async () => {
  upstream = await listen(async (req, res) => {
    seen.push({ method: req.method!, url: req.url!, headers: req.headers, body: await readAll(req) })
    answer(req, res)
  })
})
beforeEach(() => {
  seen = []
  answer = (_, res) => {
    res.writeHead(200, { 'Content-Type': 'application/json', 'X-Request-Id': 'req_7', 'Set-Cookie': 'up=1' }).end('{"ok":true}')
  }
})
afterEach(async () => {
  await Promise.all(started.splice(0).map((s) => s.close()))
})
afterAll(() => upstream.close())

test('a GET is forwarded with the key added and the browser credentials dropped', async () => {
  const proxy = await proxyServer()
  const response = await send(proxy.port, {
    path: `${API}/links/abc`,
    headers: { Cookie: 'session=1', Authorization: 'Bearer t', 'X-API-Key': 'browser', Accept: 'application/json' },
  })
  expect(response).toMatchObject({ status: 200, body: '{"ok":true}' })
  expect(response.headers['x-request-id']).toBe('req_7')
  expect(response.headers['set-cookie']).toBeUndefined()
  expect(seen).toHaveLength(1)
  expect(seen[0]).toMatchObject({ method: 'GET', url: '/pub/v1/links/abc' })
  expect(seen[0]!.headers['x-api-key']).toBe(KEY)
  expect(seen[0]!.headers.cookie).toBeUndefined()
  expect(seen[0]!.headers.authorization).toBeUndefined()
})

test('a HEAD (an uptime monitor\'s) is answered as its GET, without the body', async () => {
  const proxy = await proxyServer()
  const response = await send(proxy.port, { method: 'HEAD', path: `${API}/links/abc` })
  expect(response).toMatchObject({ status: 200, body: '' })
  expect(response.headers['x-request-id']).toBe('req_7')
  expect(seen.map((s) => `${s.method} ${s.url}`)).toEqual(['GET /pub/v1/links/abc'])
})

test('a POST is forwarded with its body, and the upstream status and x402 headers come back', async () => {
  answer = (_, res) => {
    res.writeHead(402, { 'Content-Type': 'application/json', 'PAYMENT-REQUIRED': 'eyJ4NDAyVmVyc2lvbiI6Mn0=' }).end('{"x402Version":1,"accepts":[]}')
  }
  const proxy = await proxyServer()
  const response = await send(proxy.port, {
    method: 'POST',
    path: `${API}/payments/verify`,
    headers: { 'Content-Type': 'application/json', 'Idempotency-Key': 'k1' },
    chunks: ['{"code":', '"abc"}'],
  })
  expect(response.status).toBe(402)
  expect(response.headers['payment-required']).toBe('eyJ4NDAyVmVyc2lvbiI6Mn0=')
  expect(seen).toMatchObject([{ method: 'POST', url: '/pub/v1/payments/verify', body: '{"code":"abc"}' }])
  expect(seen[0]!.headers).toMatchObject({ 'x-api-key': KEY, 'content-type': 'application/json', 'idempotency-key': 'k1' })
})

test('a chunked body over the limit gets 413 before it ends, and upstream is not contacted', async () => {
  const proxy = await proxyServer({ maxBodyBytes: 1024 })
  const response = await send(proxy.port, {
    method: 'POST',
    path: `${API}/links`,
    headers: { 'Content-Type': 'application/json' },
    chunks: ['x'.repeat(1000), 'x'.repeat(1000)],
    end: false,
  })
  expect(response.status).toBe(413)
  expect(JSON.parse(response.body).error.code).toBe('payload_too_large')
  expect(seen).toEqual([])
})

test('a kept-alive connection stays usable after refused bodies', async () => {
  const proxy = await proxyServer({ maxBodyBytes: 1024 })
  let connections = 0
  proxy.server.on('connection', () => connections++)
  const agent = new Agent({ keepAlive: true, maxSockets: 1 })
  try {
    const chunks = Array.from({ length: 16 }, () => 'x'.repeat(65_536))
    const streamed = await send(proxy.port, { method: 'POST', path: `${API}/links`, headers: { 'Content-Type': 'application/json' }, chunks, agent })
    const announced = await send(proxy.port, {
      method: 'POST',
      path: `${API}/links`,
      headers: { 'Content-Type': 'application/json', 'Content-Length': String(16 * 65_536) },
      chunks,
      agent,
    })
    const after = await send(proxy.port, { path: `${API}/links/abc`, agent })
    expect([streamed.status, announced.status, after.status]).toEqual([413, 413, 200])
  } finally {
    agent.destroy()
  }
  expect(connections).toBe(1)
  expect(seen.map((s) => s.url)).toEqual(['/pub/v1/links/abc'])
})

test.each([
  ['an absolute-URL target', 'http://evil.test/api/paylink/pub/v1/links/abc'],
  ['an asterisk-form target (of OPTIONS *)', '*'],
  ['a plain traversal', `${API}/links/../../../admin`],
  ['an encoded traversal', `${API}/links/%2e%2E/%2E%2e/admin`],
  ['a half-encoded traversal', `${API}/links/.%2e/admin`],
  ['a backslash', `${API}/links\\..\\admin`],
  ['a double slash', `//evil.test${API}/links/abc`],
])('%s gets 400 and never reaches upstream', async (_, path) => {
  const proxy = await proxyServer()
  const response = await send(proxy.port, { path })
  expect(response.status).toBe(400)
  expect(JSON.parse(response.body).error.code).toBe('invalid_request')
  expect(seen).toEqual([])
})

// The URL parser behind Request drops a fragment, then resolves the `..` or `.` it ended: the raw
// target's check must see that segment as the parser will.
test.each([
  ['a traversal ended by a fragment', `${API}/links/abc/..#`],
  ['an encoded traversal ended by a fragment', `${API}/links/abc/%2e%2e#x`],
  ['a dot segment ended by a fragment', `${API}/links/abc/.#`],
])('%s gets 400, as any traversal does, and never reaches upstream', async (_, path) => {
  const proxy = await proxyServer()
  const response = await send(proxy.port, { path })
  expect(response.status).toBe(400)
  expect(JSON.parse(response.body).error.code).toBe('invalid_request')
  expect(seen).toEqual([])
})

test('an upstream that is down gets 502 bad_gateway', async () => {
  const gone = await listen(() => {})
  await gone.close()
  const proxy = await proxyServer({ upstream: gone.origin })
  const response = await send(proxy.port, { path: `${API}/links/abc` })
  expect(response.status).toBe(502)
  expect(JSON.parse(response.body)).toEqual({ error: { code: 'bad_gateway', message: expect.any(String) } })
  expect(response.body).not.toContain(KEY)
})

test('an upstream that stalls gets 504 upstream_timeout', async () => {
  answer = () => {}
  const proxy = await proxyServer({ timeoutMs: 50 })
  const response = await send(proxy.port, { path: `${API}/links/abc` })
  expect(response.status).toBe(504)
  expect(JSON.parse(response.body).error.code).toBe('upstream_timeout')
  expect(seen).toHaveLength(1)
})

test('an upstream redirect is not followed, so the key never reaches its target', async () => {
  const thief = await listen((req, res) => {
    seen.push({ method: req.method!, url: `thief${req.url}`, headers: req.headers, body: '' })
    res.end()
  })
  started.push(thief)
  answer = (_, res) => {
    res.writeHead(307, { Location: `${thief.origin}/steal` }).end()
  }
  const proxy = await proxyServer()
  const response = await send(proxy.port, { path: `${API}/links/abc` })
  expect(response.status).toBe(502)
  expect(response.headers.location).toBeUndefined()
  expect(seen.map((s) => s.url)).toEqual(['/pub/v1/links/abc'])
})

test('a client that leaves in the middle of its body is logged as 499 client_closed_request, not as a bad request', async () => {
  const proxy = createPayLinkProxy({ apiKey: KEY, upstream: upstream.origin, basePath: '/api/paylink' })
  const answered = new Promise<unknown>((resolve) => {
    void listen(toNodeHandler((request) => proxy(request).then(async (response) => (resolve((await response.clone().json()).error), response)))).then((server) => {
      started.push(server)
      const socket = connectTcp(server.port, '127.0.0.1', () => {
        socket.write(`POST ${API}/links HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"crea`)
        setTimeout(() => socket.destroy(), 50)
      })
      socket.on('error', () => {})
    })
  })
  expect(await answered).toEqual({ code: 'client_closed_request', message: 'The client went away before its body was whole' })
  expect(seen).toEqual([])
})

describe('a client that leaves before the proxy starts (an async session check outlasted it)', () => {
  /** Sends `head` from a socket destroyed once the server has it; `handler` runs only after the server saw it go. */
  async function leaveEarly(handler: NodeHandler, head: string): Promise<void> {
    const server = await listen((req, res) => {
      res.once('close', () => handler(req, res))
      socket.destroy()
    })
    started.push(server)
    const socket = connectTcp(server.port, '127.0.0.1', () => socket.write(head))
    socket.on('error', () => {})
  }

  test('a POST cut before its body was read settles, and nothing goes upstream', async () => {
    const proxy = createPayLinkProxy({ apiKey: KEY, upstream: upstream.origin, basePath: '/api/paylink' })
    const settled = new Promise<string>((resolve) => {
      void leaveEarly(
        toNodeHandler((request) => proxy(request).finally(() => resolve('settled'))),
        `POST ${API}/links HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"crea`,
      )
    })
    expect(await within(settled, 1000)).toBe('settled')
    expect(seen).toEqual([])
  })

  test('a GET is not forwarded for nobody', async () => {
    const proxy = createPayLinkProxy({ apiKey: KEY, upstream: upstream.origin, basePath: '/api/paylink' })
    const settled = new Promise<string>((resolve) => {
      void leaveEarly(toNodeHandler((request) => proxy(request).finally(() => resolve('settled'))), `GET ${API}/links/abc HTTP/1.1\r\nHost: x\r\n\r\n`)
    })
    expect(await within(settled, 1000)).toBe('settled')
    expect(seen).toEqual([])
  })

  test('the proxy gets the request already aborted, so it can skip the upstream call', async () => {
    const aborted = new Promise<boolean>((resolve) => {
      void leaveEarly(
        toNodeHandler(async (request) => {
          resolve(request.signal.aborted)
          return new Response(null, { status: 204 })
        }),
        `GET ${API}/links/abc HTTP/1.1\r\nHost: x\r\n\r\n`,
      )
    })
    expect(await within(aborted, 1000)).toBe(true)
  })
})

describe('under Express', () => {
  async function expressServer(withJsonParser: boolean): Promise<Listening> {
    const app = express()
    if (withJsonParser) app.use(express.json())
    app.use('/api/paylink', toNodeHandler(createPayLinkProxy({ apiKey: KEY, upstream: upstream.origin, basePath: '/api/paylink' })))
    const server = await listen(app)
    started.push(server)
    return server
  }

  test('mounted with app.use, it still sees the full path and forwards', async () => {
    const server = await expressServer(false)
    const response = await send(server.port, {
      method: 'POST',
      path: `${API}/links`,
      headers: { 'Content-Type': 'application/json' },
      chunks: ['{"creatorId":"c"}'],
    })
    expect(response.status).toBe(200)
    expect(seen).toMatchObject([{ method: 'POST', url: '/pub/v1/links', body: '{"creatorId":"c"}' }])
  })

  test('behind a body parser it refuses to forward an empty body and says why', async () => {
    const server = await expressServer(true)
    const response = await send(server.port, {
      method: 'POST',
      path: `${API}/links`,
      headers: { 'Content-Type': 'application/json' },
      chunks: ['{"creatorId":"c"}'],
    })
    expect(response.status).toBe(500)
    expect(JSON.parse(response.body).error.message).toContain('express.json()')
    expect(seen).toEqual([])
  })
})

describe('under node:http2', () => {
  /** Sends one request; `headers` may depend on the proxy's origin. */
  async function http2Answer(headers: http2.OutgoingHttpHeaders | ((origin: string) => http2.OutgoingHttpHeaders), body?: string) {
    const proxy = createPayLinkProxy({ apiKey: KEY, upstream: upstream.origin, basePath: '/api/paylink' })
    // The compatibility API hands the handler Http2ServerRequest/Response, not IncomingMessage/ServerResponse.
    const server = http2.createServer(toNodeHandler(proxy))
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    const client = http2.connect(origin)
    try {
      const req = client.request(typeof headers === 'function' ? headers(origin) : headers)
      const status = new Promise<unknown>((resolve) => req.once('response', (h) => resolve(h[':status'])))
      req.end(body)
      return { status: await status, body: await readAll(req as never) }
    } finally {
      client.close()
      await new Promise((resolve) => server.close(resolve))
    }
  }

  test('a GET is forwarded (the :method/:path pseudo-headers are not), and the answer comes back', async () => {
    const response = await http2Answer({ ':path': `${API}/links/abc` })
    expect(response).toEqual({ status: 200, body: '{"ok":true}' })
    expect(seen).toMatchObject([{ method: 'GET', url: '/pub/v1/links/abc', headers: { 'x-api-key': KEY } }])
    expect(Object.keys(seen[0]!.headers).filter((name) => name.startsWith(':'))).toEqual([])
  })

  test('a POST is forwarded with its body', async () => {
    const response = await http2Answer({ ':method': 'POST', ':path': `${API}/links`, 'content-type': 'application/json' }, '{"creatorId":"c"}')
    expect(response.status).toBe(200)
    expect(seen).toMatchObject([{ method: 'POST', url: '/pub/v1/links', body: '{"creatorId":"c"}' }])
  })

  // node:http2 passes a method as sent (node:http's parser refuses `get` with its own 400), and the
  // Request it becomes reads `get` as GET, as Fetch does: the adapter took it for a method with a
  // body, which a GET cannot have, and answered 400. `post` was served as POST all along.
  test.each([
    ['get', 200, '{"ok":true}'],
    ['head', 200, ''],
  ])('a lowercase %s is answered as its uppercase method, as Fetch reads it', async (method, status, body) => {
    const response = await http2Answer({ ':method': method, ':path': `${API}/links/abc` })
    expect(response).toEqual({ status, body })
    expect(seen).toMatchObject([{ method: 'GET', url: '/pub/v1/links/abc', body: '' }])
  })

  test('a POST from the proxy\'s own origin is served (its :authority is its Host), from another refused', async () => {
    const post = (origin: (own: string) => string) =>
      http2Answer((own) => ({ ':method': 'POST', ':path': `${API}/links`, 'content-type': 'application/json', origin: origin(own) }), '{}')
    expect((await post((own) => own)).status).toBe(200)
    expect((await post(() => 'https://evil.test')).status).toBe(403)
    expect(seen).toHaveLength(1)
  })

  // node:http2's compatibility API ends the request of a reset stream as if its body were whole.
  test('a stream the client cancels mid-body is not forwarded as a whole body', async () => {
    const proxy = createPayLinkProxy({ apiKey: KEY, upstream: upstream.origin, basePath: '/api/paylink' })
    let settled!: () => void
    const done = new Promise<void>((resolve) => (settled = resolve))
    const server = http2.createServer(toNodeHandler((request) => proxy(request).finally(settled)))
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const client = http2.connect(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)
    try {
      const req = client.request({ ':method': 'POST', ':path': `${API}/payments/verify`, 'content-type': 'application/json', 'content-length': '40' })
      req.on('error', () => {})
      req.write('{"code":"abc","note":"')
      await new Promise((resolve) => setTimeout(resolve, 50))
      req.close(http2.constants.NGHTTP2_CANCEL)
      await done
      expect(seen).toEqual([])
    } finally {
      client.close()
      await new Promise((resolve) => server.close(resolve))
    }
  })

  /** An http2 server running `listener`, a client connected to it, and a `close` for both. */
  async function http2Pair(listener: (req: http2.Http2ServerRequest, res: http2.Http2ServerResponse) => void) {
    const server = http2.createServer(listener)
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const client = http2.connect(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)
    const close = async () => {
      client.close()
      await new Promise((resolve) => server.close(resolve))
    }
    return { client, close }
  }

  // The compatibility API finishes the answer of a reset stream: the client seemed to stay to the end.
  test('a stream the client cancels while upstream is slow aborts the upstream call (499), not at the 15 s time-out', async () => {
    let reached!: () => void
    const reaching = new Promise<void>((resolve) => (reached = resolve))
    const upstreamClosed = new Promise<void>((resolve) => {
      answer = (_, res) => {
        res.once('close', resolve)
        reached()
      }
    })
    const proxy = createPayLinkProxy({ apiKey: KEY, upstream: upstream.origin, basePath: '/api/paylink' })
    let answered!: (status: number) => void
    const proxyStatus = new Promise<number>((resolve) => (answered = resolve))
    const pair = await http2Pair(toNodeHandler((request) => proxy(request).then((response) => (answered(response.status), response))))
    try {
      const req = pair.client.request({ ':path': `${API}/links/abc` })
      req.on('error', () => {})
      req.end()
      await reaching
      req.close(http2.constants.NGHTTP2_CANCEL)
      expect(await within(upstreamClosed, 1000)).toBeUndefined()
      expect(await within(proxyStatus, 1000)).toBe(499)
    } finally {
      await pair.close()
    }
  })

  test('a client that left before the proxy started (an async check outlasted it): a GET is not forwarded, a POST settles unforwarded', async () => {
    const proxy = createPayLinkProxy({ apiKey: KEY, upstream: upstream.origin, basePath: '/api/paylink' })
    const statuses: number[] = []
    let settled!: () => void
    let done = new Promise<void>((resolve) => (settled = resolve))
    const handler = toNodeHandler((request) => proxy(request).then((response) => (statuses.push(response.status), response)).finally(settled))
    // The handler runs only a while after the server saw the stream go.
    const pair = await http2Pair((req, res) => res.once('close', () => setTimeout(() => handler(req, res), 20)))
    try {
      for (const [headers, body] of [
        [{ ':path': `${API}/links/abc` }, undefined],
        [{ ':method': 'POST', ':path': `${API}/links`, 'content-type': 'application/json', 'content-length': '100' }, '{"crea'],
      ] as const) {
        const req = pair.client.request(headers)
        req.on('error', () => {})
        if (body) req.write(body)
        else req.end()
        await new Promise((resolve) => setTimeout(resolve, 50))
        req.close(http2.constants.NGHTTP2_CANCEL)
        expect(await within(done, 1000)).toBeUndefined()
        done = new Promise<void>((resolve) => (settled = resolve))
      }
      expect(seen).toEqual([])
      // Nobody left to answer: not a 200 of the API, nor a misconfigured proxy's 500.
      expect(statuses).toEqual([499, 499])
    } finally {
      await pair.close()
    }
  })
})

// What Vite's server.proxy does with changeOrigin and xfwd, and nginx with proxy_set_header X-Forwarded-Host $http_host.
test('behind a reverse proxy that rewrites Host over plain http, a POST from the page it serves is forwarded when it sets X-Forwarded-Host', async () => {
  const proxy = await proxyServer()
  const front = (xfwd: boolean) =>
    listen((req, res) => {
      const headers = { ...req.headers, host: `127.0.0.1:${proxy.port}`, ...(xfwd && { 'x-forwarded-host': req.headers.host }) }
      req.pipe(request({ host: '127.0.0.1', port: proxy.port, method: req.method, path: req.url, headers }, (answer) => {
        res.writeHead(answer.statusCode!, answer.headers)
        answer.pipe(res)
      }))
    })
  const statuses: number[] = []
  for (const xfwd of [true, false]) {
    const server = await front(xfwd)
    started.push(server)
    const headers = { Origin: server.origin, 'Content-Type': 'application/json' }
    statuses.push((await send(server.port, { method: 'POST', path: `${API}/payments/verify`, headers, chunks: ['{"code":"demo"}'] })).status)
  }
  expect(statuses).toEqual([200, 403])
  expect(seen).toMatchObject([{ method: 'POST', url: '/pub/v1/payments/verify', body: '{"code":"demo"}' }])
})

test('the adapter\'s own answers (a refused target, a proxy that failed) are typed JSON errors, say nosniff, no-store and carry the CSP too', async () => {
  const proxy = await proxyServer()
  const failing = await listen(toNodeHandler(() => Promise.reject(new Error('bug'))))
  started.push(failing)
  const answers = [await send(proxy.port, { path: `${API}/links/../admin` }), await send(failing.port, { path: `${API}/links/abc` })]
  expect(answers.map((a) => [a.status, a.headers['content-type'], JSON.parse(a.body)])).toEqual([
    [400, 'application/json', { error: { code: 'invalid_request', message: 'The request target is not allowed' } }],
    [500, 'application/json', { error: { code: 'internal_error', message: 'The proxy failed' } }],
  ])
  for (const answer of answers) {
    expect(answer.headers['x-content-type-options']).toBe('nosniff')
    expect(answer.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'; sandbox")
    expect(answer.headers['cache-control']).toBe('no-store')
  }
})

// As when an Express timeout middleware answers 503 while the upstream is still thinking.
test('an answer another handler sent first stands: the proxy\'s late one is dropped without crashing the server', async () => {
  let clientHasIt!: () => void
  const firstAnswerRead = new Promise<void>((resolve) => (clientHasIt = resolve))
  let proxied = 0
  const handler = toNodeHandler(async () => {
    await firstAnswerRead
    proxied++
    return Response.json({ late: true })
  })
  const server = await listen((req, res) => {
    handler(req, res)
    res.writeHead(503, { 'Content-Type': 'application/json' }).end('{"error":{"code":"timeout"}}')
  })
  started.push(server)
  expect(await send(server.port, { path: `${API}/links/abc` })).toMatchObject({ status: 503, body: '{"error":{"code":"timeout"}}' })
  clientHasIt()
  expect(await send(server.port, { path: `${API}/links/abc` })).toMatchObject({ status: 503 })
  expect(proxied).toBe(2)
})

test('a header value the Fetch API refuses (a lenient parser let it through) gets 400, not 500', async () => {
  const proxy = createPayLinkProxy({ apiKey: KEY, upstream: upstream.origin, basePath: '/api/paylink' })
  const server = createServer({ insecureHTTPParser: true }, toNodeHandler(proxy))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  try {
    const socket = connectTcp((server.address() as AddressInfo).port, '127.0.0.1')
    socket.end(`GET ${API}/links/abc HTTP/1.1\r\nHost: x\r\nX-Odd: a\0b\r\nConnection: close\r\n\r\n`)
    const raw = await readAll(socket as never)
    expect(raw).toMatch(/^HTTP\/1\.1 400 /)
    expect(raw).toContain('{"error":{"code":"invalid_request","message":"The request could not be read"}}')
    expect(seen).toEqual([])
  } finally {
    server.closeAllConnections()
    await new Promise((resolve) => server.close(resolve))
  }
})

// The adapter answers these itself, outside the proxy: without the proxy's CORS headers a page on a listed
// origin cannot read them, and its client reports "could not reach the server" instead of the error.
describe("the adapter's own error answers carry the proxy's CORS headers", () => {
  const allowedOrigins = ['https://shop.test']
  const options = { apiKey: KEY, basePath: '/api/paylink', allowedOrigins }

  async function behindJsonParser(): Promise<Listening> {
    const app = express()
    app.use(express.json())
    app.use('/api/paylink', toNodeHandler(createPayLinkProxy({ ...options, upstream: upstream.origin })))
    const server = await listen(app)
    started.push(server)
    return server
  }

  // A raw request with a header value the Fetch API refuses, on a server whose parser lets it through.
  async function oddHeader(origin: string): Promise<Answer> {
    const server = createServer({ insecureHTTPParser: true }, toNodeHandler(createPayLinkProxy({ ...options, upstream: upstream.origin })))
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    try {
      const socket = connectTcp((server.address() as AddressInfo).port, '127.0.0.1')
      socket.end(`GET ${API}/links/abc HTTP/1.1\r\nHost: x\r\nOrigin: ${origin}\r\nX-Odd: a\0b\r\nConnection: close\r\n\r\n`)
      const [head, rest = ''] = (await readAll(socket as never)).split('\r\n\r\n', 2)
      const [statusLine, ...lines] = head!.split('\r\n')
      const headers = Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]))
      // The body comes chunked: its one JSON object, without the chunk sizes.
      return { status: Number(statusLine!.split(' ')[1]), headers, body: /\{.*\}/s.exec(rest)![0] }
    } finally {
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
    }
  }

  // Name, status and code for a listed origin, status for another, how to get the answer.
  const cases: [string, number, string, number, (origin: string) => Promise<Answer>][] = [
    ['an encoded slash in a path value', 400, 'invalid_request', 400, async (Origin) =>
      send((await proxyServer({ allowedOrigins })).port, { path: `${API}/payments/a%2Fb`, headers: { Origin } })],
    ['a traversal', 400, 'invalid_request', 400, async (Origin) =>
      send((await proxyServer({ allowedOrigins })).port, { path: `${API}/links/../admin`, headers: { Origin } })],
    ['a header value the Fetch API refuses', 400, 'invalid_request', 400, oddHeader],
    ['a body parser mounted before the proxy', 500, 'proxy_misconfigured', 500, async (Origin) =>
      send((await behindJsonParser()).port, { method: 'POST', path: `${API}/links`, headers: { Origin, 'Content-Type': 'application/json' }, chunks: ['{}'] })],
    // undici accepts a control character in a header value that node:http refuses to write. Another
    // origin never gets that far: the proxy refuses it with its own 403.
    ['an upstream header node:http cannot write', 500, 'internal_error', 403, async (Origin) => {
      const fetch = async () => new Response('{}', { headers: { 'X-Request-Id': 'req\x01' } })
      return send((await proxyServer({ allowedOrigins, fetch })).port, { path: `${API}/links/abc`, headers: { Origin } })
    }],
  ]

  test.each(cases)('%s: %i %s names a listed origin, and no other', async (_, status, code, otherStatus, answer) => {
    const listed = await answer('https://shop.test')
    expect([listed.status, JSON.parse(listed.body).error.code]).toEqual([status, code])
    expect(listed.headers).toMatchObject({ 'access-control-allow-origin': 'https://shop.test', vary: 'Origin' })
    const other = await answer('https://evil.test')
    expect(other.status).toBe(otherStatus)
    expect(other.headers['access-control-allow-origin']).toBeUndefined()
    expect(other.headers.vary).toBe('Origin')
    expect(seen).toEqual([])
  })
})
