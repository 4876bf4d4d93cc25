import { createPayLinkClient, PayLinkConfigError } from '../../src/client.js'

describe('a baseUrl that cannot work', () => {
  // `<PayLinkProvider baseUrl={process.env.PAYLINK_URL}>` with the variable unset.
  it.each([undefined, null, 42])('(%j) is a PayLinkConfigError that names it', (baseUrl) => {
    const make = () => createPayLinkClient({ baseUrl: baseUrl as unknown as string })

    expect(make).toThrow(PayLinkConfigError)
    expect(make).toThrow(`got ${baseUrl}`)
  })

  // The client appends `/pub/v1/links/…`, which would land in the query or the fragment: every
  // call would go to the same path.
  it.each(['https://api.paylink.test?env=sandbox', 'https://api.paylink.test/#v1', '/api/paylink?x=1'])(
    'with a query or a fragment (%s) is a PayLinkConfigError that names it',
    (baseUrl) => {
      const make = () => createPayLinkClient({ baseUrl })

      expect(make).toThrow(PayLinkConfigError)
      expect(make).toThrow('no ? or #')
      expect(make).toThrow(JSON.stringify(baseUrl))
    },
  )
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
