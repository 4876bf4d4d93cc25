import { getLink, PayLinkConfigError, type PayLinkClient } from '../../src/client.js'
import { makeClient, rejectionOf, useMswServer } from './helpers.js'

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
