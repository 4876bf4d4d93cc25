import { http, HttpResponse } from 'msw'
import { createLink, getLink, PayLinkError, PayLinkHttpError, PayLinkValidationError, PayLinkX402Error, verifyPayment } from '../../src/client.js'
import { API, makeClient, rejectionOf, useMswServer } from './helpers.js'
import { inTimeZone } from '../timeZone.js'

const { server } = useMswServer()

afterEach(() => vi.useRealTimers())

// No retries here: retry.test.ts covers them, and these tests look at one answer each.
const client = () => makeClient({ retry: false })

async function httpErrorOf(promise: Promise<unknown>): Promise<PayLinkHttpError> {
  const error = await rejectionOf(promise)
  expect(error).toBeInstanceOf(PayLinkHttpError)
  return error as PayLinkHttpError
}

function answerGetLink(response: () => Response) {
  server.use(http.get(`${API}/links/:code`, response))
}

describe('error bodies', () => {
  it('reads the contract shape {error:{code,message,requestId,details}}', async () => {
    const body = {
      error: { code: 'not_found', message: 'No link with code lnk_x', requestId: 'req_body', details: { code: 'lnk_x' } },
    }
    answerGetLink(() => HttpResponse.json(body, { status: 404, headers: { 'X-Request-Id': 'req_header' } }))

    const error = await httpErrorOf(getLink(client(), 'lnk_x'))

    expect(error).toBeInstanceOf(PayLinkError)
    expect(error.name).toBe('PayLinkHttpError')
    expect(error.endpoint).toBe('getLink')
    expect(error.status).toBe(404)
    expect(error.code).toBe('not_found')
    expect(error.shortMessage).toBe('No link with code lnk_x')
    // What a log shows: the API's sentence, then which call got which status and code.
    expect(error.message).toBe('No link with code lnk_x\n\nDetails: getLink: HTTP 404 not_found')
    expect(error.requestId).toBe('req_body')
    expect(error.details).toEqual({ code: 'lnk_x' })
    expect(error.body).toEqual(body)
  })

  it('reads {error:"text"}, taking the code from the status and the request id from X-Request-Id', async () => {
    answerGetLink(() => HttpResponse.json({ error: 'Invalid API key' }, { status: 401, headers: { 'X-Request-Id': 'req_1' } }))

    const error = await httpErrorOf(getLink(client(), 'lnk_x'))

    expect(error).toMatchObject({ status: 401, code: 'unauthorized', shortMessage: 'Invalid API key', requestId: 'req_1' })
    expect(error.body).toEqual({ error: 'Invalid API key' })
  })

  it('reads {message:"text"}', async () => {
    answerGetLink(() => HttpResponse.json({ message: 'Forbidden for this key' }, { status: 403 }))

    const error = await httpErrorOf(getLink(client(), 'lnk_x'))

    expect(error).toMatchObject({ status: 403, code: 'forbidden', shortMessage: 'Forbidden for this key', requestId: undefined })
  })

  // Spring Boot's and NestJS's default error bodies: `error` is the status's reason phrase, `message`
  // says what went wrong.
  it.each([
    ['Spring Boot', { timestamp: '2026-01-05T10:00:00.000+00:00', status: 404, error: 'Not Found', message: 'No link with code lnk_x', path: '/pub/v1/links/lnk_x' }],
    ['NestJS', { statusCode: 404, message: 'No link with code lnk_x', error: 'Not Found' }],
  ])('reads the message of a %s body that has both a text error and a text message', async (_, body) => {
    answerGetLink(() => HttpResponse.json(body, { status: 404 }))

    const error = await httpErrorOf(getLink(client(), 'lnk_x'))

    expect(error).toMatchObject({ status: 404, code: 'not_found', shortMessage: 'No link with code lnk_x', body })
  })

  it('copes with an empty body', async () => {
    answerGetLink(() => new HttpResponse(null, { status: 404, headers: { 'X-Request-Id': 'req_2' } }))

    const error = await httpErrorOf(getLink(client(), 'lnk_x'))

    expect(error).toMatchObject({ status: 404, code: 'not_found', requestId: 'req_2', body: undefined })
    expect(error.shortMessage).toBe('The API answered HTTP 404')
  })

  it('copes with a gateway HTML page', async () => {
    const page = '<!DOCTYPE html><html><head><title>502 Bad Gateway</title></head><body><h1>Bad Gateway</h1></body></html>'
    answerGetLink(() => HttpResponse.html(page, { status: 502, headers: { 'X-Request-Id': 'gw_1' } }))

    const error = await httpErrorOf(getLink(client(), 'lnk_x'))

    expect(error).toMatchObject({ status: 502, code: 'server_error', requestId: 'gw_1', body: page })
    expect(error.shortMessage).toBe('The API answered HTTP 502 with an HTML page (502 Bad Gateway)')
  })

  // A proxy's page, its title with attributes and padding; another with no title: the message names the page either way.
  it('names a gateway page by its trimmed title, and as a page when it has none', async () => {
    answerGetLink(() => HttpResponse.html('<html><title lang="en">\n  Service Unavailable  \n</title></html>', { status: 503 }))
    expect((await httpErrorOf(getLink(client(), 'lnk_x'))).shortMessage).toBe('The API answered HTTP 503 with an HTML page (Service Unavailable)')

    answerGetLink(() => HttpResponse.html('<html><body>down</body></html>', { status: 503 }))
    expect((await httpErrorOf(getLink(client(), 'lnk_x'))).shortMessage).toBe('The API answered HTTP 503 with an HTML page')
  })

  it('keeps a body that is a bare JSON value (a number, a string) as text, and calls a text that only mentions <html> no page', async () => {
    answerGetLink(() => HttpResponse.text('42', { status: 500 }))
    expect(await httpErrorOf(getLink(client(), 'lnk_x'))).toMatchObject({ body: '42', shortMessage: 'The API answered HTTP 500' })

    answerGetLink(() => HttpResponse.text('"gone"', { status: 500 }))
    expect((await httpErrorOf(getLink(client(), 'lnk_x'))).body).toBe('"gone"')

    answerGetLink(() => HttpResponse.text('proxy error: upstream sent <html> where JSON was expected', { status: 502 }))
    expect((await httpErrorOf(getLink(client(), 'lnk_x'))).shortMessage).toBe('The API answered HTTP 502')
  })

  it('keeps the first 4 KiB of a long text body', async () => {
    answerGetLink(() => HttpResponse.text('x'.repeat(10_000), { status: 503 }))

    expect((await httpErrorOf(getLink(client(), 'lnk_x'))).body).toBe('x'.repeat(4_096))
  })

  it('copes with plain text', async () => {
    answerGetLink(() => HttpResponse.text('upstream connect error', { status: 503 }))

    const error = await httpErrorOf(getLink(client(), 'lnk_x'))

    expect(error).toMatchObject({ status: 503, code: 'server_error', body: 'upstream connect error' })
  })
})

describe('statuses', () => {
  it('401 is unauthorized', async () => {
    answerGetLink(() =>
      HttpResponse.json({ error: { code: 'unauthorized', message: 'Missing X-API-Key' } }, { status: 401 }),
    )

    await expect(getLink(client(), 'lnk_x')).rejects.toMatchObject({ status: 401, code: 'unauthorized' })
  })

  it('404 is not_found', async () => {
    answerGetLink(() => HttpResponse.json({ error: { code: 'not_found', message: 'No such link' } }, { status: 404 }))

    await expect(getLink(client(), 'lnk_x')).rejects.toMatchObject({ status: 404, code: 'not_found' })
  })

  it('422 carries the details naming the fields', async () => {
    const details = { fields: [{ path: 'chainType', message: 'unsupported chain' }] }
    server.use(
      http.post(`${API}/links`, () =>
        HttpResponse.json({ error: { code: 'invalid_request', message: 'Invalid link', details } }, { status: 422 }),
      ),
    )

    const error = await httpErrorOf(
      createLink(client(), { creatorId: 'c', chainType: 'dogechain', model: 'payment', splits: { creator: 10000, platform: 0 } }),
    )

    expect(error).toMatchObject({ status: 422, code: 'invalid_request', endpoint: 'createLink' })
    expect(error.details).toEqual(details)
  })

  it('429 carries Retry-After in seconds', async () => {
    answerGetLink(() =>
      HttpResponse.json({ error: { code: 'rate_limited', message: 'Slow down' } }, { status: 429, headers: { 'Retry-After': '30' } }),
    )

    await expect(getLink(client(), 'lnk_x')).rejects.toMatchObject({ status: 429, code: 'rate_limited', retryAfterSeconds: 30 })
  })

  it('429 carries Retry-After given as an HTTP date, as seconds from now', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date('2026-03-01T12:00:00Z'))
    answerGetLink(() => new HttpResponse(null, { status: 429, headers: { 'Retry-After': 'Sun, 01 Mar 2026 12:00:30 GMT' } }))

    const error = getLink(client(), 'lnk_x')

    await expect(error).rejects.toMatchObject({ status: 429, code: 'rate_limited', retryAfterSeconds: 30 })
  })

  // A phone whose clock is an hour off: measured on its own clock, the server's "in 30 s" read as
  // an hour and a half (a retry button disabled that long) or as long past (retried at once).
  it.each([
    ['an hour slow', '2026-03-01T11:00:00Z'],
    ['an hour fast', '2026-03-01T13:00:00Z'],
  ])('an HTTP-date Retry-After is counted from the answer\'s Date, on a device clock %s', async (_, deviceNow) => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date(deviceNow))
    answerGetLink(
      () =>
        new HttpResponse(null, {
          status: 429,
          headers: { Date: 'Sun, 01 Mar 2026 12:00:00 GMT', 'Retry-After': 'Sun, 01 Mar 2026 12:00:30 GMT' },
        }),
    )

    await expect(getLink(client(), 'lnk_x')).rejects.toMatchObject({ status: 429, retryAfterSeconds: 30 })
  })

  // A cached answer's Date is the server's, its Age how long it has been kept since: the server's
  // now is their sum. Counted from the device's clock (no Date), the Age is already behind it.
  it.each([
    ['seconds', { 'Retry-After': '30', Age: '20' }, 10],
    ['an HTTP date, with the Date', { Date: 'Sun, 01 Mar 2026 12:00:00 GMT', 'Retry-After': 'Sun, 01 Mar 2026 12:00:30 GMT', Age: '20' }, 10],
    ['an HTTP date, without a Date', { 'Retry-After': 'Sun, 01 Mar 2026 12:00:30 GMT', Age: '20' }, 30],
    ['seconds, with an Age past them', { 'Retry-After': '30', Age: '45' }, 0],
    ['seconds, with an Age that is not whole seconds', { 'Retry-After': '30', Age: '-20' }, 30],
  ])('a cached 429 with Retry-After as %s gives what is left of the wait', async (_, headers, seconds) => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date('2026-03-01T12:00:00Z'))
    answerGetLink(() => new HttpResponse(null, { status: 429, headers }))

    await expect(getLink(client(), 'lnk_x')).rejects.toMatchObject({ status: 429, retryAfterSeconds: seconds })
  })

  // RFC 9110 5.6.7: a recipient takes all three HTTP-date formats, and all three are GMT, asctime's
  // too, though it does not say so: the device's zone must not move it.
  it.each([
    ['an IMF-fixdate', 'Sun, 01 Mar 2026 12:00:30 GMT'],
    ['an RFC 850', 'Sunday, 01-Mar-26 12:00:30 GMT'],
    ['an asctime (no zone written)', 'Sun Mar  1 12:00:30 2026'],
  ])('429 carries Retry-After as %s date, as seconds from now in every time zone', async (_, retryAfter) => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date('2026-03-01T12:00:00Z'))
    answerGetLink(() => new HttpResponse(null, { status: 429, headers: { 'Retry-After': retryAfter } }))
    for (const zone of ['UTC', 'America/New_York', 'Europe/Berlin', 'Asia/Tokyo']) {
      await inTimeZone(zone, async () => {
        await expect(getLink(client(), 'lnk_x'), zone).rejects.toMatchObject({ status: 429, retryAfterSeconds: 30 })
      })
    }
  })

  // The Date the Retry-After is counted from is GMT in each format too: an asctime Date read in the
  // device's zone put "in 30 s" nine hours away in Tokyo, or long past in New York (0 s).
  it.each([
    ['an IMF-fixdate', 'Sun, 01 Mar 2026 12:00:00 GMT', 'Sun, 01 Mar 2026 12:00:30 GMT'],
    ['an RFC 850', 'Sunday, 01-Mar-26 12:00:00 GMT', 'Sunday, 01-Mar-26 12:00:30 GMT'],
    ['an asctime (no zone written)', 'Sun Mar  1 12:00:00 2026', 'Sun Mar  1 12:00:30 2026'],
  ])('a Retry-After and a Date both as %s date, on a device clock an hour slow, is counted from the Date in every time zone', async (_, date, retryAfter) => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date('2026-03-01T11:00:00Z'))
    answerGetLink(() => new HttpResponse(null, { status: 429, headers: { Date: date, 'Retry-After': retryAfter } }))
    for (const zone of ['UTC', 'America/New_York', 'Europe/Berlin', 'Asia/Tokyo']) {
      await inTimeZone(zone, async () => {
        await expect(getLink(client(), 'lnk_x'), zone).rejects.toMatchObject({ status: 429, retryAfterSeconds: 30 })
      })
    }
  })

  it('a Retry-After of years, or too long to be a number, is read as a day', async () => {
    for (const retryAfter of ['9'.repeat(400), '1000000000000', 'Fri, 01 Jan 2100 00:00:00 GMT']) {
      answerGetLink(() => new HttpResponse(null, { status: 429, headers: { 'Retry-After': retryAfter } }))
      await expect(getLink(client(), 'lnk_x')).rejects.toMatchObject({ status: 429, retryAfterSeconds: 86_400 })
    }
  })

  it('a 4xx the contract does not list keeps its status in its code, not server_error', async () => {
    answerGetLink(() => new HttpResponse(null, { status: 405 }))

    expect(await httpErrorOf(getLink(client(), 'lnk_x'))).toMatchObject({ status: 405, code: 'http_405' })
  })

  it('500 is a server_error', async () => {
    answerGetLink(() => new HttpResponse(null, { status: 500 }))

    await expect(getLink(client(), 'lnk_x')).rejects.toMatchObject({ status: 500, code: 'server_error' })
  })

  it('a 402 outside the payment path is an error, not a payment step', async () => {
    answerGetLink(() => HttpResponse.json({ x402Version: 1, accepts: [] }, { status: 402 }))

    await expect(getLink(client(), 'lnk_x')).rejects.toMatchObject({ name: 'PayLinkHttpError', status: 402 })
  })

  it('a non-402 error on the payment path is an error', async () => {
    server.use(
      http.post(`${API}/payments/verify`, () =>
        HttpResponse.json({ error: { code: 'not_found', message: 'No such link' } }, { status: 404 }),
      ),
    )

    await expect(verifyPayment(client(), { code: 'lnk_x' })).rejects.toMatchObject({
      name: 'PayLinkHttpError',
      endpoint: 'verifyPayment',
      status: 404,
    })
  })

  it('a 402 with neither a v2 header nor a JSON body is an x402 error, not a payment step', async () => {
    server.use(http.post(`${API}/payments/verify`, () => HttpResponse.text('Payment Required', { status: 402 })))

    const error = await rejectionOf(verifyPayment(client(), { code: 'lnk_x' }))

    expect(error).toBeInstanceOf(PayLinkX402Error)
  })
})

describe('an error the app makes itself', () => {
  // An app's own form check, or a test double, that reuses the class for the same handling: no
  // endpoint of ours failed, and none is named.
  it('a PayLinkValidationError without an endpoint names none in its message', () => {
    const error = new PayLinkValidationError({ source: 'input', issues: [{ path: 'amount', message: 'expected a decimal' }] })

    expect(error.shortMessage).toBe('invalid input')
    expect(error.message).toBe('invalid input\n\nDetails: amount: expected a decimal')
    expect(error.endpoint).toBeUndefined()
  })
})
