import { createPayLinkProxy, PayLinkConfigError, type PayLinkProxyOptions } from '../../src/server.js'
import { chunkedBody, KEY, recordingFetch, UPSTREAM } from './recordingFetch.js'

const APP = 'http://localhost/api/paylink/pub/v1'
const JSON_TYPE = { 'Content-Type': 'application/json' }

function setup(options: Partial<PayLinkProxyOptions> = {}, answer?: Parameters<typeof recordingFetch>[0]) {
  const upstream = recordingFetch(answer)
  const proxy = createPayLinkProxy({ apiKey: KEY, upstream: UPSTREAM, basePath: '/api/paylink', fetch: upstream.fetch, ...options })
  return { proxy, calls: upstream.calls }
}

async function errorOf(response: Response) {
  expect(response.headers.get('Content-Type')).toBe('application/json')
  return ((await response.json()) as { error: { code: string; message: string } }).error
}

describe('forwarding', () => {
  test('a GET goes to the upstream origin with the key added, and the answer comes back', async () => {
    const { proxy, calls } = setup({}, () =>
      Response.json({ code: 'abc' }, { headers: { 'X-Request-Id': 'req_1', 'Set-Cookie': 'session=1', 'X-Internal': 'yes' } }),
    )
    const response = await proxy(new Request(`${APP}/links/abc`))
    expect(calls.map((c) => [c.init.method, c.url])).toEqual([['GET', `${UPSTREAM}/pub/v1/links/abc`]])
    expect(calls[0]!.request.headers.get('X-API-Key')).toBe(KEY)
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ code: 'abc' })
    expect([...response.headers.keys()].sort()).toEqual(['cache-control', 'content-security-policy', 'content-type', 'x-content-type-options', 'x-request-id'])
  })

  test('a POST forwards its body and the payment headers, and drops the browser key, cookies and everything else', async () => {
    const { proxy, calls } = setup({}, () => new Response('{"id":"p"}', { status: 201, headers: { 'Content-Type': 'application/json' } }))
    const response = await proxy(
      new Request(`${APP}/payments/verify`, {
        method: 'POST',
        body: '{"code":"abc"}',
        headers: {
          'Content-Type': 'application/json',
          Accept: 'application/json',
          'Idempotency-Key': 'idem-1',
          'X-PAYMENT': 'v1-payload',
          'PAYMENT-SIGNATURE': 'v2-payload',
          'X-API-Key': 'sk_stolen_by_browser',
          Cookie: 'session=secret',
          Authorization: 'Bearer user-token',
          'X-Forwarded-For': '10.0.0.1',
        },
      }),
    )
    expect(response.status).toBe(201)
    const sent = calls[0]!.request
    expect(sent.method).toBe('POST')
    expect(await sent.text()).toBe('{"code":"abc"}')
    expect(Object.fromEntries(sent.headers)).toEqual({
      'content-type': 'application/json',
      accept: 'application/json',
      'idempotency-key': 'idem-1',
      'x-payment': 'v1-payload',
      'payment-signature': 'v2-payload',
      'x-api-key': KEY,
    })
  })

  test('a 402 comes back with its status, body and x402 headers', async () => {
    const required = Buffer.from(JSON.stringify({ x402Version: 2, accepts: [] })).toString('base64')
    const { proxy } = setup({}, () =>
      Response.json({ x402Version: 1, error: 'payment required', accepts: [] }, {
        status: 402,
        headers: { 'PAYMENT-REQUIRED': required, 'PAYMENT-RESPONSE': 'r2', 'X-PAYMENT-RESPONSE': 'r1', 'Retry-After': '3' },
      }),
    )
    const response = await proxy(new Request(`${APP}/payments/verify`, { method: 'POST', body: '{}', headers: JSON_TYPE }))
    expect(response.status).toBe(402)
    expect(response.headers.get('PAYMENT-REQUIRED')).toBe(required)
    expect(response.headers.get('PAYMENT-RESPONSE')).toBe('r2')
    expect(response.headers.get('X-PAYMENT-RESPONSE')).toBe('r1')
    expect(response.headers.get('Retry-After')).toBe('3')
    expect(await response.json()).toMatchObject({ x402Version: 1, error: 'payment required' })
  })

  // The client counts an HTTP-date Retry-After from the answer's Date: both must be the API's clock.
  // A CDN's cached 429 says in Age how much of the wait has passed.
  test('a 429 comes back with its Retry-After, the API\'s Date and its Age', async () => {
    const headers = { 'Retry-After': 'Wed, 21 Oct 2026 07:28:30 GMT', Date: 'Wed, 21 Oct 2026 07:28:00 GMT', Age: '20' }
    const { proxy } = setup({}, () => Response.json({ error: { code: 'rate_limited', message: 'Slow down' } }, { status: 429, headers }))
    const response = await proxy(new Request(`${APP}/links/abc`))
    expect(response.status).toBe(429)
    expect(response.headers.get('Retry-After')).toBe(headers['Retry-After'])
    expect(response.headers.get('Date')).toBe(headers.Date)
    expect(response.headers.get('Age')).toBe('20')
  })

  test('each of the seven routes is forwarded with its method', async () => {
    const { proxy, calls } = setup()
    const routes = [
      ['POST', '/links'],
      ['GET', '/links/abc'],
      ['POST', '/payments/verify'],
      ['GET', '/payments/pay_1'],
      ['POST', '/attention/token'],
      ['GET', '/bridge/status/tr_1'],
      ['GET', '/fees/estimate'],
    ] as const
    for (const [method, path] of routes) {
      const response = await proxy(new Request(`${APP}${path}`, { method, ...(method === 'POST' && { body: '{}', headers: JSON_TYPE }) }))
      expect(response.status).toBe(200)
    }
    expect(calls.map((c) => `${c.init.method} ${c.url}`)).toEqual(routes.map(([m, p]) => `${m} ${UPSTREAM}/pub/v1${p}`))
  })

  test('the query string is forwarded for the fee estimate only', async () => {
    const { proxy, calls } = setup()
    await proxy(new Request(`${APP}/fees/estimate?sourceChain=solana&destinationChain=base&asset=USDC&amount=1.5`))
    await proxy(new Request(`${APP}/links/abc?admin=true`))
    expect(calls.map((c) => c.url)).toEqual([
      `${UPSTREAM}/pub/v1/fees/estimate?sourceChain=solana&destinationChain=base&asset=USDC&amount=1.5`,
      `${UPSTREAM}/pub/v1/links/abc`,
    ])
  })

  test('path values are re-encoded, so upstream sees the same value', async () => {
    const { proxy, calls } = setup()
    await proxy(new Request(`${APP}/links/caf%C3%A9%20%3F%23`))
    await proxy(new Request(`${APP}/bridge/status/a..b`))
    expect(calls.map((c) => c.url)).toEqual([`${UPSTREAM}/pub/v1/links/caf%C3%A9%20%3F%23`, `${UPSTREAM}/pub/v1/bridge/status/a..b`])
  })

  test('an upstream with a path, or already ending with /pub/v1, gets /pub/v1 once', async () => {
    for (const [upstream, expected] of [
      ['https://gw.test/paylink/', 'https://gw.test/paylink/pub/v1/links/abc'],
      ['https://gw.test/paylink//', 'https://gw.test/paylink/pub/v1/links/abc'],
      ['https://gw.test/pub/v1', 'https://gw.test/pub/v1/links/abc'],
    ] as const) {
      const { proxy, calls } = setup({ upstream })
      await proxy(new Request(`${APP}/links/abc`))
      expect(calls[0]!.url).toBe(expected)
    }
  })

  test('a proxy mounted at the root, with trailing slashes, or with basePath ending in /pub/v1, serves the same paths as the client requests', async () => {
    const root = setup({ basePath: '/' })
    expect((await root.proxy(new Request('https://app.test/pub/v1/links/abc'))).status).toBe(200)
    const full = setup({ basePath: '/api/paylink/pub/v1' })
    expect((await full.proxy(new Request(`${APP}/links/abc`))).status).toBe(200)
    const slashes = setup({ basePath: '/api/paylink//' })
    expect((await slashes.proxy(new Request(`${APP}/links/abc`))).status).toBe(200)
    expect([...root.calls, ...full.calls, ...slashes.calls].map((c) => c.url)).toEqual(Array(3).fill(`${UPSTREAM}/pub/v1/links/abc`))
  })

  // Next.js with trailingSlash: true answers every call 308 to its path with a slash, and the route
  // handler gets that path: each call was a 404.
  test('a route with one trailing slash is that route, and is forwarded without it', async () => {
    const { proxy, calls } = setup()
    const sent = [
      ['GET', '/links/abc/'],
      ['HEAD', '/payments/pay_1/'],
      ['POST', '/links/'],
      ['POST', '/payments/verify/'],
      ['GET', '/fees/estimate/?asset=USDC&amount=1.5'],
    ] as const
    for (const [method, path] of sent) {
      const response = await proxy(new Request(`${APP}${path}`, { method, ...(method === 'POST' && { body: '{}', headers: JSON_TYPE }) }))
      expect(response.status).toBe(200)
    }
    expect(calls.map((c) => `${c.init.method} ${c.url}`)).toEqual([
      `GET ${UPSTREAM}/pub/v1/links/abc`,
      `GET ${UPSTREAM}/pub/v1/payments/pay_1`,
      `POST ${UPSTREAM}/pub/v1/links`,
      `POST ${UPSTREAM}/pub/v1/payments/verify`,
      `GET ${UPSTREAM}/pub/v1/fees/estimate?asset=USDC&amount=1.5`,
    ])
  })

  test('an answer without a Content-Type comes back without one, not as text/plain', async () => {
    const { proxy } = setup({}, () => new Response(new TextEncoder().encode('{"code":"abc"}')))
    const response = await proxy(new Request(`${APP}/links/abc`))
    expect(response.headers.get('Content-Type')).toBeNull()
    expect(await response.text()).toBe('{"code":"abc"}')
  })

  // A gateway's error page in Latin-1: read as UTF-8, its é would come back as U+FFFD under the same charset.
  test('an answer in another charset comes back byte for byte, the key still redacted', async () => {
    const latin1 = (text: string) => Uint8Array.from(text, (c) => c.charCodeAt(0))
    const type = 'text/html; charset=iso-8859-1'
    const { proxy } = setup({}, ({ url }) =>
      new Response(latin1(`<p>Requ\u00eate refus\u00e9e${url.endsWith('/key') ? ` (cl\u00e9 ${KEY})` : ''}</p>`), { status: 502, headers: { 'Content-Type': type } }),
    )
    const page = await proxy(new Request(`${APP}/links/abc`))
    expect(page.headers.get('Content-Type')).toBe(type)
    expect(new Uint8Array(await page.arrayBuffer())).toEqual(latin1('<p>Requ\u00eate refus\u00e9e</p>'))
    const echoed = await proxy(new Request(`${APP}/links/key`))
    expect(new Uint8Array(await echoed.arrayBuffer())).toEqual(latin1('<p>Requ\u00eate refus\u00e9e (cl\u00e9 [redacted])</p>'))
  })

  // An uptime monitor or a link checker asks with HEAD; a Next.js route handler passes it to the GET export.
  test('a HEAD is asked upstream as its GET, and answered with its status and headers, without the body', async () => {
    const { proxy, calls } = setup({}, ({ url }) =>
      url.endsWith('/gone')
        ? Response.json({ error: { code: 'not_found', message: 'No such link' } }, { status: 404, headers: { 'X-Request-Id': 'req_2' } })
        : Response.json({ code: 'abc' }, { headers: { 'X-Request-Id': 'req_1' } }),
    )
    const [ok, gone] = [await proxy(new Request(`${APP}/links/abc`, { method: 'HEAD' })), await proxy(new Request(`${APP}/links/gone`, { method: 'HEAD' }))]
    expect(calls.map((c) => `${c.init.method} ${c.url}`)).toEqual([`GET ${UPSTREAM}/pub/v1/links/abc`, `GET ${UPSTREAM}/pub/v1/links/gone`])
    expect([ok.status, gone.status]).toEqual([200, 404])
    const get = await proxy(new Request(`${APP}/links/abc`))
    expect([...ok.headers]).toEqual([...get.headers])
    expect(gone.headers.get('X-Request-Id')).toBe('req_2')
    expect([ok.body, gone.body]).toEqual([null, null])
  })

  test('an upstream 204 comes back without a body', async () => {
    const { proxy } = setup({}, () => new Response(null, { status: 204 }))
    const response = await proxy(new Request(`${APP}/links/abc`))
    expect(response.status).toBe(204)
    expect(await response.text()).toBe('')
  })

  // Workers (workerd) and browsers throw "Illegal invocation" when their fetch is called as a method of
  // another object: every call would have been a 502, the API "could not be reached".
  test('a fetch passed as it is (`fetch: fetch`, which Workers refuse to call on another object) is called as a function', async () => {
    const upstream = recordingFetch(() => Response.json({ code: 'abc' }))
    function workerFetch(this: unknown, input: RequestInfo | URL, init?: RequestInit) {
      if (this !== undefined && this !== globalThis) throw new TypeError('Illegal invocation: function called with incorrect `this` reference')
      return upstream.fetch(input, init)
    }
    const proxy = createPayLinkProxy({ apiKey: KEY, upstream: UPSTREAM, basePath: '/api/paylink', fetch: workerFetch as typeof fetch })
    const response = await proxy(new Request(`${APP}/links/abc`))
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ code: 'abc' })
    expect(upstream.calls).toHaveLength(1)
  })
})

describe('refusals, without contacting upstream', () => {
  test.each([
    ['/api/paylink/pub/v1/admin'],
    ['/api/paylink/pub/v2/links/abc'],
    ['/api/paylink/links/abc'],
    ['/other/pub/v1/links/abc'],
    ['/api/paylink/pub/v1/links/abc/extra'],
    ['/api/paylink/pub/v1/links/'],
    ['/api/paylink/pub/v1'],
    ['/api/paylink/pub/v1/links/abc/../../../../admin'],
  ])('%s is not a route: 404', async (path) => {
    const { proxy, calls } = setup()
    const response = await proxy(new Request(`http://localhost${path}`))
    expect(response.status).toBe(404)
    expect(await errorOf(response)).toEqual({ code: 'not_found', message: 'No such route in the PayLink API' })
    expect(calls).toEqual([])
  })

  test.each([
    ['/api/paylink/pub/v1/links/..%2fadmin'],
    ['/api/paylink/pub/v1/links/..%2Fadmin'],
    ['/api/paylink/pub/v1/links/a%5cb'],
    ['/api/paylink/pub/v1//links/abc'],
    ['/api/paylink/pub/v1/links/%252e%252e'],
    ['/api/paylink/pub/v1/links/%252F'],
    ['/api/paylink/pub/v1/links/%E0%A4%A'],
    // Characters that Unicode compatibility normalisation (NFKC, which some servers apply after
    // decoding) turns into `..`, `/` or `\\`: fullwidth dots, a two-dot leader, fullwidth solidi.
    ['/api/paylink/pub/v1/links/%EF%BC%8E%EF%BC%8E'],
    ['/api/paylink/pub/v1/links/%E2%80%A5'],
    ['/api/paylink/pub/v1/links/a%EF%BC%8Fb'],
    ['/api/paylink/pub/v1/links/a%EF%BC%BCb'],
  ])('%s tries to move in the tree: 400', async (path) => {
    const { proxy, calls } = setup()
    const response = await proxy(new Request(`http://localhost${path}`))
    expect(response.status).toBe(400)
    expect(await errorOf(response)).toEqual({ code: 'invalid_request', message: 'The request path is not allowed' })
    expect(calls).toEqual([])
  })

  test.each([
    ['DELETE', '/links/abc', 'GET, HEAD'],
    ['GET', '/links', 'POST'],
    ['HEAD', '/links', 'POST'],
    ['PUT', '/payments/verify', 'POST, GET, HEAD'],
    ['OPTIONS', '/links/abc', 'GET, HEAD'],
  ])('%s %s is not allowed: 405 with Allow: %s', async (method, path, allow) => {
    const { proxy, calls } = setup()
    const response = await proxy(new Request(`${APP}${path}`, { method }))
    expect(response.status).toBe(405)
    expect(response.headers.get('Allow')).toBe(allow)
    if (method !== 'HEAD') expect(await errorOf(response)).toEqual({ code: 'method_not_allowed', message: `This route accepts ${allow} only` })
    expect(calls).toEqual([])
  })

  test('a POST is forwarded only with a JSON Content-Type: any other (what a cross-site form can send) gets 415', async () => {
    const { proxy, calls } = setup()
    const types = [
      ['text/plain;charset=UTF-8', 415],
      ['application/x-www-form-urlencoded', 415],
      ['multipart/form-data; boundary=x', 415],
      ['application/jsonp', 415],
      // Still text/plain to a browser, so sent cross-site without a preflight.
      ['text/plain; charset=application/json', 415],
      [undefined, 415],
      ['application/json', 200],
      ['application/json; charset=utf-8', 200],
      ['Application/JSON;charset=UTF-8', 200],
    ] as const
    for (const [type, status] of types) {
      const headers: Record<string, string> = type === undefined ? {} : { 'Content-Type': type }
      const response = await proxy(new Request(`${APP}/links`, { method: 'POST', headers, body: new TextEncoder().encode('{"creatorId":"c"}') }))
      expect([type, response.status]).toEqual([type, status])
      if (status === 415) {
        expect(await errorOf(response)).toEqual({ code: 'unsupported_media_type', message: 'The request body must be JSON, sent with Content-Type: application/json' })
      }
    }
    expect(calls.map((c) => c.request.headers.get('Content-Type'))).toEqual(types.filter(([, s]) => s === 200).map(([t]) => t))
  })

  test('a body announced larger than the limit gets 413; one announced at exactly the limit is forwarded', async () => {
    const { proxy, calls } = setup({ maxBodyBytes: 19 })
    const post = (body: string) =>
      proxy(new Request(`${APP}/links`, { method: 'POST', body, headers: { ...JSON_TYPE, 'Content-Length': String(body.length) } }))
    const response = await post('{"creatorId":"long"}')
    expect(response.status).toBe(413)
    expect(await errorOf(response)).toEqual({ code: 'payload_too_large', message: 'The request body is larger than 19 bytes' })
    expect(calls).toEqual([])
    expect((await post('{"creatorId":"abc"}')).status).toBe(200)
    expect(calls).toHaveLength(1)
  })

  test('a streamed body without a length is counted while read and cut at the limit', async () => {
    const { proxy, calls } = setup({ maxBodyBytes: 1024 })
    const body = chunkedBody(100, 512)
    const response = await proxy(new Request(`${APP}/links`, { method: 'POST', body: body.stream, duplex: 'half', headers: JSON_TYPE } as RequestInit))
    expect(response.status).toBe(413)
    expect(body.pulled()).toBe(3)
    expect(calls).toEqual([])
  })

  test('a body that fails while read, the client still there, gets 400 invalid_request and nothing is forwarded', async () => {
    const { proxy, calls } = setup()
    const failing = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"code":'))
        controller.error(new Error('connection reset'))
      },
    })
    const response = await proxy(new Request(`${APP}/payments/verify`, { method: 'POST', body: failing, duplex: 'half', headers: JSON_TYPE } as RequestInit))
    expect(response.status).toBe(400)
    expect(await errorOf(response)).toEqual({ code: 'invalid_request', message: 'The request body could not be read' })
    expect(calls).toEqual([])
  })

  test('a request whose body the app already read gets 500 proxy_misconfigured, saying what to do, and nothing is forwarded', async () => {
    const { proxy, calls } = setup()
    const request = new Request(`${APP}/payments/verify`, { method: 'POST', body: '{"code":"demo"}', headers: JSON_TYPE })
    await request.json()
    const response = await proxy(request)
    expect(response.status).toBe(500)
    expect(await errorOf(response)).toMatchObject({ code: 'proxy_misconfigured', message: expect.stringContaining('request.clone()') })
    expect(calls).toEqual([])
  })

  test('a body of exactly the limit is forwarded whole', async () => {
    const { proxy, calls } = setup({ maxBodyBytes: 1024 })
    const body = chunkedBody(2, 512)
    const response = await proxy(new Request(`${APP}/links`, { method: 'POST', body: body.stream, duplex: 'half', headers: JSON_TYPE } as RequestInit))
    expect(response.status).toBe(200)
    expect((await calls[0]!.request.arrayBuffer()).byteLength).toBe(1024)
  })

  test('the default limit is 64 KiB', async () => {
    const { proxy, calls } = setup()
    const ok = await proxy(new Request(`${APP}/links`, { method: 'POST', body: 'a'.repeat(65_536), headers: JSON_TYPE }))
    const tooBig = await proxy(new Request(`${APP}/links`, { method: 'POST', body: 'a'.repeat(65_537), headers: JSON_TYPE }))
    expect([ok.status, tooBig.status]).toEqual([200, 413])
    expect(calls).toHaveLength(1)
  })
})

describe('upstream answer size', () => {
  test('an answer longer than maxResponseBytes is cut off where it passes the limit and gets 502', async () => {
    const body = chunkedBody(1_000, 512)
    const { proxy } = setup({ maxResponseBytes: 1024 }, () => new Response(body.stream, { headers: JSON_TYPE }))
    const response = await proxy(new Request(`${APP}/links/abc`))
    expect(response.status).toBe(502)
    expect(await errorOf(response)).toEqual({ code: 'bad_gateway', message: 'The PayLink API answered with more than 1024 bytes' })
    // Two chunks fill the limit; the third passes it and the rest is never pulled.
    expect(body.pulled()).toBe(3)
  })

  test('an answer of exactly maxResponseBytes comes back whole, the key still redacted', async () => {
    const text = JSON.stringify({ note: `${KEY} ` }).padEnd(1024, ' ')
    const { proxy } = setup({ maxResponseBytes: 1024 }, () => new Response(text, { headers: JSON_TYPE }))
    const response = await proxy(new Request(`${APP}/links/abc`))
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ note: '[redacted] ' })
  })

  test('the default limit is 1 MiB, and a multi-byte character split across chunks is read whole', async () => {
    const euro = new TextEncoder().encode('"€"')
    const split = () =>
      new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(euro.slice(0, 2))
          controller.enqueue(euro.slice(2))
          controller.close()
        },
      })
    const { proxy } = setup({}, ({ url }) =>
      url.endsWith('/euro') ? new Response(split(), { headers: JSON_TYPE }) : new Response(`"${'a'.repeat(url.endsWith('/big') ? 1_048_575 : 1_048_574)}"`),
    )
    const [euroAnswer, ok, big] = await Promise.all(['euro', 'ok', 'big'].map((code) => proxy(new Request(`${APP}/links/${code}`))))
    expect(await euroAnswer!.json()).toBe('€')
    expect([ok!.status, big!.status]).toEqual([200, 502])
  })
})

describe('upstream failures', () => {
  test('an upstream that never answers gets 504 upstream_timeout, and its call is aborted', async () => {
    let aborted = false
    const { proxy } = setup({ timeoutMs: 20 }, (_, init) =>
      new Promise<Response>((_, reject) =>
        init.signal!.addEventListener('abort', () => {
          aborted = true
          reject(init.signal!.reason)
        }),
      ),
    )
    const response = await proxy(new Request(`${APP}/links/abc`))
    expect(response.status).toBe(504)
    expect(await errorOf(response)).toEqual({ code: 'upstream_timeout', message: 'The PayLink API did not answer within 20 ms' })
    expect(aborted).toBe(true)
  })

  // Timers run a delay of 2^31 ms or more after 1 ms: the paid verify would go upstream and the browser see 504.
  test.each([2 ** 31, Infinity])('a time-out of %s ms lets a slow upstream answer (200, called once)', async (timeoutMs) => {
    const { proxy, calls } = setup({ timeoutMs }, async () => {
      await new Promise((resolve) => setTimeout(resolve, 30))
      return Response.json({ payment: { id: 'pay_1' } })
    })
    const response = await proxy(new Request(`${APP}/payments/verify`, { method: 'POST', body: '{"code":"abc"}', headers: { ...JSON_TYPE, 'PAYMENT-SIGNATURE': 'sig' } }))
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ payment: { id: 'pay_1' } })
    expect(calls).toHaveLength(1)
  })

  // A pending time-out keeps Node's event loop alive: a script would not exit for 15 s, and a Lambda
  // (which waits for an empty loop) would bill them.
  test('an answered call leaves no time-out pending, a failed one neither', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    try {
      const { proxy } = setup({}, ({ url }) => (url.endsWith('/down') ? Promise.reject(new TypeError('fetch failed')) : Response.json({ code: 'abc' })))
      expect((await proxy(new Request(`${APP}/links/abc`))).status).toBe(200)
      expect(vi.getTimerCount()).toBe(0)
      expect((await proxy(new Request(`${APP}/links/down`))).status).toBe(502)
      expect(vi.getTimerCount()).toBe(0)
    } finally {
      vi.useRealTimers()
    }
  })

  test('an upstream that stalls in the middle of its body gets 504 too', async () => {
    const { proxy } = setup({ timeoutMs: 20 }, () => new Response(new ReadableStream({ start: (c) => c.enqueue(new Uint8Array([123])) })))
    const response = await proxy(new Request(`${APP}/links/abc`))
    expect(response.status).toBe(504)
  })

  test('an unreachable upstream gets 502 bad_gateway, without the key or the cause in the answer', async () => {
    const { proxy } = setup({}, () => Promise.reject(new TypeError(`fetch failed: connect ECONNREFUSED, key ${KEY}`)))
    const response = await proxy(new Request(`${APP}/links/abc`))
    expect(response.status).toBe(502)
    const text = await response.text()
    expect(JSON.parse(text).error).toEqual({ code: 'bad_gateway', message: 'The PayLink API could not be reached' })
    expect(text).not.toContain(KEY)
    expect(text).not.toContain('ECONNREFUSED')
  })

  // Node's HTTP server and fetch carry statuses up to 999; a Response cannot be made with one past 599.
  test('an upstream status past 599 gets 502 that says so, not "could not be reached" (it answered)', async () => {
    const { proxy } = setup({}, () => Object.defineProperty(new Response('{}', { status: 599 }), 'status', { value: 600 }))
    const response = await proxy(new Request(`${APP}/links/abc`))
    expect(response.status).toBe(502)
    const { error } = await response.json()
    expect(error.code).toBe('bad_gateway')
    expect(error.message).toBe('The PayLink API answered with HTTP 600, which is no HTTP status')
  })

  test.each([300, 302, 307, 399])('a redirect (%s) is not followed (it would carry the key elsewhere): 502 bad_gateway, no Location', async (status) => {
    const { proxy, calls } = setup({}, () => new Response(null, { status, headers: { Location: 'https://evil.test/steal' } }))
    const response = await proxy(new Request(`${APP}/links/abc`))
    expect(calls[0]!.init.redirect).toBe('manual')
    expect(response.status).toBe(502)
    expect(response.headers.get('Location')).toBeNull()
    expect(await errorOf(response)).toEqual({ code: 'bad_gateway', message: 'The PayLink API answered with a redirect, which the proxy does not follow' })
  })

  // The API answered: its refusal is the client's to read, not a gateway failure to retry or page someone about.
  test.each([400, 401, 404, 409, 422, 599])('an upstream %s comes back with its status and body, not as 502', async (status) => {
    const error = { error: { code: 'invalid_request', message: 'amount must be positive' } }
    const { proxy } = setup({}, () => Response.json(error, { status }))
    const response = await proxy(new Request(`${APP}/links`, { method: 'POST', body: '{}', headers: JSON_TYPE }))
    expect(response.status).toBe(status)
    expect(await response.json()).toEqual(error)
  })

  test.each([
    ['as PHP escapes a slash', (key: string) => key.replaceAll('/', '\\/')],
    ['as .NET escapes a plus', (key: string) => key.replaceAll('+', '\\u002B')],
    ['with every character as \\u', (key: string) => [...key].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join('')],
  ])('an upstream that echoes the key JSON-escaped (%s) does not leak it either', async (_, escape) => {
    const key = 'sk_live/abc+def=='
    const { proxy } = setup({ apiKey: key }, () =>
      new Response(`{"error":{"code":"unauthorized","message":"bad key ${escape(key)}"}}`, { status: 401, headers: { 'Content-Type': 'application/json' } }),
    )
    const response = await proxy(new Request(`${APP}/links/abc`))
    const text = await response.text()
    expect(JSON.parse(text)).toEqual({ error: { code: 'unauthorized', message: 'bad key [redacted]' } })
  })

  // A header value may hold a quote, a backslash and a tab, which JSON writes as \", \\ and \t.
  test.each([
    ['a quote', 'sk_live"abc+def'],
    ['a backslash', 'sk_live\\abc+def'],
    ['a tab', 'sk_live\tabc+def'],
  ])('an upstream that echoes a key with %s JSON-escaped does not leak it either', async (_, key) => {
    const { proxy, calls } = setup({ apiKey: key }, (request) =>
      Response.json({ error: { code: 'unauthorized', message: `bad key ${request.headers.get('X-API-Key')}` } }, { status: 401 }),
    )
    const response = await proxy(new Request(`${APP}/links/abc`))
    expect(calls[0]!.request.headers.get('X-API-Key')).toBe(key)
    const text = await response.text()
    expect(text).not.toContain('abc+def')
    expect(JSON.parse(text)).toEqual({ error: { code: 'unauthorized', message: 'bad key [redacted]' } })
  })

  // The answer is searched as bytes: such a character is two of them in UTF-8, one in Latin-1, six as \u.
  test('a key with a non-ASCII character is redacted as UTF-8, as Latin-1 and JSON-escaped', async () => {
    const key = 'sk_live_cl\u00e9_0123'
    const { proxy } = setup({ apiKey: key }, ({ url }) =>
      url.endsWith('/latin1')
        ? new Response(Uint8Array.from(`key ${key}`, (c) => c.charCodeAt(0)))
        : new Response(`{"a":"${key}","b":"${key.replace('\u00e9', '\\u00e9')}"}`),
    )
    expect(await (await proxy(new Request(`${APP}/links/utf8`))).json()).toEqual({ a: '[redacted]', b: '[redacted]' })
    expect(await (await proxy(new Request(`${APP}/links/latin1`))).text()).toBe('key [redacted]')
  })

  // A key read from a secrets file or an .env keeps its newline; Headers sends it without.
  test.each([`${KEY}\n`, ` ${KEY}`, `${KEY}\r\n`])('a key given with whitespace around it (%j) is sent and redacted without it', async (apiKey) => {
    const { proxy, calls } = setup({ apiKey }, (request) =>
      Response.json({ error: { code: 'forbidden', message: `key ${request.headers.get('X-API-Key')} is revoked` } }, {
        status: 403,
        headers: { 'X-Request-Id': `req_${request.headers.get('X-API-Key')}` },
      }),
    )
    const response = await proxy(new Request(`${APP}/links/abc`))
    expect(calls[0]!.request.headers.get('X-API-Key')).toBe(KEY)
    expect(response.headers.get('X-Request-Id')).toBeNull()
    expect(await response.json()).toEqual({ error: { code: 'forbidden', message: 'key [redacted] is revoked' } })
  })

  test('an upstream that echoes the key does not leak it to the browser', async () => {
    const { proxy } = setup({}, (request) =>
      Response.json({ error: { code: 'unauthorized', message: `bad key ${request.headers.get('X-API-Key')}` } }, {
        status: 401,
        headers: { 'X-Request-Id': `id-${KEY}` },
      }),
    )
    const response = await proxy(new Request(`${APP}/links/abc`))
    expect(response.status).toBe(401)
    expect(response.headers.get('X-Request-Id')).toBeNull()
    expect(await response.json()).toEqual({ error: { code: 'unauthorized', message: 'bad key [redacted]' } })
  })

  // A dev setup's key (`k`, `test`) is no secret and is in every answer by chance: redacting it
  // mangled the body and dropped PAYMENT-REQUIRED (base64 JSON, which holds a `k` sooner or later).
  test.each(['k', 'test', 'sk_test'])('a key shorter than 8 characters (%j) is not redacted: the answer comes back byte for byte', async (apiKey) => {
    // Its base64 holds a `k` (`MTkw`, of the amount).
    const required = btoa(JSON.stringify({ x402Version: 2, accepts: [{ scheme: 'exact', network: 'base-sepolia', amount: '19000' }] }))
    const body = '{"code":"k_test","title":"A test link","key":"sk_test"}'
    const { proxy, calls } = setup({ apiKey }, () =>
      new Response(body, { status: 402, headers: { 'Content-Type': 'application/json', 'PAYMENT-REQUIRED': required, 'X-Request-Id': `req_${apiKey}` } }),
    )
    const response = await proxy(new Request(`${APP}/links/abc`))
    expect(calls[0]!.request.headers.get('X-API-Key')).toBe(apiKey)
    expect(response.headers.get('PAYMENT-REQUIRED')).toBe(required)
    expect(response.headers.get('X-Request-Id')).toBe(`req_${apiKey}`)
    expect(await response.text()).toBe(body)
  })

  test('a key of 8 characters is redacted, from the body and the headers', async () => {
    const { proxy } = setup({ apiKey: 'sk_live1' }, () =>
      Response.json({ message: 'bad key sk_live1' }, { status: 401, headers: { 'X-Request-Id': 'id-sk_live1' } }),
    )
    const response = await proxy(new Request(`${APP}/links/abc`))
    expect(response.headers.get('X-Request-Id')).toBeNull()
    expect(await response.json()).toEqual({ message: 'bad key [redacted]' })
  })

  // An error page that quotes the request as a URL, or an answer that nests base64 (x402 payloads, a
  // Basic credential) holds the key in those spellings, base64 at any of its three byte alignments.
  const b64 = (text: string) => Buffer.from(text).toString('base64')
  test.each([
    ['URL-encoded', (key: string) => encodeURIComponent(key)],
    ['URL-encoded in lower-case hex', (key: string) => encodeURIComponent(key).replace(/%../g, (h) => h.toLowerCase())],
    ['base64 at offset 0', (key: string) => b64(`${key}:`)],
    ['base64 at offset 1', (key: string) => b64(`x${key}:`)],
    ['base64 at offset 2', (key: string) => b64(`xy${key}`)],
    ['base64url', (key: string) => b64(`xy${key}`).replaceAll('+', '-').replaceAll('/', '_')],
  ])('an upstream that echoes the key %s in the body does not leak it', async (_, echo) => {
    const key = 'sk_live/abc+def==?\u00e9~'
    const { proxy } = setup({ apiKey: key }, () => Response.json({ note: `see ${echo(key)}` }, { status: 401 }))
    const text = await (await proxy(new Request(`${APP}/links/abc`))).text()
    // The middle of the echo, which only the key's bytes decide.
    expect(text).not.toContain(echo(key).slice(4, -4))
    expect(text).toContain('[redacted]')
  })

  // PAYMENT-REQUIRED is the 402 body's requirements as base64 JSON: a key echoed in the body (redacted
  // there) is echoed in it too, where a plain search of the header does not see it.
  test.each([
    ['base64 JSON (PAYMENT-REQUIRED)', 'PAYMENT-REQUIRED', (key: string) => btoa(JSON.stringify({ x402Version: 2, error: `bad key ${key}` }))],
    ['base64url JSON (PAYMENT-RESPONSE)', 'PAYMENT-RESPONSE', (key: string) => btoa(JSON.stringify({ success: false, note: key })).replaceAll('+', '-').replaceAll('/', '_')],
    ['JSON-escaped (X-Request-Id)', 'X-Request-Id', (key: string) => JSON.stringify(key).slice(1, -1)],
  ])('a header that echoes the key %s is dropped', async (_, name, echo) => {
    const key = 'sk_live/abc+def=="x'
    const { proxy } = setup({ apiKey: key }, () => Response.json({ error: 'payment_required' }, { status: 402, headers: { [name]: echo(key) } }))
    const response = await proxy(new Request(`${APP}/links/abc`))
    expect(response.status).toBe(402)
    expect(response.headers.get(name)).toBeNull()
  })

  test('a request whose browser has already gone (while its body was read) is not forwarded at all', async () => {
    const { proxy, calls } = setup()
    const browser = new AbortController()
    browser.abort()
    const response = await proxy(
      new Request(`${APP}/payments/verify`, {
        method: 'POST',
        body: '{"code":"abc"}',
        headers: { 'Content-Type': 'application/json', 'PAYMENT-SIGNATURE': 'sig' },
        signal: browser.signal,
      }),
    )
    expect(calls).toEqual([])
    expect(response.status).toBe(499)
    expect(await errorOf(response)).toEqual({ code: 'client_closed_request', message: 'The client went away before the request was forwarded' })
  })

  test('when the browser goes away the upstream call is aborted', async () => {
    const browser = new AbortController()
    let upstreamAborted = false
    const { proxy } = setup({}, (_, init) =>
      new Promise<Response>((_, reject) => {
        init.signal!.addEventListener('abort', () => {
          upstreamAborted = true
          reject(init.signal!.reason)
        })
        browser.abort()
      }),
    )
    const response = await proxy(new Request(`${APP}/links/abc`, { signal: browser.signal }))
    expect(upstreamAborted).toBe(true)
    // What the server's log shows: the client left, the API did not fail.
    expect(response.status).toBe(499)
    expect(await errorOf(response)).toEqual({ code: 'client_closed_request', message: 'The client went away before the PayLink API answered' })
  })
})

// The answers are served from the app's own origin: an upstream HTML page must not run script there.
test('every answer says nosniff and carries a CSP that runs and frames nothing: forwarded, the proxy\'s own, a preflight', async () => {
  const { proxy } = setup({ allowedOrigins: ['https://app.test'] }, () =>
    new Response('<html><script>steal()</script></html>', { status: 502, headers: { 'Content-Type': 'text/html' } }),
  )
  const answers = [
    await proxy(new Request(`${APP}/links/abc`)),
    await proxy(new Request(`${APP}/nothing`)),
    await proxy(new Request(`${APP}/links`, { method: 'OPTIONS', headers: { Origin: 'https://app.test' } })),
    await proxy(new Request(`${APP}/links/abc`, { headers: { Origin: 'https://evil.test' } })),
  ]
  expect(answers.map((a) => a.status)).toEqual([502, 404, 204, 403])
  for (const answer of answers) {
    expect(answer.headers.get('X-Content-Type-Options')).toBe('nosniff')
    expect(answer.headers.get('Content-Security-Policy')).toBe("default-src 'none'; frame-ancestors 'none'; sandbox")
  }
})

// Each answer was fetched with the app's key, and a stored one would stall a poll: no cache stores any.
test('every answer says no-store, the upstream\'s own Cache-Control replaced: forwarded, the proxy\'s own, a preflight', async () => {
  const { proxy } = setup({ allowedOrigins: ['https://app.test'] }, (request) =>
    request.url.endsWith('/gone')
      ? Response.json({ error: { code: 'not_found', message: 'No link' } }, { status: 404 })
      : Response.json({ id: 'pay_1', status: 'pending' }, { headers: { 'Cache-Control': 'public, max-age=600' } }),
  )
  const answers = [
    await proxy(new Request(`${APP}/payments/pay_1`)),
    await proxy(new Request(`${APP}/links/gone`)),
    await proxy(new Request(`${APP}/nothing`)),
    await proxy(new Request(`${APP}/links`, { method: 'OPTIONS', headers: { Origin: 'https://app.test' } })),
    await proxy(new Request(`${APP}/links/abc`, { headers: { Origin: 'https://evil.test' } })),
  ]
  expect(answers.map((a) => a.status)).toEqual([200, 404, 404, 204, 403])
  expect(answers.map((a) => a.headers.get('Cache-Control'))).toEqual(Array(5).fill('no-store'))
})

describe('CORS', () => {
  const allowedOrigins = ['https://app.test']

  test('without allowedOrigins no CORS header is sent to the proxy\'s own origin', async () => {
    const { proxy } = setup()
    const response = await proxy(new Request(`${APP}/links/abc`, { headers: { Origin: 'https://app.test', Host: 'app.test' } }))
    expect(response.status).toBe(200)
    for (const name of ['Access-Control-Allow-Origin', 'Access-Control-Expose-Headers', 'Vary']) {
      expect(response.headers.get(name)).toBeNull()
    }
  })

  test('an allowed origin gets its origin back, Vary: Origin, and the x402 headers exposed', async () => {
    const { proxy } = setup({ allowedOrigins })
    const response = await proxy(new Request(`${APP}/links/abc`, { headers: { Origin: 'https://app.test' } }))
    expect(response.headers.get('Access-Control-Allow-Origin')).toBe('https://app.test')
    expect(response.headers.get('Vary')).toBe('Origin')
    expect(response.headers.get('Access-Control-Expose-Headers')).toBe(
      'PAYMENT-REQUIRED, PAYMENT-RESPONSE, X-PAYMENT-RESPONSE, Retry-After, Date, Age, X-Request-Id',
    )
    expect(response.headers.get('Access-Control-Allow-Credentials')).toBeNull()
  })

  test('error answers carry the CORS headers too, so the browser can read them', async () => {
    const { proxy } = setup({ allowedOrigins })
    const response = await proxy(new Request(`${APP}/nothing`, { headers: { Origin: 'https://app.test' } }))
    expect(response.status).toBe(404)
    expect(response.headers.get('Access-Control-Allow-Origin')).toBe('https://app.test')
  })

  test.each([['https://evil.test'], ['https://app.test.evil.test'], ['http://app.test'], ['null']])(
    'origin %s is matched exactly and gets no CORS headers',
    async (origin) => {
      const { proxy } = setup({ allowedOrigins })
      const response = await proxy(new Request(`${APP}/links/abc`, { headers: { Origin: origin } }))
      expect(response.headers.get('Access-Control-Allow-Origin')).toBeNull()
      expect(response.headers.get('Access-Control-Expose-Headers')).toBeNull()
      expect(response.headers.get('Vary')).toBe('Origin')
    },
  )

  // A browser sends a "simple" request (a GET, a text/plain POST) cross-site without a preflight, with the user's cookies.
  test('a request from an origin not listed gets 403 and is not forwarded, a simple one included', async () => {
    const { proxy, calls } = setup({ allowedOrigins })
    const from = (origin: string | undefined, init: RequestInit = {}) =>
      proxy(new Request(`${APP}/links`, { method: 'POST', body: '{"creatorId":"c"}', ...init, headers: { 'Content-Type': 'application/json', ...(origin && { Origin: origin }), ...init.headers } }))
    const statuses = [
      (await from('https://evil.test', { headers: { 'Content-Type': 'text/plain;charset=UTF-8' } })).status,
      (await from('https://evil.test')).status,
      (await proxy(new Request(`${APP}/links/abc`, { headers: { Origin: 'https://evil.test' } }))).status,
      (await from('null')).status,
      (await from('https://app.test')).status,
      (await from(undefined)).status,
    ]
    expect(statuses).toEqual([403, 403, 403, 403, 200, 200])
    expect(calls).toHaveLength(2)
  })

  test('without allowedOrigins only the proxy\'s own origin is served: its Host, or a browser that says same-origin', async () => {
    const { proxy, calls } = setup()
    const get = (headers: Record<string, string>) => proxy(new Request(`${APP}/links/abc`, { headers }))
    const statuses = [
      (await get({ Origin: 'https://evil.test', Host: 'app.test' })).status,
      (await get({ Origin: 'https://evil.test', Host: 'app.test', 'Sec-Fetch-Site': 'cross-site' })).status,
      (await get({ Origin: 'https://app.test', Host: 'evil.test' })).status,
      (await get({ Origin: 'https://app.test', Host: 'app.test' })).status,
      (await get({ Origin: 'http://app.test:8080', Host: 'app.test:8080' })).status,
      // Behind a reverse proxy that rewrites Host, the browser's own word.
      (await get({ Origin: 'https://app.test', Host: '127.0.0.1:3000', 'Sec-Fetch-Site': 'same-origin' })).status,
      (await get({})).status,
    ]
    expect(statuses).toEqual([403, 403, 403, 200, 200, 200, 200])
    expect(calls).toHaveLength(4)
  })

  // Over plain http (not localhost) no browser sends Sec-Fetch-Site, and what is in front may rewrite Host:
  // Vite's server.proxy with changeOrigin opened from a phone at http://192.168.1.20:5173, nginx's proxy_pass.
  test('behind a proxy that rewrites Host, a same-origin POST is served when the first X-Forwarded-Host is the page\'s host', async () => {
    const { proxy, calls } = setup()
    const post = (headers: Record<string, string>) =>
      proxy(new Request(`${APP}/payments/verify`, { method: 'POST', body: '{"code":"demo"}', headers: { ...JSON_TYPE, Host: 'localhost:3000', ...headers } }))
    const statuses = [
      (await post({ Origin: 'http://192.168.1.20:5173', 'X-Forwarded-Host': '192.168.1.20:5173' })).status,
      // Each proxy of a chain appends: the first value is the host the browser asked for.
      (await post({ Origin: 'http://staging.example', 'X-Forwarded-Host': 'staging.example, 10.0.0.7:8080' })).status,
      (await post({ Origin: 'https://shop.example', 'X-Forwarded-Host': 'shop.example' })).status,
      // RFC 9110 lets a list put spaces before its commas too.
      (await post({ Origin: 'https://shop.example', 'X-Forwarded-Host': 'shop.example , 10.0.0.7:8080' })).status,
      // Still refused: another origin, a later value of the chain, no X-Forwarded-Host, Origin: null (Referrer-Policy: no-referrer).
      (await post({ Origin: 'https://evil.test', 'X-Forwarded-Host': '192.168.1.20:5173' })).status,
      (await post({ Origin: 'http://10.0.0.7:8080', 'X-Forwarded-Host': 'staging.example, 10.0.0.7:8080' })).status,
      (await post({ Origin: 'http://192.168.1.20:5173' })).status,
      (await post({ Origin: 'null', 'X-Forwarded-Host': 'staging.example' })).status,
    ]
    expect(statuses).toEqual([200, 200, 200, 200, 403, 403, 403, 403])
    expect(calls).toHaveLength(4)
  })

  test('behind a proxy that says Forwarded: host= (RFC 7239), a same-origin POST is served; only the first element counts', async () => {
    const { proxy, calls } = setup()
    const post = (headers: Record<string, string>) =>
      proxy(new Request(`${APP}/payments/verify`, { method: 'POST', body: '{"code":"demo"}', headers: { ...JSON_TYPE, Host: 'localhost:3000', ...headers } }))
    const statuses = [
      (await post({ Origin: 'http://192.168.1.20:5173', Forwarded: 'for=192.168.1.20;host=192.168.1.20:5173;proto=http' })).status,
      (await post({ Origin: 'https://shop.example', Forwarded: 'for=198.51.100.7; Host="shop.example", for=10.0.0.2;host=10.0.0.7' })).status,
      (await post({ Origin: 'https://shop.example', Forwarded: 'host=shop.example;proto=https' })).status,
      // Refused: another origin, a host only a later proxy added, a for= that looks like the host.
      (await post({ Origin: 'https://evil.test', Forwarded: 'host=shop.example' })).status,
      (await post({ Origin: 'http://10.0.0.7', Forwarded: 'for=198.51.100.7;host=shop.example, for=10.0.0.2;host=10.0.0.7' })).status,
      (await post({ Origin: 'http://198.51.100.7', Forwarded: 'for=198.51.100.7' })).status,
    ]
    expect(statuses).toEqual([200, 200, 200, 403, 403, 403])
    expect(calls).toHaveLength(3)
  })

  test('the 403 names the origin it refused, and says "another site" when there is none', async () => {
    const { proxy } = setup({ allowedOrigins })
    const withOrigin = await proxy(new Request(`${APP}/links/abc`, { headers: { Origin: 'https://evil.test' } }))
    const without = await proxy(new Request(`${APP}/links/abc`, { headers: { 'Sec-Fetch-Site': 'cross-site' } }))
    expect(await errorOf(withOrigin)).toEqual({
      code: 'forbidden',
      message: "The origin https://evil.test is not allowed to call the PayLink proxy; list the page's origin in allowedOrigins",
    })
    expect(await errorOf(without)).toEqual({
      code: 'forbidden',
      message: "A request from another site is not allowed to call the PayLink proxy; list the page's origin in allowedOrigins",
    })
  })

  // Browsers add Origin only to CORS requests and to methods other than GET/HEAD: an <img> or a link to the
  // proxy on any site is a GET without Origin, with the user's cookies; only Sec-Fetch-Site tells it apart.
  test('a cross-site or same-site request without Origin (an <img>, a link) gets 403 and is not forwarded; a typed URL or a server is served', async () => {
    const listed = setup({ allowedOrigins })
    const own = setup()
    const get = (proxy: typeof own.proxy, headers: Record<string, string>) =>
      proxy(new Request(`${APP}/links/abc`, { headers: { Host: 'proxy.test', Cookie: 'session=1', ...headers } })).then((r) => r.status)
    const statuses = [
      await get(listed.proxy, { 'Sec-Fetch-Site': 'cross-site', 'Sec-Fetch-Mode': 'no-cors', 'Sec-Fetch-Dest': 'image' }),
      await get(listed.proxy, { 'Sec-Fetch-Site': 'same-site', 'Sec-Fetch-Mode': 'navigate' }),
      await get(own.proxy, { 'Sec-Fetch-Site': 'cross-site', 'Sec-Fetch-Mode': 'no-cors', 'Sec-Fetch-Dest': 'image' }),
      // A listed origin, on another site or a sibling subdomain.
      await get(listed.proxy, { 'Sec-Fetch-Site': 'cross-site', Origin: 'https://app.test' }),
      await get(listed.proxy, { 'Sec-Fetch-Site': 'same-site', Origin: 'https://app.test' }),
      // The user typed the URL; a same-origin GET (no Origin either); a server or curl.
      await get(own.proxy, { 'Sec-Fetch-Site': 'none', 'Sec-Fetch-Mode': 'navigate' }),
      await get(own.proxy, { 'Sec-Fetch-Site': 'same-origin', 'Sec-Fetch-Mode': 'cors' }),
      await get(own.proxy, {}),
    ]
    expect(statuses).toEqual([403, 403, 403, 200, 200, 200, 200, 200])
    expect(listed.calls).toHaveLength(2)
    expect(own.calls).toHaveLength(3)
  })

  test('a preflight from an allowed origin is answered by the proxy', async () => {
    const { proxy, calls } = setup({ allowedOrigins })
    const response = await proxy(
      new Request(`${APP}/payments/verify`, {
        method: 'OPTIONS',
        headers: { Origin: 'https://app.test', 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'payment-signature' },
      }),
    )
    expect(response.status).toBe(204)
    expect(response.headers.get('Access-Control-Allow-Origin')).toBe('https://app.test')
    expect(response.headers.get('Access-Control-Allow-Methods')).toBe('GET, POST')
    expect(response.headers.get('Access-Control-Allow-Headers')).toBe('Content-Type, Idempotency-Key, X-PAYMENT, PAYMENT-SIGNATURE')
    // Ten minutes without asking again (a browser's default is 5 s): one preflight, not one per poll.
    expect(response.headers.get('Access-Control-Max-Age')).toBe('600')
    // The allowed headers follow those asked for (below): a shared cache keys the answer on both.
    expect(response.headers.get('Vary')).toBe('Origin, Access-Control-Request-Headers')
    expect(calls).toEqual([])
  })

  // Behind Next.js's trailingSlash: true (above), a cross-origin page's preflight names the path with its slash.
  test('a preflight for a route with one trailing slash is answered as for the route', async () => {
    const { proxy, calls } = setup({ allowedOrigins })
    for (const [method, path] of [['POST', '/payments/verify/'], ['GET', '/links/abc/']]) {
      const response = await proxy(
        new Request(`${APP}${path}`, { method: 'OPTIONS', headers: { Origin: 'https://app.test', 'Access-Control-Request-Method': method! } }),
      )
      expect(response.status).toBe(204)
      expect(response.headers.get('Access-Control-Allow-Origin')).toBe('https://app.test')
    }
    expect(calls).toEqual([])
  })

  // A client's own `headers` (a bearer token, a tenant) are for the app's checks in front of the
  // proxy: refused in the preflight, every request of such a page failed as a network error.
  test('a preflight allows the other headers the page asks to send too, which are still not forwarded', async () => {
    const { proxy, calls } = setup({ allowedOrigins })
    const preflight = await proxy(
      new Request(`${APP}/links/abc`, {
        method: 'OPTIONS',
        headers: { Origin: 'https://app.test', 'Access-Control-Request-Method': 'GET', 'Access-Control-Request-Headers': 'authorization,x-tenant' },
      }),
    )
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get('Access-Control-Allow-Headers')).toBe(
      'Content-Type, Idempotency-Key, X-PAYMENT, PAYMENT-SIGNATURE, authorization, x-tenant',
    )
    const response = await proxy(
      new Request(`${APP}/links/abc`, { headers: { Origin: 'https://app.test', Authorization: 'Bearer t', 'X-Tenant': 'shop' } }),
    )
    expect(response.status).toBe(200)
    expect(calls[0]!.request.headers.get('Authorization')).toBeNull()
    expect(calls[0]!.request.headers.get('X-Tenant')).toBeNull()
  })

  // Their URLs have an opaque origin ('null') in URL's terms, though browsers send them as they are:
  // such an app or extension could not be listed at all.
  test.each([['capacitor://localhost'], ['chrome-extension://abcdefghijklmnopabcdefghijklmnop'], ['tauri://localhost']])(
    'the origin of an app or extension, %s, can be listed, and is served with its CORS headers',
    async (appOrigin) => {
      const { proxy, calls } = setup({ allowedOrigins: [appOrigin] })
      const response = await proxy(
        new Request(`${APP}/links`, { method: 'POST', body: '{}', headers: { ...JSON_TYPE, Origin: appOrigin, 'Sec-Fetch-Site': 'cross-site' } }),
      )
      expect(response.status).toBe(200)
      expect(response.headers.get('Access-Control-Allow-Origin')).toBe(appOrigin)
      expect(calls).toHaveLength(1)
    },
  )

  test('a preflight from another origin gets 403', async () => {
    const { proxy, calls } = setup({ allowedOrigins })
    const response = await proxy(new Request(`${APP}/links`, { method: 'OPTIONS', headers: { Origin: 'https://evil.test' } }))
    expect(response.status).toBe(403)
    expect(response.headers.get('Access-Control-Allow-Origin')).toBeNull()
    expect(calls).toEqual([])
  })
})

describe('options', () => {
  const KEY_REQUIRED = 'apiKey is required: the proxy exists to add it on the server'
  const KEY_UNSENDABLE = 'apiKey must be a valid HTTP header value (no line breaks or control characters)'
  const UPSTREAM_BAD = 'upstream must be an absolute http(s) URL without credentials, query or fragment'
  const BASE_PATH_BAD = 'basePath must be the path the proxy is mounted at, such as "/api/paylink"'
  const ORIGIN_BAD = 'allowedOrigins must list exact origins such as "https://app.example"'
  const originDetails = (origin: string) => `got "${origin}"; wildcards, paths and trailing slashes are not accepted`
  // Each message names the option and what it must be; its details show the value refused (never the key).
  test.each<[string, Partial<PayLinkProxyOptions>, string, string?]>([
    ['no apiKey', { apiKey: '' }, KEY_REQUIRED],
    // `process.env.PAYLINK_API_KEY!` when the variable is not set.
    ['an apiKey that is undefined', { apiKey: undefined }, KEY_REQUIRED],
    ['an apiKey with a line break inside (two lines of a secrets file)', { apiKey: `${KEY}\n${KEY}` }, KEY_UNSENDABLE],
    ['an apiKey with a control character', { apiKey: `${KEY}\u0000` }, KEY_UNSENDABLE],
    ['an apiKey with a character fetch cannot send (a curly quote)', { apiKey: `${KEY}\u201d` }, KEY_UNSENDABLE],
    ['a relative upstream', { upstream: '/api' }, UPSTREAM_BAD, 'got "/api"; e.g. "https://api.paylink.example"'],
    ['a non-http upstream', { upstream: 'ftp://api.test' }, UPSTREAM_BAD, 'got "ftp://api.test"; e.g. "https://api.paylink.example"'],
    ['an upstream whose scheme only ends in http', { upstream: 'xhttp://api.test' }, UPSTREAM_BAD, 'got "xhttp://api.test"; e.g. "https://api.paylink.example"'],
    ['an upstream with a query', { upstream: 'https://api.test/?x=1' }, UPSTREAM_BAD],
    ['an upstream with credentials', { upstream: 'https://user:pw@api.test' }, UPSTREAM_BAD],
    ['a basePath without leading slash', { basePath: 'api/paylink' }, BASE_PATH_BAD, 'got "api/paylink"'],
    // `process.env.PAYLINK_BASE_PATH ?? ''` when the variable is not set: not silently the root.
    ['an empty basePath', { basePath: '' }, BASE_PATH_BAD, 'got ""'],
    ['a basePath with a traversal', { basePath: '/api/../paylink' }, BASE_PATH_BAD, 'got "/api/../paylink"'],
    ['a basePath that is undefined', { basePath: undefined }, BASE_PATH_BAD, 'got undefined'],
    ['a wildcard origin', { allowedOrigins: ['*'] }, ORIGIN_BAD, originDetails('*')],
    ['an origin with a trailing slash', { allowedOrigins: ['https://app.test/'] }, ORIGIN_BAD, originDetails('https://app.test/')],
    ['an origin with a path', { allowedOrigins: ['https://app.test/app'] }, ORIGIN_BAD, originDetails('https://app.test/app')],
    ['an app origin with a trailing slash', { allowedOrigins: ['capacitor://localhost/'] }, ORIGIN_BAD, originDetails('capacitor://localhost/')],
    ['an extension origin with a wildcard', { allowedOrigins: ['chrome-extension://*'] }, ORIGIN_BAD, originDetails('chrome-extension://*')],
    ['an origin without a host', { allowedOrigins: ['file://'] }, ORIGIN_BAD, originDetails('file://')],
    ['a zero body limit', { maxBodyBytes: 0 }, 'maxBodyBytes must be a positive integer', 'got 0'],
    ['a fractional body limit', { maxBodyBytes: 1.5 }, 'maxBodyBytes must be a positive integer', 'got 1.5'],
    ['a zero answer limit', { maxResponseBytes: 0 }, 'maxResponseBytes must be a positive integer', 'got 0'],
    ['an answer limit of Infinity', { maxResponseBytes: Infinity }, 'maxResponseBytes must be a positive integer', 'got Infinity'],
    ['a negative time-out', { timeoutMs: -1 }, 'timeoutMs must be a positive number', 'got -1'],
  ])('%s is refused with a PayLinkConfigError that says what to fix and does not show the key', (_, options, message, details) => {
    let thrown: unknown
    try {
      createPayLinkProxy({ apiKey: KEY, upstream: UPSTREAM, basePath: '/api/paylink', ...options })
    } catch (error) {
      thrown = error
    }
    expect(thrown).toBeInstanceOf(PayLinkConfigError)
    const [short, shown] = String((thrown as Error).message).split('\n\nDetails: ')
    expect(short).toBe(message)
    if (details !== undefined) expect(shown).toBe(details)
    expect(String((thrown as Error).message)).not.toContain(KEY)
  })

  // The error goes to the server's logs: it names what to fix without the secret.
  const notQuoted = 'a value with @, ? or # (not quoted: it may hold a secret)'
  test.each([
    ['credentials', 'https://admin:upstream_pw_42@api.test', notQuoted],
    ['a password with an encoded slash', 'https://admin:pa%2Fupstream_pw_42@api.test/pub/v1', notQuoted],
    ['a password with a slash', 'https://admin:upstream_pw_42/x@api.test', notQuoted],
    ['a password with a question mark', 'https://admin:upstream_pw_42?x@api.test', notQuoted],
    ['a key in the query', 'https://api.test/pub/v1?key=upstream_pw_42', notQuoted],
    ['a key in the fragment', 'https://api.test#upstream_pw_42', notQuoted],
    ['credentials without a scheme', 'admin:upstream_pw_42@api.test', notQuoted],
    ['a host without a scheme', 'api.test', '"api.test"'],
    // From plain JavaScript, `new URL(process.env.PAYLINK_UPSTREAM)`: quoted, it would read as its href.
    ['a key in the query of a URL object', new URL('https://api.test/pub/v1?key=upstream_pw_42'), notQuoted],
    ['credentials in a URL object', new URL('https://admin:upstream_pw_42@api.test'), notQuoted],
  ])('an upstream with %s is refused without quoting the secret', (_, upstream, shown) => {
    let message = ''
    try {
      createPayLinkProxy({ apiKey: KEY, upstream: upstream as string, basePath: '/api/paylink' })
    } catch (error) {
      message = (error as Error).message
    }
    expect(message).not.toContain('upstream_pw_42')
    expect(message).toContain(`got ${shown};`)
  })

  test('without a fetch option the global fetch is used, looked up at call time', async () => {
    const proxy = createPayLinkProxy({ apiKey: KEY, upstream: UPSTREAM, basePath: '/api/paylink' })
    const upstream = recordingFetch()
    vi.stubGlobal('fetch', upstream.fetch)
    try {
      await proxy(new Request(`${APP}/links/abc`))
    } finally {
      vi.unstubAllGlobals()
    }
    expect(upstream.calls.map((c) => c.url)).toEqual([`${UPSTREAM}/pub/v1/links/abc`])
  })
})
