import { inspect } from 'node:util'
import fc from 'fast-check'
import { http, HttpResponse } from 'msw'
import {
  createPayLinkClient,
  estimateFees,
  getBridgeStatus,
  getLink,
  getPayment,
  parseErrorBody,
  PayLinkConfigError,
  PayLinkHttpError,
  PayLinkValidationError,
  verifyPayment,
} from '../../src/client.js'
import {
  API,
  API_KEY,
  BASE_URL,
  feeFixture,
  linkFixture,
  makeClient,
  paymentFixture,
  paymentPayloadV2,
  rejectionOf,
  transferFixture,
  useMswServer,
} from './helpers.js'
import { encodeBase64Json } from '../../src/x402/base64.js'

const { server, sent } = useMswServer()

afterEach(() => vi.unstubAllGlobals())

describe('the API key in a browser', () => {
  beforeEach(() => vi.stubGlobal('document', {}))

  it('is refused, and the error says to use a server-side proxy', () => {
    let error: unknown
    try {
      createPayLinkClient({ baseUrl: BASE_URL, apiKey: API_KEY })
    } catch (thrown) {
      error = thrown
    }

    expect(error).toBeInstanceOf(PayLinkConfigError)
    // The sentence an app shows a developer: what is wrong, before the details of what to do.
    expect((error as PayLinkConfigError).shortMessage).toBe('An API key must not be shipped to a browser')
    expect((error as Error).message).toMatch(/server-side proxy/)
    expect((error as Error).message).not.toContain(API_KEY)
  })

  it('is refused in a browser worker (a Web Worker, a Service Worker), which has no document', () => {
    vi.stubGlobal('document', undefined)
    // What every browser worker has and Node, Deno, Bun and Cloudflare's workerd have not.
    vi.stubGlobal('importScripts', () => {})
    expect(() => createPayLinkClient({ baseUrl: BASE_URL, apiKey: API_KEY })).toThrow('An API key must not be shipped to a browser')
  })

  it('is refused in React Native, which has neither a document nor importScripts, yet ships its bundle to every user', () => {
    vi.stubGlobal('document', undefined)
    // What React Native sets, and no server runtime (Node, Deno, Bun, workerd) does.
    vi.stubGlobal('navigator', { product: 'ReactNative' })
    expect(() => createPayLinkClient({ baseUrl: BASE_URL, apiKey: API_KEY })).toThrow(PayLinkConfigError)
    expect(() => createPayLinkClient({ baseUrl: BASE_URL, headers: { 'X-API-Key': API_KEY } })).toThrow('An API key must not be shipped to a browser')
    expect(() => createPayLinkClient({ baseUrl: BASE_URL, apiKey: API_KEY, dangerouslyAllowApiKeyInBrowser: true })).not.toThrow()
  })

  it('is refused when passed as an X-API-Key header too', () => {
    expect(() => createPayLinkClient({ baseUrl: BASE_URL, headers: { 'x-api-key': API_KEY } })).toThrow(PayLinkConfigError)
  })

  it('is allowed with dangerouslyAllowApiKeyInBrowser, and sent', async () => {
    server.use(http.get(`${API}/links/:code`, () => HttpResponse.json(linkFixture)))
    const client = createPayLinkClient({ baseUrl: BASE_URL, apiKey: API_KEY, dangerouslyAllowApiKeyInBrowser: true })

    await getLink(client, 'lnk_abc123')

    expect(sent[0]!.headers.get('x-api-key')).toBe(API_KEY)
  })

  it('is not needed behind a same-origin proxy path: no X-API-Key is sent', async () => {
    vi.stubGlobal('location', new URL('https://shop.example/checkout'))
    const fetch = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => Response.json(linkFixture))
    const client = createPayLinkClient({ baseUrl: '/api/paylink/', fetch })

    await expect(getLink(client, 'lnk_abc123')).resolves.toEqual(linkFixture)

    expect(fetch).toHaveBeenCalledTimes(1)
    const [url, init] = fetch.mock.calls[0]!
    expect(url).toBe('/api/paylink/pub/v1/links/lnk_abc123')
    expect(new Headers(init?.headers).has('x-api-key')).toBe(false)
  })
})

describe('on a server', () => {
  it('accepts the key where there is no document', () => {
    expect(() => makeClient()).not.toThrow()
  })

  it('accepts the key where a navigator is not React Native\'s (Node 21+, Deno, Bun, workerd have one)', () => {
    vi.stubGlobal('navigator', { userAgent: 'Node.js/22', product: undefined })
    expect(() => makeClient()).not.toThrow()
  })

  it('refuses a path baseUrl when a request is made, sending nothing', async () => {
    const fetch = vi.fn(async () => Response.json(linkFixture))
    const client = createPayLinkClient({ baseUrl: '/api/paylink', fetch })

    const error = await rejectionOf(getLink(client, 'lnk_abc123'))
    expect(error).toBeInstanceOf(PayLinkConfigError)
    expect((error as Error).message).toMatch(/^baseUrl "\/api\/paylink.*" is a path: on a server, give an absolute URL/)
    expect(fetch).not.toHaveBeenCalled()
  })
})

describe('the API key never leaks', () => {
  it('is not in JSON.stringify, inspect or the keys of the client', () => {
    const client = makeClient()

    expect(JSON.stringify(client)).not.toContain(API_KEY)
    expect(inspect(client, { showHidden: true, depth: Infinity })).not.toContain(API_KEY)
    expect(Object.values(client)).not.toContain(API_KEY)
  })

  it('is kept out of the client, and redacted, when passed as an X-API-Key header on a server', async () => {
    server.use(
      http.get(`${API}/links/:code`, ({ request }) =>
        HttpResponse.json({ error: `bad key ${request.headers.get('X-API-Key')}` }, { status: 401 }),
      ),
    )
    const client = createPayLinkClient({ baseUrl: BASE_URL, headers: { 'X-API-Key': API_KEY } })

    const error = await rejectionOf(getLink(client, 'lnk_abc123'))

    expect(sent[0]!.headers.get('x-api-key')).toBe(API_KEY)
    expect(JSON.stringify(client)).not.toContain(API_KEY)
    expect(error).toBeInstanceOf(PayLinkHttpError)
    expect((error as Error).message).not.toContain(API_KEY)
    expect(JSON.stringify((error as PayLinkHttpError).body)).not.toContain(API_KEY)
  })

  it.each([
    [
      'a JSON error that echoes it',
      () =>
        HttpResponse.json(
          { error: { code: 'unauthorized', message: `Key ${API_KEY} is revoked`, details: { key: API_KEY } } },
          { status: 401 },
        ),
    ],
    ['{error:"text"} that echoes it', () => HttpResponse.json({ error: `bad key ${API_KEY}` }, { status: 403 })],
    [
      'an HTML page that echoes it',
      () => HttpResponse.html(`<html><head><title>Denied ${API_KEY}</title></head><body>${API_KEY}</body></html>`, { status: 403 }),
    ],
    ['plain text that echoes it', () => HttpResponse.text(`X-API-Key: ${API_KEY}`, { status: 500 })],
  ])('is redacted from an error built from %s', async (_name, answer) => {
    server.use(http.get(`${API}/links/:code`, answer))

    const error = await rejectionOf(getLink(makeClient({ retry: false }), 'lnk_abc123'))

    expect(error).toBeInstanceOf(PayLinkHttpError)
    const e = error as PayLinkHttpError
    const all = [e.message, e.shortMessage, JSON.stringify(e.body), JSON.stringify(e.details ?? null), inspect(e, { depth: Infinity })]
    for (const text of all) {
      expect(text).not.toContain(API_KEY)
    }
    expect(JSON.stringify(e.body)).toContain('[redacted]')
  })

  // A key read from a secrets file or an .env keeps its newline; Headers sends it without.
  it.each([`${API_KEY}\n`, ` ${API_KEY}\r\n`])('given with whitespace around it (%j), is sent and redacted without it', async (apiKey) => {
    server.use(http.get(`${API}/links/:code`, ({ request }) => HttpResponse.json({ error: { code: 'forbidden', message: `Key ${request.headers.get('x-api-key')} is revoked` } }, { status: 403 })))

    const error = await rejectionOf(getLink(makeClient({ apiKey, retry: false }), 'lnk_abc123'))

    expect(sent[0]!.headers.get('x-api-key')).toBe(API_KEY)
    expect(error).toBeInstanceOf(PayLinkHttpError)
    const e = error as PayLinkHttpError
    for (const text of [e.message, JSON.stringify(e.body), inspect(e, { depth: Infinity })]) expect(text).not.toContain(API_KEY)
    expect(e.message).toContain('Key [redacted] is revoked')
  })

  it.each([`oops ${API_KEY}`, API_KEY])('is redacted from a 2xx that is not JSON: %s', async (text) => {
    server.use(http.get(`${API}/links/:code`, () => HttpResponse.text(text)))

    const error = await rejectionOf(getLink(makeClient(), 'lnk_abc123'))

    expect(error).toBeInstanceOf(PayLinkValidationError)
    expect((error as Error).message).not.toContain(API_KEY)
    // Error reporters print the whole chain, causes included.
    expect(inspect(error, { depth: Infinity })).not.toContain(API_KEY)
  })

  it('is redacted from a 2xx that is not JSON when escaped as JSON escapes it', async () => {
    const escaped = API_KEY.replaceAll('_', '\\u005f')
    server.use(http.get(`${API}/links/:code`, () => HttpResponse.text(`Notice: x\n{"key":"${escaped}"}`)))

    const error = await rejectionOf(getLink(makeClient(), 'lnk_abc123'))

    expect(error).toBeInstanceOf(PayLinkValidationError)
    expect((error as Error).message).toContain('[redacted]')
    expect(inspect(error, { depth: Infinity })).not.toContain('7Qh2')
  })

  // A field's message may say what it expected, never what came: the value may be the key.
  it.each(['totalFee', 'estimatedTime'])('is not quoted by the error of a fee estimate whose %s echoes it', async (field) => {
    server.use(http.get(`${API}/fees/estimate`, () => HttpResponse.json({ ...feeFixture, [field]: `key ${API_KEY}` })))

    const error = await rejectionOf(estimateFees(makeClient(), { sourceChain: 'solana', destinationChain: 'base', asset: 'USDC', amount: '25' }))

    expect(error).toBeInstanceOf(PayLinkValidationError)
    expect(error).toMatchObject({ source: 'response', issues: [{ path: field, message: expect.stringMatching(/^expected "</) }] })
    for (const text of [(error as Error).message, JSON.stringify(error), inspect(error, { depth: Infinity })]) expect(text).not.toContain(API_KEY)
  })

  // The proxy drops such a header; a client with the key on a server reads it itself, and loggers print requestId.
  it('is redacted from a requestId read from an X-Request-Id header that echoes it', async () => {
    server.use(http.get(`${API}/links/:code`, () => HttpResponse.json({ error: { code: 'unauthorized', message: 'no' } }, { status: 401, headers: { 'X-Request-Id': `req_${API_KEY}` } })))

    const error = await rejectionOf(getLink(makeClient({ retry: false }), 'lnk_abc123'))

    expect(error).toBeInstanceOf(PayLinkHttpError)
    expect((error as PayLinkHttpError).requestId).toBe('req_[redacted]')
    for (const text of [(error as Error).message, JSON.stringify(error), inspect(error, { depth: Infinity })]) expect(text).not.toContain(API_KEY)
  })

  it('redacts the signed payment from an error too', async () => {
    server.use(
      http.post(`${API}/payments/verify`, ({ request }) =>
        HttpResponse.json(
          { error: { code: 'server_error', message: `could not settle ${request.headers.get('PAYMENT-SIGNATURE')}` } },
          { status: 500 },
        ),
      ),
    )

    const error = await rejectionOf(verifyPayment(makeClient(), { code: 'lnk_abc123' }, { paymentHeader: paymentPayloadV2 }))

    expect(error).toBeInstanceOf(PayLinkHttpError)
    expect((error as Error).message).not.toContain(paymentPayloadV2)
    expect(JSON.stringify((error as PayLinkHttpError).body)).not.toContain(paymentPayloadV2)
  })
})

describe('a secret echoed in a JSON error body with escapes that JSON.parse undoes', () => {
  // PHP's json_encode writes `/` as `\/`; .NET's System.Text.Json writes `+` as `\u002B`.
  const escapings = [
    ['PHP', (json: string) => json.replaceAll('/', '\\/')],
    ['.NET', (json: string) => json.replaceAll('+', '\\u002B')],
  ] as const
  // Base64 of these bytes has both a `/` and a `+`, as a real signature's often does.
  const signed = encodeBase64Json({ ...JSON.parse(atob(paymentPayloadV2)), extra: '??>>>~~' })
  const keyWithSlashAndPlus = 'sk_live/7Qh2+VzK9pLm4='

  it.each(escapings)('keeps the signed payment out of the error (%s)', async (_name, escape) => {
    server.use(
      http.post(`${API}/payments/verify`, ({ request }) => {
        const echoed = request.headers.get('PAYMENT-SIGNATURE')!
        const body = { error: { code: 'invalid_request', message: `Malformed PAYMENT-SIGNATURE: ${echoed}`, details: { [echoed]: echoed } } }
        return new HttpResponse(escape(JSON.stringify(body)), { status: 400, headers: { 'content-type': 'application/json' } })
      }),
    )

    const error = await rejectionOf(verifyPayment(makeClient(), { code: 'lnk_abc123' }, { paymentHeader: signed }))

    expect(signed).toMatch(/\/.*\+|\+.*\//)
    expect(sent[0]!.headers.get('PAYMENT-SIGNATURE')).toBe(signed)
    expect(error).toBeInstanceOf(PayLinkHttpError)
    const e = error as PayLinkHttpError
    expect(e.message).toContain('Malformed PAYMENT-SIGNATURE: [redacted]')
    expect(e.details).toEqual({ '[redacted]': '[redacted]' })
    for (const text of [e.message, JSON.stringify(e.body), inspect(e, { depth: Infinity })]) {
      expect(text).not.toContain(signed)
    }
  })

  it.each(escapings)('keeps an API key with / and + out of the error (%s)', async (_name, escape) => {
    server.use(
      http.get(`${API}/links/:code`, ({ request }) => {
        const body = { error: { code: 'unauthorized', message: `Unknown key ${request.headers.get('X-API-Key')}` } }
        return new HttpResponse(escape(JSON.stringify(body)), { status: 401, headers: { 'content-type': 'application/json' } })
      }),
    )

    const error = await rejectionOf(getLink(makeClient({ apiKey: keyWithSlashAndPlus, retry: false }), 'lnk_abc123'))

    expect(error).toBeInstanceOf(PayLinkHttpError)
    const e = error as PayLinkHttpError
    expect(e.message).toContain('Unknown key [redacted]')
    for (const text of [e.message, JSON.stringify(e.body), inspect(e, { depth: Infinity })]) {
      expect(text).not.toContain(keyWithSlashAndPlus)
    }
  })

  // Bodies that are not one JSON value, so only the raw text can be redacted: PHP prints a warning
  // before the JSON it was going to send, and a log endpoint answers NDJSON.
  const notOneValue = [
    ['a PHP warning then the JSON', (json: string) => `<br />\n<b>Warning</b>:  Undefined index in /app/pay.php on line 3<br />\n${json}`],
    ['NDJSON', (json: string) => `${json}\n${json}\n`],
  ] as const
  const phpEscape = escapings[0][1]

  it.each(notOneValue)('keeps the signed payment, escaped by PHP, out of a body that is %s', async (_name, wrap) => {
    server.use(
      http.post(`${API}/payments/verify`, ({ request }) => {
        const body = { error: { code: 'invalid_request', message: `Malformed PAYMENT-SIGNATURE: ${request.headers.get('PAYMENT-SIGNATURE')}` } }
        return new HttpResponse(wrap(phpEscape(JSON.stringify(body))), { status: 400, headers: { 'content-type': 'application/json' } })
      }),
    )

    const error = await rejectionOf(verifyPayment(makeClient(), { code: 'lnk_abc123' }, { paymentHeader: signed }))

    expect(error).toBeInstanceOf(PayLinkHttpError)
    const e = error as PayLinkHttpError
    expect(e.body).toContain('Malformed PAYMENT-SIGNATURE: [redacted]')
    for (const text of [e.message, String(e.body), inspect(e, { depth: Infinity })]) {
      expect(text).not.toContain(phpEscape(signed))
      expect(text).not.toContain(signed)
    }
  })

  it.each(notOneValue)('keeps an API key with / and +, escaped by PHP, out of a body that is %s', async (_name, wrap) => {
    server.use(
      http.get(`${API}/links/:code`, ({ request }) => {
        const body = { error: { code: 'unauthorized', message: `Unknown key ${request.headers.get('X-API-Key')}` } }
        return new HttpResponse(wrap(phpEscape(JSON.stringify(body))), { status: 401, headers: { 'content-type': 'application/json' } })
      }),
    )

    const error = await rejectionOf(getLink(makeClient({ apiKey: keyWithSlashAndPlus, retry: false }), 'lnk_abc123'))

    expect(error).toBeInstanceOf(PayLinkHttpError)
    const e = error as PayLinkHttpError
    expect(e.body).toContain('Unknown key [redacted]')
    for (const text of [e.message, String(e.body), inspect(e, { depth: Infinity })]) {
      expect(text).not.toContain(phpEscape(keyWithSlashAndPlus))
      expect(text).not.toContain(keyWithSlashAndPlus)
    }
  })

  it('keeps out a secret holding any character, in each spelling JSON has for it, in a body that is one JSON value or not', () => {
    const hex = (unit: string) => unit.charCodeAt(0).toString(16).padStart(4, '0')
    const units = [...Array.from({ length: 128 }, (_, c) => String.fromCharCode(c)), '\u00e9', '\u2028', '\ud83d', '\ude00']
    for (const unit of units) {
      const key = `sk_${unit}7Qh2`
      // As JSON.stringify writes it (\", \\, \t, \u0001), as PHP writes a slash, and as \u escapes in either case.
      const spellings = [JSON.stringify(key).slice(1, -1), key.replace('/', '\\/'), `sk_\\u${hex(unit)}7Qh2`, `sk_\\u${hex(unit).toUpperCase()}7Qh2`]
      for (const spelling of spellings) {
        const json = `{"error":{"code":"unauthorized","message":"Unknown key ${spelling}"}}`
        for (const text of [json, `Warning: x\n${json}`]) {
          const parsed = JSON.stringify(parseErrorBody(401, text, [key]))
          expect(parsed, `${hex(unit)} ${spelling}`).toContain('Unknown key [redacted]')
          expect(parsed, `${hex(unit)} ${spelling}`).not.toContain('7Qh2')
        }
      }
    }
  })

  const secret = fc.oneof(fc.base64String({ minLength: 4 }), fc.stringMatching(/^[\w/+=.-]{4,40}$/))
  const words = fc.string({ unit: fc.constantFrom(...'ab /+=:.') })
  // As written, with PHP's `\/`, with .NET's `\u002B`, and with every letter, digit and sign as a \u escape.
  const escape = fc.constantFrom(
    (json: string) => json,
    (json: string) => json.replaceAll('/', '\\/'),
    (json: string) => json.replaceAll('+', '\\u002B'),
    (json: string) => json.replace(/[\w/+=]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`),
  )

  it('parseErrorBody leaves no secret in what it returns, however the JSON escapes it', () => {
    fc.assert(
      fc.property(fc.integer({ min: 400, max: 599 }), secret, words, words, escape, (s, key, before, after, encode) => {
        // A key that is part of a field name ("essa") would take the name away too.
        fc.pre(!'{"error":{"code":"","message":"","requestId":"","details":{"":[""]}}}'.includes(key))
        const echoed = before + key + after
        // Only strings: a \u escape is valid JSON inside a string, not in a number or a literal.
        const body = { error: { code: echoed, message: echoed, requestId: echoed, details: { [echoed]: [echoed] } } }
        const parsed = parseErrorBody(s, encode(JSON.stringify(body)), [undefined, key])
        expect(JSON.stringify(parsed)).not.toContain(key)
        expect(parsed.message).toContain('[redacted]')
      }),
      { numRuns: 1_000 },
    )
  })

  it('parseErrorBody leaves no secret, in any of those spellings, in a body that is not one JSON value', () => {
    fc.assert(
      fc.property(secret, words, escape, fc.constantFrom(...notOneValue), (key, before, encode, [, wrap]) => {
        // A key that is part of the warning or of "[redacted]" would be found there again.
        fc.pre(!wrap('{"error":{"message":"[redacted]"}}').includes(key))
        const parsed = parseErrorBody(500, wrap(encode(JSON.stringify({ error: { message: before + key } }))), [key])
        expect(parsed.body).toContain('[redacted]')
        expect(parsed.body).not.toContain(key)
        expect(parsed.body).not.toContain(encode(key))
      }),
      { numRuns: 1_000 },
    )
  })
})

describe('path values', () => {
  it('encodes ../admin so that it cannot change the path', async () => {
    let adminHits = 0
    server.use(
      http.get(`${API}/links/:code`, ({ params }) => HttpResponse.json({ ...linkFixture, code: params.code })),
      http.get(`${API}/admin`, () => {
        adminHits++
        return HttpResponse.json({})
      }),
    )

    const link = await getLink(makeClient(), '../admin')

    expect(sent.map((r) => r.url)).toEqual([`${API}/links/..%2Fadmin`])
    expect(adminHits).toBe(0)
    expect(link.code).toBe('../admin')
  })

  it('encodes ?, # and / in a payment id', async () => {
    server.use(http.get(`${API}/payments/:id`, ({ params }) => HttpResponse.json({ ...paymentFixture, id: params.id })))

    await getPayment(makeClient(), 'a/b?c=1#d')

    expect(sent.map((r) => r.url)).toEqual([`${API}/payments/a%2Fb%3Fc%3D1%23d`])
  })

  it('encodes a well-formed id beyond ASCII, a surrogate pair included', async () => {
    server.use(http.get(`${API}/payments/:id`, ({ params }) => HttpResponse.json({ ...paymentFixture, id: params.id })))

    await getPayment(makeClient(), 'pay_\u00e9\ud83d\ude00')

    expect(sent.map((r) => r.url)).toEqual([`${API}/payments/pay_%C3%A9%F0%9F%98%80`])
  })

  it('encodes a transfer id made of dots and a slash', async () => {
    server.use(http.get(`${API}/bridge/status/:id`, ({ params }) => HttpResponse.json({ ...transferFixture, id: params.id })))

    await getBridgeStatus(makeClient(), '../..')

    expect(sent.map((r) => r.url)).toEqual([`${API}/bridge/status/..%2F..`])
  })

  const endpoints = [
    ['getLink', 'code', (value: string) => getLink(makeClient(), value)],
    ['getPayment', 'id', (value: string) => getPayment(makeClient(), value)],
    ['getBridgeStatus', 'id', (value: string) => getBridgeStatus(makeClient(), value)],
  ] as const

  describe.each(endpoints)('%s', (endpoint, field, call) => {
    // A lone surrogate (half of a pair) cannot be encoded: encodeURIComponent throws a URIError.
    it.each([
      ['', 'must be a non-empty string'],
      ['.', 'cannot be "."'],
      ['..', 'cannot be ".."'],
      ['pay_\ud800', 'must be well-formed Unicode (it has a lone surrogate)'],
      ['\udc00', 'must be well-formed Unicode (it has a lone surrogate)'],
      // From plain JavaScript: a catch-all route's param is an array, which would be sent as `a%2Cb`.
      [['lnk_a', 'lnk_b'], 'must be a non-empty string'],
      [42, 'must be a non-empty string'],
    ])('refuses %j, saying why, and sends nothing', async (value, message) => {
      const error = await rejectionOf(call(value as string))

      expect(error).toBeInstanceOf(PayLinkValidationError)
      expect(error).toMatchObject({ endpoint, source: 'input', issues: [{ path: field, message }] })
      expect(sent).toHaveLength(0)
    })
  })
})
