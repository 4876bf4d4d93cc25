import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createPayLinkClient, getLink } from '../../src/client.js'

// Real sockets on 127.0.0.1, no MSW: what matters is what fetch does with a redirect.
const listen = async (server: Server) => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}
const seenElsewhere: (string | undefined)[] = []
const elsewhere = createServer((req, res) => {
  seenElsewhere.push(req.headers['x-api-key'] as string | undefined)
  res.writeHead(200, { 'content-type': 'application/json' }).end('{}')
})
let target = ''
const api = createServer((_req, res) => res.writeHead(302, { Location: `${target}/steal` }).end())
let apiUrl = ''

beforeAll(async () => {
  target = await listen(elsewhere)
  apiUrl = await listen(api)
})
afterAll(async () => {
  await new Promise((resolve) => api.close(resolve))
  await new Promise((resolve) => elsewhere.close(resolve))
})

test('with a key, a redirect is not followed: the key never reaches where it points', async () => {
  const client = createPayLinkClient({ baseUrl: apiUrl, apiKey: 'sk_redirect_secret', retry: false })
  await expect(getLink(client, 'abc')).rejects.toMatchObject({ name: 'PayLinkHttpError', status: 302 })
  expect(seenElsewhere).toEqual([])
})

test('without a key (a browser behind the proxy), redirects are followed as fetch does', async () => {
  const client = createPayLinkClient({ baseUrl: apiUrl, retry: false })
  // The redirect target answers {}, which is not a link: followed, then refused by the schema.
  await expect(getLink(client, 'abc')).rejects.toMatchObject({ name: 'PayLinkValidationError', source: 'response' })
  expect(seenElsewhere).toEqual([undefined])
})
