import { createPayLinkClient, getLink, PayLinkConfigError } from '../../src/client.js'
import { linkFixture } from './helpers.js'

describe('a baseUrl that cannot work', () => {
  // `<PayLinkProvider baseUrl={process.env.PAYLINK_URL}>` with the variable unset.
  it.each([undefined, null, 42])('(%j) is a PayLinkConfigError that names it', (baseUrl) => {
    const make = () => createPayLinkClient({ baseUrl: baseUrl as unknown as string })

    expect(make).toThrow(PayLinkConfigError)
    expect(make).toThrow(`got ${baseUrl}`)
  })

  // The client appends `/pub/v1/links/…`, which would land in the query or the fragment: every
  // call would go to the same path.
  // The query or fragment is not quoted: it may be a key (`?key=sk_live_…`), and the error lands in logs.
  it.each([
    ['https://api.paylink.test?env=sandbox', 'a value with @, ? or # (not quoted: it may hold a secret)'],
    ['https://api.paylink.test/#v1', 'a value with @, ? or # (not quoted: it may hold a secret)'],
    ['https://api.paylink.test/pub/v1?key=sk_live_secret', 'a value with @, ? or # (not quoted: it may hold a secret)'],
    ['/api/paylink?x=1', 'a value with @, ? or # (not quoted: it may hold a secret)'],
  ])(
    'with a query or a fragment (%s) is a PayLinkConfigError that names it without them',
    (baseUrl, shown) => {
      const make = () => createPayLinkClient({ baseUrl })

      expect(make).toThrow(PayLinkConfigError)
      expect(make).toThrow('no ? or #')
      expect(make).toThrow(`got ${shown}`)
    },
  )
})

describe('a baseUrl that reads as a path but leaves the origin', () => {
  // A URL reads `//host` and `/\host` alike as another host: the API calls would go to it.
  it.each(['//api.other.test/paylink', '/\\api.other.test/paylink'])('(%s) is a PayLinkConfigError, nothing sent', (baseUrl) => {
    const sent = vi.fn<typeof fetch>()
    expect(() => createPayLinkClient({ baseUrl, fetch: sent })).toThrow(PayLinkConfigError)
    expect(sent).not.toHaveBeenCalled()
  })

  it('a same-origin path is taken as it is', () => {
    expect(createPayLinkClient({ baseUrl: '/api/paylink' }).baseUrl).toBe('/api/paylink/pub/v1')
  })

  // An app whose own origin serves /pub/v1 (a rewrite to the API): '/' is a same-origin path, and
  // the calls go to /pub/v1 on it, never to `//pub/v1` (the host "pub").
  it("'/' is the page's own origin", async () => {
    vi.stubGlobal('location', new URL('https://shop.test/checkout'))
    onTestFinished(() => {
      vi.unstubAllGlobals()
    })
    const sent = vi.fn<typeof fetch>(async () => Response.json(linkFixture))
    const client = createPayLinkClient({ baseUrl: '/', fetch: sent })

    await getLink(client, 'lnk_abc123')

    expect(client.baseUrl).toBe('/pub/v1')
    expect(String(sent.mock.calls[0]![0])).toBe('/pub/v1/links/lnk_abc123')
  })

  // An environment variable set but empty is a mistake, not the page's origin.
  it('an empty baseUrl is a PayLinkConfigError', () => {
    expect(() => createPayLinkClient({ baseUrl: '' })).toThrow(PayLinkConfigError)
  })
})

describe('a baseUrl with credentials in it (a staging API behind basic auth)', () => {
  // fetch refuses such a URL on every request, in a TypeError that quotes it, password included:
  // each call read as "could not reach the server", was retried, and carried the password in its cause.
  it.each([
    'https://ana:s3cret-pass@api.paylink.test',
    'https://ana@api.paylink.test/v2',
    'http://:s3cret-pass@127.0.0.1:8080',
    // The URL parser refuses it, and the part before the slash is the password still.
    'https://ana:s3cret-pass/x@api.paylink.test',
  ])(
    '(%s) is a PayLinkConfigError at creation that does not quote the password',
    (baseUrl) => {
      const sent = vi.fn<typeof fetch>()
      let error: unknown
      try {
        createPayLinkClient({ baseUrl, fetch: sent })
      } catch (thrown) {
        error = thrown
      }

      expect(error).toBeInstanceOf(PayLinkConfigError)
      expect(String((error as Error).message)).not.toContain('s3cret-pass')
      expect(sent).not.toHaveBeenCalled()
    },
  )

  // From plain JavaScript, `new URL(process.env.PAYLINK_API_URL)`: quoted, it would read as its href.
  it('given as a URL object, with a password or a key in the query, is refused without quoting either', () => {
    for (const baseUrl of [new URL('https://ana:s3cret-pass@api.paylink.test'), new URL('https://api.paylink.test/pub/v1?key=s3cret-pass')]) {
      const make = () => createPayLinkClient({ baseUrl: baseUrl as unknown as string })
      expect(make).toThrow(PayLinkConfigError)
      expect(make).toThrow('got a value with @, ? or # (not quoted: it may hold a secret)')
      expect(make).not.toThrow('s3cret-pass')
    }
  })

  it('an @ in the path is no credential: the client is made', () => {
    expect(createPayLinkClient({ baseUrl: 'https://api.paylink.test/@team' }).baseUrl).toBe('https://api.paylink.test/@team/pub/v1')
  })
})

describe('a header fetch cannot send', () => {
  // fetch refuses these before sending: each request would fail as "could not reach the server",
  // be retried, and keep a payment's polling going for a request that can never leave.
  it.each([
    ['a value past Latin-1 (an emoji)', { headers: { 'X-User': 'Ana 👋' } }],
    ['a value with a line break', { headers: { 'X-Tenant': 'a\nb' } }],
    ['a name with a space', { headers: { 'X Tenant': 'a' } }],
    ['a key pasted with a curly quote', { apiKey: 'sk_live_abc’' }],
  ])('(%s) is a PayLinkConfigError at creation, which does not quote the value', (_, options) => {
    const make = () => createPayLinkClient({ baseUrl: 'https://api.paylink.test', ...options })

    expect(make).toThrow(PayLinkConfigError)
    expect(make).toThrow('headers and apiKey must be valid HTTP headers')
    try {
      make()
    } catch (error) {
      // The key or a header's secret must not reach a log through the error.
      expect(JSON.stringify(error) + String(error) + String((error as Error).cause)).not.toMatch(/👋|a\nb|a\\nb|sk_live/)
    }
  })

  it('Latin-1 values, which fetch sends, are taken', () => {
    expect(() => createPayLinkClient({ baseUrl: 'https://api.paylink.test', headers: { 'X-User': 'José Ñandú' } })).not.toThrow()
  })
})

describe('timeoutMs', () => {
  // `timeoutMs: 0` read as "no limit", or a setting read from the environment that is no number:
  // every request would time out at once, or never be limited by what was meant.
  it.each([0, -1, Number.NaN, 'soon'])('(%j) that is not a positive number is a PayLinkConfigError at creation, nothing sent', (timeoutMs) => {
    const sent = vi.fn<typeof fetch>()
    const make = () => createPayLinkClient({ baseUrl: 'https://api.paylink.test', fetch: sent, timeoutMs: timeoutMs as number })

    expect(make).toThrow(PayLinkConfigError)
    expect(make).toThrow('timeoutMs must be a positive number')
    expect(sent).not.toHaveBeenCalled()
  })

  it('left out is 15 s', () => {
    expect(createPayLinkClient({ baseUrl: 'https://api.paylink.test' }).timeoutMs).toBe(15_000)
  })
})

describe('a baseUrl that names the API root itself', () => {
  // Pasted from the API's documentation: `/pub/v1` is not added a second time.
  it.each(['https://api.paylink.test/pub/v1', 'https://api.paylink.test/pub/v1/', '/api/paylink/pub/v1'])('(%s) is taken as the root', (baseUrl) => {
    expect(createPayLinkClient({ baseUrl }).baseUrl).toBe(baseUrl.replace(/\/$/, ''))
  })

  // `${process.env.API_URL}/` with a variable that already ends in a slash: an empty path segment
  // (`//pub/v1`, `/pub/v1//pub/v1`) would send every call to a path the API does not serve.
  it.each([
    ['https://api.paylink.test//', 'https://api.paylink.test/pub/v1'],
    ['https://api.paylink.test/pub/v1//', 'https://api.paylink.test/pub/v1'],
    ['/api/paylink///', '/api/paylink/pub/v1'],
  ])('(%s) with several trailing slashes is the root %s', (baseUrl, root) => {
    expect(createPayLinkClient({ baseUrl }).baseUrl).toBe(root)
  })
})

describe('a retry policy', () => {
  const make = (retry: unknown) => () => createPayLinkClient({ baseUrl: 'https://api.paylink.test', retry: retry as { attempts: number } })

  // From JavaScript, or a spread of an app's own settings, where no type checks the key: the default
  // (3 attempts) would stay in force with nothing said.
  it('with a misspelt option is a PayLinkConfigError that names it and the options there are', () => {
    expect(make({ attempt: 5 })).toThrow(PayLinkConfigError)
    expect(make({ attempt: 5 })).toThrow('retry.attempt is not a retry option (attempts, baseDelayMs, maxDelayMs, maxRetryAfterMs)')
  })

  it('with a negative delay is a PayLinkConfigError that names it', () => {
    expect(make({ baseDelayMs: -1 })).toThrow('retry.baseDelayMs must be a number of at least 0')
  })

  it('keeps the defaults for the options left out or undefined', () => {
    expect(createPayLinkClient({ baseUrl: 'https://api.paylink.test', retry: { attempts: 5, maxDelayMs: undefined } }).retry).toEqual({
      attempts: 5,
      baseDelayMs: 300,
      maxDelayMs: 5_000,
      maxRetryAfterMs: 60_000,
    })
  })
})
