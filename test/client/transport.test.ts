import { getLink, PayLinkConfigError, PayLinkValidationError, type PayLinkClient } from '../../src/client.js'
import { linkFixture, makeClient, rejectionOf, useMswServer } from './helpers.js'

const { sent } = useMswServer()

describe('the transport a client carries', () => {
  it('is attached by createPayLinkClient: a look-alike object sends nothing and gets a PayLinkConfigError', async () => {
    const real = makeClient()
    // Every public field of a real client, copied: what a serialised or spread client would be.
    const lookalike: PayLinkClient = { ...real }

    const error = await rejectionOf(getLink(lookalike, 'lnk_abc123'))

    expect(error).toBeInstanceOf(PayLinkConfigError)
    expect((error as PayLinkConfigError).message).toContain('createPayLinkClient')
    expect(sent).toHaveLength(0)
  })
})

describe('an injected fetch that does not resolve to a Response', () => {
  // A wrapper that forgets `return`, or one that returns the parsed JSON: a mistake in the app's
  // fetch, not a network failure, so it is not retried and does not say the API is unreachable.
  it.each([
    ['undefined', async () => undefined],
    ['the parsed body', async () => ({ code: 'lnk_abc123' })],
  ])('(%s) is a PayLinkConfigError, asked once', async (_, answer) => {
    const fetchFn = vi.fn(answer)
    const client = makeClient({ fetch: fetchFn as unknown as typeof fetch })

    const error = await rejectionOf(getLink(client, 'lnk_abc123'))

    expect(error).toBeInstanceOf(PayLinkConfigError)
    expect((error as PayLinkConfigError).message).toMatch(/not a Response/)
    expect(fetchFn).toHaveBeenCalledTimes(1)
  })
})

describe('what a request carries', () => {
  // A Content-Type of application/json on a GET makes a browser send a CORS preflight first, which
  // an API that allows only simple GETs refuses: the request would fail as unreachable.
  it('names no Content-Type on a GET, which has no body', async () => {
    const fetchFn = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => Response.json(linkFixture))

    await getLink(makeClient({ fetch: fetchFn }), 'lnk_abc123')

    expect(new Headers(fetchFn.mock.calls[0]![1]!.headers).has('content-type')).toBe(false)
  })
})

describe('a 2xx that is not JSON', () => {
  it('is a response PayLinkValidationError quoting only the start of the body', async () => {
    const page = `<!DOCTYPE html><html><body>${'a captive portal page '.repeat(200)}</body></html>`
    const client = makeClient({ retry: false, fetch: async () => new Response(page) })

    const error = await rejectionOf(getLink(client, 'lnk_abc123'))

    expect(error).toBeInstanceOf(PayLinkValidationError)
    expect(error).toMatchObject({ source: 'response', issues: [{ path: '', message: `expected a JSON body, got ${JSON.stringify(page.slice(0, 60))}` }] })
  })
})

describe('an abort with a reason that is not an object', () => {
  it.each([null, 0, ''])('(%j) rejects with that reason as it is', async (reason) => {
    const controller = new AbortController()
    const client = makeClient({ fetch: () => (controller.abort(reason), new Promise<Response>(() => {})) })

    expect(await rejectionOf(getLink(client, 'lnk_abc123', { signal: controller.signal }))).toBe(reason)
  })
})
