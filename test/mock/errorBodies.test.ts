import { getResponse } from 'msw'
import { createPayLinkClient, getLink, type PayLinkClient, PayLinkConfigError, PayLinkHttpError, verifyPayment } from '../../src/client.js'
import { createMockApi, MOCK_ERROR_BODIES, MOCK_LINKS, type MockApi, type MockErrorBody, type MockServer, startMockServer } from '../../src/mock.js'

// The msw handlers are reached through the client's own `fetch` (no global interception), so that
// the server's requests in this file cross a real socket on 127.0.0.1 untouched.
function handlersClient(mock: MockApi, apiKey: string | null = 'pk_test_paylink'): PayLinkClient {
  return createPayLinkClient({
    baseUrl: 'https://api.paylink.test',
    ...(apiKey !== null && { apiKey }),
    retry: false,
    fetch: async (input, init) => (await getResponse(mock.handlers, new Request(input, init)))!,
  })
}

let server: MockServer
beforeAll(async () => {
  server = await startMockServer()
})
afterEach(() => server.mock.reset())
afterAll(() => server.close())

const serverClient = () => createPayLinkClient({ baseUrl: server.url, apiKey: 'pk_test_paylink', retry: false })
const fail = (promise: Promise<unknown>) => promise.then(() => undefined, (e: unknown) => e)

// What the client makes of each shape of a 404 that says "No link with code nope".
const expected: Record<MockErrorBody, { shortMessage: string; body: unknown }> = {
  contract: { shortMessage: 'No link with code nope', body: { error: expect.objectContaining({ code: 'not_found' }) } },
  'error-string': { shortMessage: 'No link with code nope', body: { error: 'No link with code nope' } },
  message: { shortMessage: 'No link with code nope', body: { message: 'No link with code nope' } },
  empty: { shortMessage: 'The API answered HTTP 404', body: undefined },
  text: { shortMessage: 'The API answered HTTP 404', body: 'No link with code nope' },
  html: { shortMessage: 'The API answered HTTP 404 with an HTML page (404 Error)', body: expect.stringContaining('<p>No link with code nope</p>') },
}

describe.each([
  ['the msw handlers', () => ({ mock: createMockApi(), client: (m: MockApi) => handlersClient(m) })],
  ['startMockServer', () => ({ mock: server.mock, client: () => serverClient() })],
])('error bodies through %s', (_, setup) => {
  it.each(MOCK_ERROR_BODIES)('answers a route of its own in the %s shape (errorBody of a fault), which the client reads as a typed HTTP error', async (shape) => {
    const { mock, client } = setup()
    mock.inject('getLink', { errorBody: shape })
    const error = await fail(getLink(client(mock), 'nope'))
    expect(error).toBeInstanceOf(PayLinkHttpError)
    expect(error).toMatchObject({ status: 404, code: 'not_found', requestId: expect.stringMatching(/^req_/), ...expected[shape] })
  })

  it.each(MOCK_ERROR_BODIES)('keeps Retry-After on a 429 in the %s shape', async (shape) => {
    const { mock, client } = setup()
    mock.inject('getLink', { retryAfter: 5, errorBody: shape })
    expect(await fail(getLink(client(mock), MOCK_LINKS.demo))).toMatchObject({ name: 'PayLinkHttpError', status: 429, code: 'rate_limited', retryAfterSeconds: 5 })
  })
})

describe('the errorBody option', () => {
  it("shapes every error answer of the mock, its own 401 included, and a fault's errorBody wins", async () => {
    const mock = createMockApi({ errorBody: 'message' })
    expect(await fail(getLink(handlersClient(mock, null), MOCK_LINKS.demo))).toMatchObject({ status: 401, code: 'unauthorized', body: { message: 'A valid X-API-Key header is required' } })
    mock.inject('getLink', { status: 503, errorBody: 'empty' })
    expect(await fail(getLink(handlersClient(mock), MOCK_LINKS.demo))).toMatchObject({ status: 503, code: 'server_error', body: undefined })
  })

  it('answers successes and the 402 gate as they are', async () => {
    const client = handlersClient(createMockApi({ errorBody: 'empty' }))
    expect((await getLink(client, MOCK_LINKS.demo)).code).toBe('demo')
    expect(await verifyPayment(client, { code: MOCK_LINKS.demo })).toMatchObject({ status: 'payment-required', paymentRequired: { x402Version: 2 } })
  })

  // A v1-only server says how to pay in the body alone: an emptied 402 leaves the client nothing to sign.
  it('answers the 402 gate of a v1-only server with its body, what to pay included', async () => {
    const client = handlersClient(createMockApi({ errorBody: 'empty', x402Version: 1 }))
    expect(await verifyPayment(client, { code: MOCK_LINKS.demo })).toMatchObject({
      status: 'payment-required',
      paymentRequired: { x402Version: 1, accepts: [expect.objectContaining({ amount: '1500000', network: 'base-sepolia' })] },
    })
  })

  it("shapes a route's own 400 as any other error answer", async () => {
    const mock = createMockApi({ errorBody: 'message' })
    const init = { method: 'POST', headers: { 'X-API-Key': 'pk_test_paylink', 'Content-Type': 'application/json' }, body: 'not json' }
    const response = (await getResponse(mock.handlers, new Request('https://api.paylink.test/pub/v1/links', init)))!
    expect([response.status, await response.json()]).toEqual([400, { message: 'The body must be a JSON object' }])
  })

  it("escapes the message in the html shape, so the page's text is the message", async () => {
    const error = await fail(getLink(handlersClient(createMockApi({ errorBody: 'html' })), '<b>&"'))
    expect(error).toMatchObject({ status: 404, body: expect.stringContaining('<p>No link with code &#60;b&#62;&#38;&#34;</p>') })
  })

  it('keeps a gateway page (html502) and a malformed JSON body as they are, in any shape', async () => {
    const mock = createMockApi({ errorBody: 'message' })
    mock.inject('getLink', { html502: true })
    expect(await fail(getLink(handlersClient(mock), MOCK_LINKS.demo))).toMatchObject({ status: 502, shortMessage: 'The API answered HTTP 502 with an HTML page (502 Bad Gateway)' })
    mock.inject('getLink', { malformedJson: true, status: 500 })
    expect(await fail(getLink(handlersClient(mock), MOCK_LINKS.demo))).toMatchObject({ status: 500, body: '{"code": "demo", "creatorId":' })
  })

  it('refuses an unknown shape with a PayLinkConfigError', () => {
    expect(() => createMockApi({ errorBody: 'xml' as MockErrorBody })).toThrow(PayLinkConfigError)
    expect(() => createMockApi().inject('getLink', { errorBody: 'Message' as MockErrorBody })).toThrow(/Unknown mock error body "Message"/)
    expect(() => createMockApi({ errorBody: 'xml' as MockErrorBody })).toThrow('Known: contract, error-string, message, empty, text, html')
  })
})

describe("each route's own error answers", () => {
  const mock = createMockApi()
  afterEach(() => mock.reset())
  const answer = async (method: 'GET' | 'POST', path: string, body?: string) => {
    const init = { method, headers: { 'X-API-Key': 'pk_test_paylink', 'Content-Type': 'application/json' }, ...(body !== undefined && { body }) }
    const response = (await getResponse(mock.handlers, new Request(`https://api.paylink.test/pub/v1${path}`, init)))!
    return { status: response.status, body: await response.json() }
  }
  const fees = (query: string) => answer('GET', `/fees/estimate?${query}`)

  // What a developer reads in the error they log: the contract's code for the status, and what was wrong.
  it.each([
    ['GET', '/links/nope', undefined, 404, 'not_found', 'No link with code nope'],
    ['GET', '/payments/pay_nope', undefined, 404, 'not_found', 'No payment with id pay_nope'],
    ['GET', '/bridge/status/tr_nope', undefined, 404, 'not_found', 'No transfer with id tr_nope'],
    ['POST', '/payments/verify', '{"code":"nope"}', 404, 'not_found', 'No link with code nope'],
    ['POST', '/attention/token', '{"code":"nope"}', 404, 'not_found', 'No link with code nope'],
    ['POST', '/payments/verify', '{}', 422, 'invalid_request', 'The body must name a link'],
    // A body of blanks is no body, as a JSON parser reads it: the gate then asks for the link.
    ['POST', '/payments/verify', ' \n', 422, 'invalid_request', 'The body must name a link'],
    ['POST', '/attention/token', '{"code":5}', 422, 'invalid_request', 'The token request is invalid'],
    ['POST', '/links', '{}', 422, 'invalid_request', 'The link is invalid'],
    ['POST', '/links', undefined, 400, 'invalid_request', 'The body must be a JSON object'],
    ['GET', '/fees/estimate', undefined, 422, 'invalid_request', 'The fee request is invalid'],
  ] as const)('%s %s %s answers %i %s: %s', async (method, path, body, status, code, message) => {
    expect(await answer(method, path, body)).toEqual({ status, body: { error: expect.objectContaining({ code, message, requestId: expect.stringMatching(/^req_/) }) } })
  })

  it('names the assets it quotes, and the route it has no bridge for, in either direction', async () => {
    const details = async (query: string) => (await fees(query)).body.error.details
    expect(await details('sourceChain=solana&destinationChain=base&asset=DOGE&amount=1')).toEqual([{ path: 'asset', message: 'expected one of USDC, USDT' }])
    // A chain the route table has on one side only is no route to the other side's chain.
    expect(await details('sourceChain=ethereum&destinationChain=solana&asset=USDC&amount=1')).toEqual([
      { path: 'destinationChain', message: 'no bridge route from ethereum to solana' },
    ])
    expect((await fees('sourceChain=base&destinationChain=solana&asset=USDC&amount=1')).status).toBe(200)
  })
})
