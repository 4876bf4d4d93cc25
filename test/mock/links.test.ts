import { createLink, createPayLinkClient, getLink, PayLinkHttpError } from '../../src/client.js'
import { send as request } from '../../src/client/transport.js'
import { MOCK_LINKS } from '../../src/mock.js'
import { BASE_URL, mockHarness } from './harness.js'

const { client, clock } = mockHarness()

const input = {
  creatorId: 'creator_9',
  chainType: 'solana',
  model: 'payment' as const,
  splits: { creator: 8500, platform: 1500 },
  price: { amount: '2.00', currency: 'USDC' },
  title: 'A post',
}

async function httpError(promise: Promise<unknown>): Promise<PayLinkHttpError> {
  const error = await promise.then(() => undefined, (e: unknown) => e)
  expect(error).toBeInstanceOf(PayLinkHttpError)
  return error as PayLinkHttpError
}

describe('API key', () => {
  it('refuses a request without X-API-Key with 401 unauthorized, in the contract shape', async () => {
    const keyless = createPayLinkClient({ baseUrl: BASE_URL, retry: false })
    const error = await httpError(getLink(keyless, MOCK_LINKS.demo))
    expect(error).toMatchObject({ status: 401, code: 'unauthorized' })
    expect(error.requestId).toMatch(/^req_\d+$/)
    expect(error.body).toEqual({ error: { code: 'unauthorized', message: expect.any(String), requestId: error.requestId } })
  })

  it('refuses a key it does not know', async () => {
    const wrongKey = createPayLinkClient({ baseUrl: BASE_URL, apiKey: 'pk_wrong', retry: false })
    expect(await httpError(getLink(wrongKey, MOCK_LINKS.demo))).toMatchObject({ status: 401 })
  })
})

describe('links', () => {
  it('creates a link that can then be read back', async () => {
    clock.now = Date.parse('2026-03-02T08:00:00.000Z')
    const created = await createLink(client, input)
    expect(created).toMatchObject({ ...input, status: 'active', createdAt: '2026-03-02T08:00:00.000Z' })
    expect(created.code).not.toBe('')
    expect(created.url).toBe(`https://pay.paylink.test/l/${created.code}`)
    expect(await getLink(client, created.code)).toEqual(created)
  })

  // As MOCK_LINKS' docs describe them, each one a link the client reads.
  it('serves the seeded links', async () => {
    expect(await getLink(client, MOCK_LINKS.demo)).toMatchObject({ code: 'demo', model: 'payment', status: 'active', price: { amount: '1.50', currency: 'USDC' } })
    expect(await getLink(client, MOCK_LINKS.engagement)).toMatchObject({ model: 'engagement', status: 'active', price: { amount: '0.25', currency: 'USDC' } })
    const unpriced = await getLink(client, MOCK_LINKS.unpriced)
    expect(unpriced).toMatchObject({ model: 'payment', status: 'active' })
    expect(unpriced.price).toBeUndefined()
    expect(await getLink(client, MOCK_LINKS.disabled)).toMatchObject({ status: 'disabled' })
  })

  it('answers 404 not_found for an unknown code, and a code with a slash stays one path segment', async () => {
    expect(await httpError(getLink(client, 'nope'))).toMatchObject({ status: 404, code: 'not_found' })
    const error = await httpError(getLink(client, '../demo'))
    expect(error).toMatchObject({ status: 404, code: 'not_found' })
    expect(error.message).toContain('../demo')
  })

  it('answers 422 invalid_request naming every bad field when the client-side check is bypassed', async () => {
    const bad = { creatorId: '', chainType: 'solana', model: 'auction', splits: { creator: 9000, platform: 500 } }
    const error = await httpError(request(client, { endpoint: 'createLink', path: '/links', body: bad }))
    expect(error).toMatchObject({ status: 422, code: 'invalid_request' })
    const paths = (error.details as { path: string }[]).map((d) => d.path)
    expect(paths).toEqual(expect.arrayContaining(['creatorId', 'model', 'splits']))
  })

  it('answers 400 invalid_request to a body that is not JSON', async () => {
    const response = await fetch(`${BASE_URL}/pub/v1/links`, {
      method: 'POST',
      headers: { 'X-API-Key': 'pk_test_paylink', 'Content-Type': 'application/json' },
      body: '{oops',
    })
    expect(response.status).toBe(400)
    expect(response.headers.get('X-Request-Id')).toMatch(/^req_/)
    expect(await response.json()).toMatchObject({ error: { code: 'invalid_request' } })
  })
})
