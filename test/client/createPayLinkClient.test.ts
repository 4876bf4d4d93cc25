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
