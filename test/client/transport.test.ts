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
