import { createAttentionToken } from '../../src/client.js'
import { send as request } from '../../src/client/transport.js'
import { MOCK_LINKS } from '../../src/mock.js'
import { BASE_URL, mockHarness, START } from './harness.js'

const { client } = mockHarness({ attentionTtlMs: 120_000 })

describe('POST /attention/token', () => {
  it('issues a session for a link that expires after attentionTtlMs, with a heartbeat', async () => {
    const session = await createAttentionToken(client, { code: MOCK_LINKS.engagement, viewerId: 'viewer_1' })
    expect(session).toMatchObject({ expiresAt: new Date(START + 120_000).toISOString(), heartbeatSeconds: 15 })
    expect(session.token).toMatch(/^att_[0-9a-f]{32}$/)
    expect(session.sessionId).not.toBe('')
  })

  it('issues different tokens to different sessions, also without a link', async () => {
    const a = await createAttentionToken(client)
    const b = await createAttentionToken(client)
    expect(a.token).not.toBe(b.token)
    expect(a.sessionId).not.toBe(b.sessionId)
  })

  it('answers 404 for an unknown link and 422 for a bad body', async () => {
    expect(await createAttentionToken(client, { code: 'nope' }).catch((e: unknown) => e)).toMatchObject({ status: 404, code: 'not_found' })
    const bad = await request(client, { endpoint: 'createAttentionToken', path: '/attention/token', body: { code: 5 } }).catch((e: unknown) => e)
    expect(bad).toMatchObject({ status: 422, code: 'invalid_request', details: [{ path: 'code' }] })
  })

  // As POST /links answers it: a body that is there but cannot be read is refused, not taken for
  // an empty request (which, both fields being optional, would get a session).
  it('answers 400 invalid_request to a body that is not JSON, and issues no session', async () => {
    const response = await fetch(`${BASE_URL}/pub/v1/attention/token`, {
      method: 'POST',
      headers: { 'X-API-Key': 'pk_test_paylink', 'Content-Type': 'application/json' },
      body: '{"code": "demo"',
    })
    expect(response.status).toBe(400)
    expect(await response.json()).toMatchObject({ error: { code: 'invalid_request' } })
  })

  it('still issues a session to an empty body, which asks for nothing in particular', async () => {
    const response = await fetch(`${BASE_URL}/pub/v1/attention/token`, { method: 'POST', headers: { 'X-API-Key': 'pk_test_paylink' } })
    expect(response.status).toBe(201)
  })
})
