import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { createPayLinkClient, getLink } from '../../src/client.js'
const server = setupServer(http.get('https://api.test/pub/v1/links/:code', ({ params, request }) =>
  HttpResponse.json({ code: params.code, key: request.headers.get('x-api-key'), creatorId: 'c', chainType: 'solana', model: 'payment', splits: { creator: 9000, platform: 1000 }, createdAt: '2026-01-01T00:00:00Z' })))
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterAll(() => server.close())
test('smoke', async () => {
  const c = createPayLinkClient({ baseUrl: 'https://api.test', apiKey: 'sk_test' })
  const link = await getLink(c, 'abc')
  expect(link).toMatchObject({ code: 'abc', key: 'sk_test' })
})
