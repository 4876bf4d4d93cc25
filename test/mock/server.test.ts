import { request as httpRequest, Server } from 'node:http'
import { createLink, createPayLinkClient, getLink, PayLinkNetworkError, verifyPayment } from '../../src/client.js'
import { MOCK_LINKS, type MockServer, startMockServer } from '../../src/mock.js'
import { v2Payment } from './payloads.js'

// No MSW interception in this file: these requests cross a real socket on 127.0.0.1.
let server: MockServer
beforeAll(async () => {
  server = await startMockServer({ apiKeys: ['k_server'] })
})
afterEach(() => server.mock.reset())
afterAll(() => server.close())

const clientFor = (url: string) => createPayLinkClient({ baseUrl: url, apiKey: 'k_server', retry: false })

describe('startMockServer', () => {
  it('listens on 127.0.0.1 on a free port', () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
  })

  it('creates a link and reads it back over HTTP', async () => {
    const client = clientFor(server.url)
    const input = { creatorId: 'c', chainType: 'solana', model: 'engagement' as const, splits: { creator: 7000, platform: 3000 } }
    const created = await createLink(client, input)
    expect(await getLink(client, created.code)).toEqual(created)
  })

  it('carries the x402 headers both ways and takes a payment once', async () => {
    const client = clientFor(server.url)
    const quote = await verifyPayment(client, { code: MOCK_LINKS.demo })
    if (quote.status !== 'payment-required') throw new Error('expected a 402')
    const requirement = quote.paymentRequired.accepts[0]!
    expect(requirement).toMatchObject({ x402Version: 2, amount: '1500000', resource: `${server.url}/pub/v1/payments/verify` })
    const paid = await verifyPayment(client, { code: MOCK_LINKS.demo }, { paymentHeader: v2Payment(requirement, Date.now()), idempotencyKey: 'k-1' })
    expect(paid).toMatchObject({ status: 'paid', paymentResponse: { success: true } })
    expect(server.mock.ledger).toHaveLength(1)
  })

  it('answers HEAD on a GET route as that GET, without its body, as a real server does (an uptime check)', async () => {
    const headers = { 'X-API-Key': 'k_server' }
    const get = await fetch(`${server.url}/pub/v1/links/${MOCK_LINKS.demo}`, { headers })
    const head = await fetch(`${server.url}/pub/v1/links/${MOCK_LINKS.demo}`, { method: 'HEAD', headers })
    expect(head.status).toBe(200)
    expect(head.headers.get('Content-Type')).toBe(get.headers.get('Content-Type'))
    expect(await head.text()).toBe('')
    expect((await fetch(`${server.url}/pub/v1/links/nope`, { method: 'HEAD', headers })).status).toBe(404)
    // No route of the API takes a POST's HEAD: the gate is not run, nothing is quoted or charged.
    expect((await fetch(`${server.url}/pub/v1/payments/verify`, { method: 'HEAD', headers })).status).toBe(404)
    expect(server.mock.ledger).toHaveLength(0)
  })

  it('answers 401 without the key and 404 on a path it does not serve', async () => {
    expect(await getLink(createPayLinkClient({ baseUrl: server.url, retry: false }), MOCK_LINKS.demo).catch((e: unknown) => e)).toMatchObject({ status: 401 })
    const response = await fetch(`${server.url}/pub/v1/nothing-here`)
    expect(response.status).toBe(404)
    expect(response.headers.get('Content-Type')).toBe('application/json')
    expect(await response.json()).toMatchObject({ error: { code: 'not_found', message: 'No route GET /pub/v1/nothing-here' } })
  })

  // fetch cannot send one, but curl -X GET -d and Node's http.request can: a server ignores the body.
  it.each(['GET', 'HEAD'])('serves a %s that carries a body as it serves one without', async (method) => {
    const status = await new Promise<number | undefined>((resolve, reject) => {
      httpRequest(`${server.url}/pub/v1/links/${MOCK_LINKS.demo}`, { method, headers: { 'X-API-Key': 'k_server', 'Content-Type': 'application/json', 'Content-Length': '16' } }, (res) => {
        res.resume().on('end', () => resolve(res.statusCode))
      })
        .on('error', reject)
        .end('{"code":"other"}')
    })
    expect(status).toBe(200)
  })

  it('rejects with Node\'s EADDRINUSE when its port is taken, as a script can report', async () => {
    const port = Number(new URL(server.url).port)
    await expect(startMockServer({ port })).rejects.toMatchObject({ code: 'EADDRINUSE' })
  })

  it.each(['/pub/v1/links/%E0%A4%A', '/pub/v1/payments/%zz'])('answers 400 invalid_request to a path whose percent-encoding is malformed (%s), as a server does', async (path) => {
    const response = await fetch(`${server.url}${path}`, { headers: { 'X-API-Key': 'k_server' } })
    expect(response.status).toBe(400)
    expect(response.headers.get('access-control-allow-origin')).toBe('*')
    expect(response.headers.get('Content-Type')).toBe('application/json')
    expect(await response.json()).toMatchObject({ error: { code: 'invalid_request', message: `Malformed percent-encoding in ${path}` } })
  })

  it('answers a CORS preflight so a dev server on another origin can call it', async () => {
    const response = await fetch(`${server.url}/pub/v1/payments/verify`, { method: 'OPTIONS' })
    expect(response.status).toBe(204)
    expect(response.headers.get('Access-Control-Allow-Headers')).toContain('PAYMENT-SIGNATURE')
    expect(response.headers.get('Access-Control-Expose-Headers')).toContain('PAYMENT-REQUIRED')
  })

  // A page on another origin reads only the headers exposed to it: without Date, an HTTP-date
  // Retry-After would be counted on the device's clock, not the server's.
  it('exposes to a page on another origin every header the client reads of an answer, Date included', async () => {
    const response = await fetch(`${server.url}/pub/v1/links/demo`, { headers: { 'X-API-Key': 'k_server', Origin: 'http://localhost:5173' } })
    expect(response.headers.get('Date')).toBeTruthy()
    const exposed = (response.headers.get('Access-Control-Expose-Headers') ?? '').split(/\s*,\s*/)
    expect(['PAYMENT-REQUIRED', 'PAYMENT-RESPONSE', 'X-PAYMENT-RESPONSE', 'X-Request-Id', 'Retry-After', 'Date'].filter((name) => !exposed.includes(name))).toEqual([])
  })

  // A browser sends a request only if the preflight allows every header it names: a client with
  // `headers` of its own (a bearer token, a tenant) must reach the mock from a dev server as well.
  it("allows in a preflight the headers a client's `headers` option adds, as the browser asks for them", async () => {
    const asked = ['accept', 'authorization', 'content-type', 'x-api-key', 'x-tenant']
    const response = await fetch(`${server.url}/pub/v1/links/demo`, {
      method: 'OPTIONS',
      headers: { Origin: 'http://localhost:5173', 'Access-Control-Request-Method': 'GET', 'Access-Control-Request-Headers': asked.join(',') },
    })
    expect(response.status).toBe(204)
    const allowed = (response.headers.get('Access-Control-Allow-Headers') ?? '').toLowerCase().split(/\s*,\s*/)
    expect(asked.filter((name) => !allowed.includes(name))).toEqual([])
    // The answer depends on what was asked: a browser must not reuse it for a request asking for others.
    expect(response.headers.get('Vary')).toBe('Access-Control-Request-Headers')
  })

  // The client counts an HTTP-date Retry-After from the answer's Date: Node's own Date reads the
  // real clock, not the one a test's fake timers set, and read this one as long past (0 s).
  it("dates its answers on the test's clock, fake timers included, so an HTTP-date retryAfter reads as written", async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    try {
      vi.setSystemTime(new Date('2026-03-01T12:00:00Z'))
      server.mock.inject('getLink', { retryAfter: 'Sun, 01 Mar 2026 12:00:30 GMT', times: 1 })
      expect(await getLink(clientFor(server.url), MOCK_LINKS.demo).catch((e: unknown) => e)).toMatchObject({ status: 429, retryAfterSeconds: 30 })
    } finally {
      vi.useRealTimers()
    }
  })

  // fetch cannot send a TRACE, and Node's Request refuses one, as its writeHead refuses status 99.
  it('answers 500 server_error with the reason to what it cannot serve (a TRACE), then serves the next request', async () => {
    const trace = await new Promise<{ status?: number; cors?: string; body: string }>((resolve, reject) => {
      httpRequest(`${server.url}/pub/v1/links/demo`, { method: 'TRACE' }, (res) => {
        let body = ''
        res.setEncoding('utf8').on('data', (chunk: string) => (body += chunk))
        res.on('end', () => resolve({ status: res.statusCode, cors: res.headers['access-control-allow-origin'], body }))
      })
        .on('error', reject)
        .end()
    })
    expect(trace).toMatchObject({ status: 500, cors: '*' })
    expect(JSON.parse(trace.body)).toMatchObject({ error: { code: 'server_error', message: expect.stringContaining('TRACE') } })

    const client = clientFor(server.url)
    expect((await getLink(client, MOCK_LINKS.demo)).code).toBe('demo')
  })

  it('destroys the socket for a dropped connection, then serves the next request', async () => {
    server.mock.inject('getLink', { dropConnection: true, times: 1 })
    const client = clientFor(server.url)
    expect(await getLink(client, MOCK_LINKS.demo).catch((e: unknown) => e)).toBeInstanceOf(PayLinkNetworkError)
    expect((await getLink(client, MOCK_LINKS.demo)).code).toBe('demo')
  })

  it('stops listening on close(), and a second close() resolves too', async () => {
    const other = await startMockServer()
    onTestFinished(() => other.close())
    const url = other.url
    expect((await fetch(`${url}/pub/v1/links/demo`, { headers: { 'X-API-Key': 'pk_test_paylink' } })).status).toBe(200)
    await other.close()
    expect(await getLink(clientFor(url), MOCK_LINKS.demo).catch((e: unknown) => e)).toBeInstanceOf(PayLinkNetworkError)
    // A second teardown (afterEach and afterAll both closing) is no error.
    await expect(other.close()).resolves.toBeUndefined()
  })

  it('serves 1 600 requests without a "possible memory leak" warning (one per request once past 1 500 before)', async () => {
    const warnings: string[] = []
    const onWarning = (warning: Error) => warnings.push(`${warning.name}: ${warning.message}`)
    process.on('warning', onWarning)
    try {
      for (let i = 0; i < 1_600; i++) await (await fetch(`${server.url}/pub/v1/links/demo`, { headers: { 'X-API-Key': 'k_server' } })).arrayBuffer()
      // Node emits its warnings on the next tick.
      await new Promise((resolve) => setTimeout(resolve, 20))
    } finally {
      process.off('warning', onWarning)
    }
    expect(warnings).toEqual([])
  }, 30_000)

  it('drops a paid request still waiting out its latency on close(): nothing is charged once the server is closed', async () => {
    const other = await startMockServer({ apiKeys: false })
    onTestFinished(() => other.close())
    const client = createPayLinkClient({ baseUrl: other.url, retry: false })
    const quote = await verifyPayment(client, { code: MOCK_LINKS.demo })
    if (quote.status !== 'payment-required') throw new Error('expected a 402')
    other.mock.inject('verifyPayment', { latencyMs: 500, times: 1 })
    const counted = other.mock.state.counter
    const paying = verifyPayment(client, { code: MOCK_LINKS.demo }, { paymentHeader: v2Payment(quote.paymentRequired.accepts[0]!, Date.now()), idempotencyKey: 'k-close' })
    // The request is on the server, waiting (the mock numbers it on arrival): closed any sooner, it
    // would fail in the client whatever close() did, and the test would prove nothing.
    await vi.waitFor(() => expect(other.mock.state.counter).toBeGreaterThan(counted))

    await other.close()

    expect(await paying.catch((e: unknown) => e)).toBeInstanceOf(PayLinkNetworkError)
    await new Promise((resolve) => setTimeout(resolve, 500))
    expect(other.mock.ledger).toHaveLength(0)
  })

  // A script or test runner that starts the mock and closes it must be free to exit: nothing of a
  // dropped request may keep the process alive until its latency would have run out.
  it('leaves nothing running after close(), not even the timer of a request waiting out a long latency', async () => {
    const timers = () => process.getActiveResourcesInfo().filter((kind) => kind === 'Timeout').length
    const other = await startMockServer({ apiKeys: false })
    onTestFinished(() => other.close())
    other.mock.inject('getLink', { latencyMs: 600_000, times: 1 })
    const before = timers()
    const counted = other.mock.state.counter
    const reading = getLink(createPayLinkClient({ baseUrl: other.url, retry: false, timeoutMs: 700_000 }), MOCK_LINKS.demo).catch((e: unknown) => e)
    await vi.waitFor(() => expect(other.mock.state.counter).toBeGreaterThan(counted))

    await other.close()

    expect(await reading).toBeInstanceOf(PayLinkNetworkError)
    expect(timers()).toBeLessThanOrEqual(before)
  })

  // msw takes a few ticks to match a request to its route: a close() then came before the route
  // began to wait, and the wait of that request was not cut short.
  it('leaves nothing running after a close() that comes while a request is still being matched', async () => {
    const timers = () => process.getActiveResourcesInfo().filter((kind) => kind === 'Timeout').length
    const other = await startMockServer({ apiKeys: false, latencyMs: 600_000 })
    onTestFinished(() => other.close())
    const before = timers()
    const counted = other.mock.state.counter
    const emit = Server.prototype.emit
    const spy = vi.spyOn(Server.prototype, 'emit').mockImplementation(function (this: Server, event: string | symbol, ...args: unknown[]) {
      if (event === 'request') process.nextTick(() => void other.close())
      return emit.apply(this, [event, ...args] as Parameters<Server['emit']>)
    } as Server['emit'])
    onTestFinished(() => spy.mockRestore())
    const reading = getLink(createPayLinkClient({ baseUrl: other.url, retry: false, timeoutMs: 700_000 }), MOCK_LINKS.demo).catch((e: unknown) => e)

    expect(await reading).toBeInstanceOf(PayLinkNetworkError)
    await other.close()
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(timers()).toBeLessThanOrEqual(before)
    expect(other.mock.state.counter).toBe(counted)
  })

  // The same window for reset(): a harness's afterEach resets while a test's request is still being
  // matched. It was answered from the fresh state, and its latency began after the reset, uncut.
  describe('a reset() that comes while a request is still being matched', () => {
    const resetOnArrival = (other: MockServer) => {
      const emit = Server.prototype.emit
      const spy = vi.spyOn(Server.prototype, 'emit').mockImplementation(function (this: Server, event: string | symbol, ...args: unknown[]) {
        if (event === 'request') process.nextTick(() => other.mock.reset())
        return emit.apply(this, [event, ...args] as Parameters<Server['emit']>)
      } as Server['emit'])
      onTestFinished(() => spy.mockRestore())
    }
    const input = { creatorId: 'creator_1', chainType: 'solana', model: 'payment' as const, splits: { creator: 9_000, platform: 1_000 } }

    it('drops the request: nothing of it lands in the fresh state', async () => {
      const other = await startMockServer({ apiKeys: false })
      onTestFinished(() => other.close())
      const links = other.mock.state.links.size
      resetOnArrival(other)
      const creating = createLink(createPayLinkClient({ baseUrl: other.url, retry: false }), input).catch((e: unknown) => e)

      expect(await creating).toBeInstanceOf(PayLinkNetworkError)
      expect(other.mock.state.links.size).toBe(links)
      expect(other.mock.state.counter).toBe(0)
    })

    // Its wait began after the reset, so the reset did not end it: the client waited it out.
    it('drops the request at once rather than making it wait out its latency', async () => {
      const other = await startMockServer({ apiKeys: false, latencyMs: 600_000 })
      onTestFinished(() => other.close())
      resetOnArrival(other)
      const reading = getLink(createPayLinkClient({ baseUrl: other.url, retry: false, timeoutMs: 2_000 }), MOCK_LINKS.demo).catch((e: unknown) => e)

      expect(await reading).toBeInstanceOf(PayLinkNetworkError)
      expect(await reading).toMatchObject({ timedOut: false })
    })
  })

  it('drops on close() a request whose client already gave up: the state stays as it was at close()', async () => {
    const other = await startMockServer({ apiKeys: false })
    onTestFinished(() => other.close())
    other.mock.inject('createLink', { latencyMs: 600, times: 1 })
    const client = createPayLinkClient({ baseUrl: other.url, retry: false, timeoutMs: 100 })
    const input = { creatorId: 'creator_1', chainType: 'solana', model: 'payment' as const, splits: { creator: 9_000, platform: 1_000 } }
    const counted = other.mock.state.counter
    expect(await createLink(client, input).catch((e: unknown) => e)).toBeInstanceOf(PayLinkNetworkError)
    // It reached the server, which is waiting out its latency (not lost on the way: no test then).
    expect(other.mock.state.counter).toBeGreaterThan(counted)
    // Time for the server to see the socket close.
    await new Promise((resolve) => setTimeout(resolve, 100))
    const links = other.mock.state.links.size

    await other.close()

    await new Promise((resolve) => setTimeout(resolve, 600))
    expect(other.mock.state.links.size).toBe(links)
  })
})
