import fc from 'fast-check'
import { Agent } from 'node:http'
import { createPayLinkProxy, toNodeHandler } from '../../src/server.js'
import { type Listening, listen, readAll, type Seen, send } from './nodeServers.js'
import { KEY, recordingFetch } from './recordingFetch.js'

const MAX_BODY = 256
const FORWARDABLE = new Set(['content-type', 'accept', 'idempotency-key', 'x-payment', 'payment-signature'])

// The spec's seven routes, written out independently of src/server/routes.ts.
const SPEC_ROUTES: ReadonlyArray<readonly [string, RegExp]> = [
  ['POST', /^\/pub\/v1\/links$/],
  ['GET', /^\/pub\/v1\/links\/([^/?#]+)$/],
  ['POST', /^\/pub\/v1\/payments\/verify$/],
  ['GET', /^\/pub\/v1\/payments\/([^/?#]+)$/],
  ['POST', /^\/pub\/v1\/attention\/token$/],
  ['GET', /^\/pub\/v1\/bridge\/status\/([^/?#]+)$/],
  ['GET', /^\/pub\/v1\/fees\/estimate$/],
]

/** Whether `method url` is one of the seven routes on `origin`, with a path value that cannot move in the tree. */
function isSpecCall(method: string, url: string, origin: string): boolean {
  if (!url.startsWith(`${origin}/`)) return false
  const target = url.slice(origin.length)
  const [path, query] = [target.split('?', 1)[0]!, target.includes('?')]
  return SPEC_ROUTES.some(([m, pattern]) => {
    const match = m === method ? pattern.exec(path) : null
    if (!match) return false
    if (query && !path.endsWith('/fees/estimate')) return false
    const value = match[1] === undefined ? undefined : decodeURIComponent(match[1])
    return value === undefined || (value !== '.' && value !== '..' && !/[/\\]/.test(value))
  })
}

const fragment = fc.oneof(
  fc.constantFrom(
    '..', '.', '%2e%2E', '%2E%2e', '.%2e', '%2e.', '%2e', '%2f', '%2F', '%5c', '%5C', '\\', '//', '/', '%252e%252e', '%252F',
    'links', 'pub', 'v1', 'v2', 'payments', 'verify', 'attention', 'token', 'bridge', 'status', 'fees', 'estimate',
    'api', 'paylink', 'admin', '%00', '%', '%zz', '?', '?x=1', '#', '@', ':', ';', 'evil.test', '%20', 'caf%C3%A9',
  ),
  fc.webSegment(),
  fc.string({ maxLength: 6 }),
)

const hostilePath = fc
  .tuple(
    fc.constantFrom('/api/paylink/pub/v1/', '/api/paylink/', '/', '/api/paylink/pub/v1', 'http://evil.test/api/paylink/pub/v1/', '//evil.test/api/paylink/pub/v1/'),
    fc.array(fc.tuple(fragment, fc.constantFrom('/', '', '/', '//')), { maxLength: 8 }),
  )
  .map(([prefix, parts]) => prefix + parts.flat().join(''))

const id = fc.stringMatching(/^[A-Za-z0-9_-]{1,12}$/)
const validCall = fc.oneof(
  fc.constant(['POST', '/links']),
  id.map((v) => ['GET', `/links/${v}`]),
  fc.constant(['POST', '/payments/verify']),
  id.map((v) => ['GET', `/payments/${v}`]),
  fc.constant(['POST', '/attention/token']),
  id.map((v) => ['GET', `/bridge/status/${v}`]),
  fc.constant(['GET', '/fees/estimate']),
) as fc.Arbitrary<[string, string]>

const token = (prefix: string) => fc.stringMatching(/^[!-~]{0,24}$/).map((v) => `${prefix}${v}`)
const casing = (name: string) => fc.constantFrom(name, name.toUpperCase(), name[0]!.toUpperCase() + name.slice(1))

// Browser headers: the three credentials with values marked "secret-", and the allowed ones.
const browserHeaders = fc
  .array(
    fc.oneof(
      fc.tuple(fc.oneof(casing('x-api-key'), casing('cookie'), casing('authorization')), token('secret-')),
      fc.tuple(fc.constantFrom('Content-Type', 'Accept', 'Idempotency-Key', 'X-PAYMENT', 'PAYMENT-SIGNATURE', 'X-Forwarded-Host'), token('ok-')),
      fc.tuple(fc.constant('Origin'), fc.constantFrom('https://app.test', 'https://evil.test', 'null')),
      fc.tuple(fc.constant('Content-Type'), fc.constantFrom('application/json', 'Application/JSON; charset=utf-8')),
    ),
    { maxLength: 6 },
  )

const bodyShape = fc.record({
  size: fc.integer({ min: 0, max: MAX_BODY * 2 }),
  mode: fc.constantFrom('whole', 'announced', 'lying', 'streamed'),
})

const hostileRequest = fc.record({
  target: fc.oneof(hostilePath, validCall.map(([m, p]) => ({ method: m, path: `/api/paylink/pub/v1${p}` }))),
  method: fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD'),
  headers: browserHeaders,
  body: bodyShape,
})

/** A hostile upstream: echoes every header it got (the key among them) in its body and headers. */
function echoUpstream(request: Request): Response {
  return new Response(JSON.stringify(Object.fromEntries(request.headers)), {
    status: 200,
    headers: { 'Content-Type': 'application/json', 'X-Request-Id': KEY, 'Set-Cookie': `k=${KEY}`, 'PAYMENT-RESPONSE': `x${KEY}` },
  })
}

/** The real key appears in no header and no body of the answer. */
function assertCleanResponse(headers: Iterable<[string, string]>, body: string) {
  for (const [, value] of headers) expect(value).not.toContain(KEY)
  expect(body).not.toContain(KEY)
}

/** What the proxy sent upstream: the real key, allowed headers only, nothing the browser marked secret. */
function assertCleanUpstreamHeaders(headers: Iterable<[string, string | string[] | undefined]>, strict: boolean) {
  const names: string[] = []
  for (const [name, value] of headers) {
    names.push(name)
    expect(String(value)).not.toContain('secret-')
    if (name === 'x-api-key') expect(value).toBe(KEY)
    // A real fetch adds its own transport headers (host, user-agent, ...); the recorder sees exactly what the proxy set.
    else if (strict) expect(FORWARDABLE.has(name)).toBe(true)
  }
  expect(names).toContain('x-api-key')
  expect(names).not.toContain('cookie')
  expect(names).not.toContain('authorization')
}

type Generated = typeof hostileRequest extends fc.Arbitrary<infer T> ? T : never

/**
 * Whether the headers let a call through: no Origin, or the one listed (the proxy's own Host is never
 * generated), and for a POST a JSON media type. Repeated headers are joined, as Headers does.
 */
function headersPass(method: string, headers: Generated['headers']): boolean {
  const joined = (name: string) => headers.filter(([n]) => n.toLowerCase() === name).map(([, v]) => v).join(', ')
  const origin = joined('origin')
  const type = joined('content-type').split(';', 1)[0]!.trim().toLowerCase()
  return (origin === '' || origin === 'https://app.test') && (method !== 'POST' || type === 'application/json')
}

/** The method and path of a generated request, and the upstream path it must reach when it is a valid call. */
function targetOf(gen: Generated): { method: string; path: string; expected: string | undefined } {
  if (typeof gen.target === 'string') return { method: gen.method, path: gen.target, expected: undefined }
  const fits = (gen.body.size <= MAX_BODY || gen.target.method === 'GET') && headersPass(gen.target.method, gen.headers)
  return { ...gen.target, expected: fits ? gen.target.path.replace('/api/paylink', '') : undefined }
}

const hasBody = (method: string) => method !== 'GET' && method !== 'HEAD'

const UPSTREAM_ORIGIN = 'https://api.paylink.test'

/** Whether a browser could send `path` to the app: a target such as `// @x/` resolves to a URL with credentials, which no Request carries. */
function isRequestable(path: string): boolean {
  const url = URL.parse(path, 'http://app.test')
  return url !== null && url.username === '' && url.password === ''
}

test('Fetch handler: 1000 hostile requests reach upstream only on the seven routes, without browser credentials, and never see the key come back', async () => {
  await fc.assert(
    fc.asyncProperty(hostileRequest, async (gen) => {
      const { method, path, expected } = targetOf(gen)
      fc.pre(isRequestable(path))
      const upstream = recordingFetch(echoUpstream)
      const proxy = createPayLinkProxy({
        apiKey: KEY,
        upstream: UPSTREAM_ORIGIN,
        basePath: '/api/paylink',
        maxBodyBytes: MAX_BODY,
        allowedOrigins: ['https://app.test'],
        fetch: upstream.fetch,
      })
      const headers = new Headers()
      for (const [name, value] of gen.headers) headers.append(name, value)
      const init: RequestInit & { duplex?: 'half' } = { method, headers }
      if (hasBody(method)) {
        const { size, mode } = gen.body
        if (mode === 'streamed') {
          let left = size
          init.body = new ReadableStream<Uint8Array>({
            pull(controller) {
              if (left === 0) return controller.close()
              const n = Math.min(left, 64)
              left -= n
              controller.enqueue(new Uint8Array(n).fill(98))
            },
          })
          init.duplex = 'half'
        } else {
          init.body = 'b'.repeat(size)
          if (mode === 'announced') headers.set('Content-Length', String(size))
          if (mode === 'lying') headers.set('Content-Length', String(Math.floor(size / 2)))
        }
      }
      const response = await proxy(new Request(new URL(path, 'http://app.test'), init))
      const text = await response.text()

      for (const call of upstream.calls) {
        expect(isSpecCall(String(call.init.method), call.url, UPSTREAM_ORIGIN)).toBe(true)
        expect(new URL(call.url).href).toBe(call.url)
        assertCleanUpstreamHeaders(call.request.headers, true)
        expect((call.init.body as Uint8Array | undefined)?.byteLength ?? 0).toBeLessThanOrEqual(MAX_BODY)
      }
      if (hasBody(method) && gen.body.size > MAX_BODY) expect(upstream.calls).toEqual([])
      if (expected) expect(upstream.calls.map((c) => c.url)).toEqual([`${UPSTREAM_ORIGIN}${expected}`])
      assertCleanResponse(response.headers, text)
    }),
    { numRuns: 1000 },
  )
})

describe('over node:http', () => {
  let upstream: Listening
  let proxyServer: Listening
  let seen: Seen[]
  const agent = new Agent({ keepAlive: true })

  beforeAll(async () => {
    upstream = await listen(async (req, res) => {
      const body = await readAll(req)
      seen.push({ method: req.method!, url: req.url!, headers: req.headers, body })
      res
        .writeHead(200, { 'Content-Type': 'application/json', 'X-Request-Id': KEY, 'Set-Cookie': `k=${KEY}` })
        .end(JSON.stringify(req.headers))
    })
    const proxy = createPayLinkProxy({
      apiKey: KEY,
      upstream: upstream.origin,
      basePath: '/api/paylink',
      maxBodyBytes: MAX_BODY,
      allowedOrigins: ['https://app.test'],
    })
    proxyServer = await listen(toNodeHandler(proxy))
  })
  afterAll(async () => {
    agent.destroy()
    await proxyServer.close()
    await upstream.close()
  })

  test('1000 hostile raw request targets reach upstream only on the seven routes, without browser credentials or the key coming back', async () => {
    await fc.assert(
      fc.asyncProperty(hostileRequest, async (gen) => {
        seen = []
        const { method, expected } = targetOf(gen)
        // node:http refuses to send characters outside 0x21-0xff in a path; those are sent encoded.
        const path = targetOf(gen).path.replace(/[^\u0021-\u00ff]/gu, (c) => encodeURIComponent(c))
        const headers: Record<string, string> = {}
        for (const [name, value] of gen.headers) headers[name] = headers[name] ? `${headers[name]}, ${value}` : value
        const body = 'b'.repeat(gen.body.size)
        const streamed = gen.body.mode === 'streamed'
        if (hasBody(method) && !streamed) headers['Content-Length'] = String(body.length)
        const chunks = hasBody(method) ? (streamed ? (body.match(/.{1,64}/g) ?? []) : [body]) : []
        const response = await send(proxyServer.port, { method, path, headers, chunks, agent })

        for (const call of seen) {
          expect(isSpecCall(call.method, `${upstream.origin}${call.url}`, upstream.origin)).toBe(true)
          assertCleanUpstreamHeaders(Object.entries(call.headers), false)
          expect(Buffer.byteLength(call.body)).toBeLessThanOrEqual(MAX_BODY)
        }
        if (hasBody(method) && gen.body.size > MAX_BODY) expect(seen).toEqual([])
        if (expected) expect(seen.map((c) => c.url)).toEqual([expected])
        assertCleanResponse(Object.entries(response.headers).map(([n, v]) => [n, String(v)]), response.body)
      }),
      { numRuns: 1000 },
    )
  })
})
