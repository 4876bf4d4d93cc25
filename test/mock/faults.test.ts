import {
  createPayLinkClient,
  estimateFees,
  getBridgeStatus,
  getLink,
  PayLinkHttpError,
  PayLinkNetworkError,
  PayLinkValidationError,
} from '../../src/client.js'
import { MOCK_API_KEY, MOCK_LINKS, MOCK_ROUTES, MOCK_TRANSFERS, type MockRoute } from '../../src/mock.js'
import { BASE_URL, mockHarness } from './harness.js'

const { client, mock } = mockHarness()
const fail = (promise: Promise<unknown>) => promise.then(() => undefined, (e: unknown) => e)

describe('fault injection', () => {
  it('answers 429 rate_limited with Retry-After in seconds or as an HTTP date', async () => {
    mock.inject('getLink', { retryAfter: 7 })
    const error = await fail(getLink(client, MOCK_LINKS.demo))
    expect(error).toBeInstanceOf(PayLinkHttpError)
    expect(error).toMatchObject({ status: 429, code: 'rate_limited', retryAfterSeconds: 7 })
    mock.inject('getLink', { retryAfter: new Date(Date.now() + 3_600_000).toUTCString() })
    expect(((await fail(getLink(client, MOCK_LINKS.demo))) as PayLinkHttpError).retryAfterSeconds).toBeGreaterThan(3_500)
  })

  it('answers a gateway HTML 502 page, which the client reports as an HTTP error', async () => {
    mock.inject('getLink', { html502: true })
    const error = await fail(getLink(client, MOCK_LINKS.demo))
    expect(error).toBeInstanceOf(PayLinkHttpError)
    expect(error).toMatchObject({ status: 502, code: 'server_error' })
    expect((error as PayLinkHttpError).message).toContain('HTML page (502 Bad Gateway)')
    // The page's request id, as a gateway that forwards the service's sends it, for a support ticket.
    expect(error).toMatchObject({ requestId: expect.stringMatching(/^req_/) })
  })

  // What an app's own fetch code or the browser's network panel sees: a gateway page is HTML, and a
  // malformed body claims to be JSON, as a server cut off mid-answer sends it.
  it('labels a gateway page text/html and a malformed body application/json, each with its request id', async () => {
    mock.inject('getLink', { html502: true, times: 1 })
    mock.inject('getBridgeStatus', { malformedJson: true, times: 1 })
    const headers = { 'X-API-Key': MOCK_API_KEY }
    const page = await fetch(`${BASE_URL}/pub/v1/links/${MOCK_LINKS.demo}`, { headers })
    const malformed = await fetch(`${BASE_URL}/pub/v1/bridge/status/${MOCK_TRANSFERS.completed}`, { headers })
    expect([page.status, page.headers.get('Content-Type'), page.headers.get('X-Request-Id')]).toEqual([502, 'text/html', expect.stringMatching(/^req_/)])
    expect([malformed.status, malformed.headers.get('Content-Type'), malformed.headers.get('X-Request-Id')]).toEqual([200, 'application/json', expect.stringMatching(/^req_/)])
  })

  it('says why in the message of a Retry-After answer: to slow down on a 429, to come back later on a 503', async () => {
    mock.inject('getLink', { retryAfter: 5, times: 1 })
    mock.inject('getBridgeStatus', { retryAfter: 5, status: 503, times: 1 })
    expect(await fail(getLink(client, MOCK_LINKS.demo))).toMatchObject({ status: 429, message: expect.stringContaining('Too many requests; slow down') })
    expect(await fail(getBridgeStatus(client, MOCK_TRANSFERS.completed))).toMatchObject({
      status: 503,
      retryAfterSeconds: 5,
      message: expect.stringContaining('Unavailable; try again later'),
    })
  })

  it('answers a body that is not JSON, which the client reports as a validation error of the response', async () => {
    mock.inject('getBridgeStatus', { malformedJson: true })
    const error = await fail(getBridgeStatus(client, MOCK_TRANSFERS.completed))
    expect(error).toBeInstanceOf(PayLinkValidationError)
    expect(error).toMatchObject({ source: 'response', endpoint: 'getBridgeStatus' })
  })

  it('drops the connection, which the client reports as a network error', async () => {
    mock.inject('getLink', { dropConnection: true })
    const error = await fail(getLink(client, MOCK_LINKS.demo))
    expect(error).toBeInstanceOf(PayLinkNetworkError)
    expect(error).toMatchObject({ timedOut: false, endpoint: 'getLink' })
  })

  it('answers any status in the contract error shape', async () => {
    mock.inject('getLink', { status: 503 })
    expect(await fail(getLink(client, MOCK_LINKS.demo))).toMatchObject({
      status: 503,
      code: 'server_error',
      requestId: expect.stringMatching(/^req_/),
      message: expect.stringContaining('Injected fault: HTTP 503'),
    })
    mock.inject('getLink', { status: 403 })
    expect(await fail(getLink(client, MOCK_LINKS.demo))).toMatchObject({ status: 403, code: 'forbidden' })
  })

  it('hits only the route it was injected on, and clears itself after `times` requests', async () => {
    mock.inject('getLink', { status: 500, times: 2 })
    expect((await getBridgeStatus(client, MOCK_TRANSFERS.completed)).status).toBe('completed')
    expect(await fail(getLink(client, MOCK_LINKS.demo))).toMatchObject({ status: 500 })
    expect(await fail(getLink(client, MOCK_LINKS.demo))).toMatchObject({ status: 500 })
    expect((await getLink(client, MOCK_LINKS.demo)).code).toBe('demo')
  })

  it('hits no request with times: 0, and refuses a times that counts no requests with a PayLinkConfigError', async () => {
    mock.inject('getLink', { status: 500 })
    mock.inject('getLink', { status: 500, times: 0 })
    expect((await getLink(client, MOCK_LINKS.demo)).code).toBe('demo')
    for (const times of [-1, 1.5, Number.NaN]) {
      expect(() => mock.inject('getLink', { status: 500, times })).toThrow(
        expect.objectContaining({ name: 'PayLinkConfigError', message: expect.stringMatching(new RegExp(`times .*whole number.*${times}$`)) }),
      )
    }
    expect((await getLink(client, MOCK_LINKS.demo)).code).toBe('demo')
  })

  it('refuses a status no HTTP answer can carry with a PayLinkConfigError, at inject, and leaves the route as it was', async () => {
    for (const status of [99, 600, 1.5, Number.NaN]) {
      expect(() => mock.inject('getLink', { status })).toThrow(expect.objectContaining({ name: 'PayLinkConfigError', message: expect.stringContaining(`${status}`) }))
      expect(() => mock.inject('getLink', { retryAfter: 1, status })).toThrow(expect.objectContaining({ name: 'PayLinkConfigError' }))
    }
    expect((await getLink(client, MOCK_LINKS.demo)).code).toBe('demo')
    mock.inject('getLink', { status: 599 })
    expect(await fail(getLink(client, MOCK_LINKS.demo))).toMatchObject({ status: 599 })
    // 200 is malformedJson's own default, so it may be asked for by name.
    mock.inject('getLink', { malformedJson: true, status: 200, times: 1 })
    expect(await fail(getLink(client, MOCK_LINKS.demo))).toMatchObject({ name: 'PayLinkValidationError', source: 'response' })
  })

  it('lets a retrying client through once a one-shot 429 has passed', async () => {
    mock.inject('getLink', { retryAfter: 0, times: 1 })
    const retrying = createPayLinkClient({ baseUrl: BASE_URL, apiKey: MOCK_API_KEY, retry: { attempts: 2 } })
    expect((await getLink(retrying, MOCK_LINKS.demo)).code).toBe('demo')
  })

  const calls: Record<MockRoute, [method: string, path: string, body?: string]> = {
    createLink: ['POST', '/links', '{}'],
    getLink: ['GET', `/links/${MOCK_LINKS.demo}`],
    verifyPayment: ['POST', '/payments/verify', `{"code":"${MOCK_LINKS.demo}"}`],
    getPayment: ['GET', '/payments/pay_nope'],
    createAttentionToken: ['POST', '/attention/token', '{}'],
    getBridgeStatus: ['GET', `/bridge/status/${MOCK_TRANSFERS.pending}`],
    estimateFees: ['GET', '/fees/estimate'],
  }
  it.each(MOCK_ROUTES)('hits %s when injected by its name, once with times: 1', async (route) => {
    const [method, path, body] = calls[route]
    const send = async () =>
      (await fetch(`${BASE_URL}/pub/v1${path}`, { method, headers: { 'X-API-Key': MOCK_API_KEY, 'Content-Type': 'application/json' }, ...(body && { body }) })).status
    mock.inject(route, { status: 503, times: 1 })
    expect(await send()).toBe(503)
    expect(await send()).not.toBe(503)
  })

  it("injects on every route with '*' and clears one route or all", async () => {
    mock.inject('*', { status: 500 })
    mock.clearFaults('getLink')
    expect((await getLink(client, MOCK_LINKS.demo)).code).toBe('demo')
    const fees = { sourceChain: 'solana', destinationChain: 'base', asset: 'USDC', amount: '1' }
    expect(await fail(estimateFees(client, fees))).toMatchObject({ status: 500 })
    mock.clearFaults()
    expect((await estimateFees(client, fees)).totalFee.currency).toBe('USDC')
  })

  it('delays the answer by latencyMs, long enough for the client to time out', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    try {
      mock.inject('getLink', { latencyMs: 10_000 })
      const impatient = createPayLinkClient({ baseUrl: BASE_URL, apiKey: MOCK_API_KEY, retry: false, timeoutMs: 1_000 })
      const pending = fail(getLink(impatient, MOCK_LINKS.demo))
      await vi.advanceTimersByTimeAsync(1_000)
      expect(await pending).toMatchObject({ name: 'PayLinkNetworkError', timedOut: true })
      await vi.advanceTimersByTimeAsync(9_000)
    } finally {
      vi.useRealTimers()
    }
  })

  // A route that never answers (a hung upstream), for a client's time-out: past setTimeout's cap of
  // about 24.8 days, Node would fire the timer at once and the route would answer right away.
  it('never answers with latencyMs: Infinity, so the client times out (reset() then drops the request)', async () => {
    mock.inject('getLink', { latencyMs: Infinity, times: 1 })
    const impatient = createPayLinkClient({ baseUrl: BASE_URL, apiKey: MOCK_API_KEY, retry: false, timeoutMs: 200 })
    expect(await fail(getLink(impatient, MOCK_LINKS.demo))).toMatchObject({ name: 'PayLinkNetworkError', timedOut: true })
  })
})
