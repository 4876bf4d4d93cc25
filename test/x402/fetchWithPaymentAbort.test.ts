import { getEventListeners, once, setMaxListeners } from 'node:events'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import v8 from 'node:v8'
import { runInNewContext } from 'node:vm'
import { encodeBase64Json } from '../../src/x402/base64.js'
import { fetchWithPayment } from '../../src/x402/fetchWithPayment.js'
import { fakeSigner, PAY_TO, USDC_BASE_SEPOLIA } from './helpers.js'

// A real socket on 127.0.0.1: the body of an answer streams (a chunk every 50 ms, for ever), as a
// paid LLM or a large download does, and the test sees whether the caller's abort ends it.
const offer = encodeBase64Json({
  x402Version: 2,
  resource: { url: '/paid' },
  accepts: [{ scheme: 'exact', network: 'eip155:84532', amount: '1000', asset: USDC_BASE_SEPOLIA, payTo: PAY_TO, maxTimeoutSeconds: 300, extra: { name: 'USDC', version: '2' } }],
})
let server: http.Server
let base: string
const open = new Set<http.ServerResponse>()
beforeAll(async () => {
  server = http.createServer((req, res) => {
    if (req.url!.startsWith('/paid') && !req.headers['payment-signature']) return void res.writeHead(402, { 'PAYMENT-REQUIRED': offer }).end('{}')
    if (req.url!.endsWith('/short')) return void res.writeHead(200).end('done')
    res.writeHead(200, { 'Content-Type': 'text/plain' })
    open.add(res)
    const chunks = setInterval(() => res.write('chunk\n'), 50)
    res.on('close', () => (clearInterval(chunks), open.delete(res)))
  })
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => {
  server.closeAllConnections()
  server.close()
})

test.each([
  ['a free answer, options.signal', '/free', 'options'],
  ['a free answer, init.signal', '/free', 'init'],
  ['the paid answer, options.signal', '/paid', 'options'],
  ['the paid answer, init.signal', '/paid', 'init'],
])('%s: an abort after the headers ends the body read, and the connection', async (_, path, where) => {
  const stop = new AbortController()
  const response = await fetchWithPayment(`${base}${path}`, where === 'init' ? { signal: stop.signal } : undefined, {
    signer: fakeSigner(),
    ...(where === 'options' && { signal: stop.signal }),
  })
  expect(response.status).toBe(200)
  const reading = response.text()
  setTimeout(() => stop.abort(), 120)
  const stillReading = new Promise((resolve) => setTimeout(resolve, 1_500, 'still reading 1.5 s later'))
  await expect(Promise.race([reading, stillReading])).rejects.toMatchObject({ name: 'AbortError' })
  await vi.waitFor(() => expect(open.size).toBe(0))
})

test('one long-lived signal (a server\'s shutdown) over many calls, each body read: no listener is left on it, and no warning', async () => {
  const warnings: string[] = []
  const onWarning = (warning: Error) => warnings.push(warning.name)
  process.on('warning', onWarning)
  const lifetime = new AbortController()
  try {
    for (const path of ['/paid', '/paid', '/paid', '/paid', '/paid', '/paid', '/free', '/free', '/free', '/free', '/free', '/free']) {
      const response = await fetchWithPayment(`${base}${path}/short`, undefined, { signer: fakeSigner(), signal: lifetime.signal })
      expect(await response.text()).toBe('done')
    }
    await new Promise((resolve) => setTimeout(resolve, 20))
  } finally {
    process.off('warning', onWarning)
  }
  expect(getEventListeners(lifetime.signal, 'abort')).toHaveLength(0)
  expect(warnings).toEqual([])
})

test('without AbortSignal.any (Safari before 17.4): an abort after the headers of the paid answer still ends its body', async () => {
  const any = AbortSignal.any
  Object.assign(AbortSignal, { any: undefined })
  try {
    const stop = new AbortController()
    const response = await fetchWithPayment(`${base}/paid`, undefined, { signer: fakeSigner(), signal: stop.signal })
    const reading = response.text()
    setTimeout(() => stop.abort(), 120)
    const stillReading = new Promise((resolve) => setTimeout(resolve, 1_500, 'still reading 1.5 s later'))
    await expect(Promise.race([reading, stillReading])).rejects.toMatchObject({ name: 'AbortError' })
  } finally {
    Object.assign(AbortSignal, { any })
  }
  await vi.waitFor(() => expect(open.size).toBe(0))
})

describe('without AbortSignal.any (before Safari 17.4, Firefox 124)', () => {
  const any = AbortSignal.any
  beforeEach(() => void Object.assign(AbortSignal, { any: undefined }))
  afterEach(() => void Object.assign(AbortSignal, { any }))
  // What a browser does in its own time: a collection of what nothing reaches any more.
  v8.setFlagsFromString('--expose-gc')
  const gc = runInNewContext('gc') as () => void
  const collect = async () => {
    for (let i = 0; i < 5; i++) {
      gc()
      await new Promise((resolve) => setTimeout(resolve, 10))
    }
  }

  test("one long-lived signal (an app's) over many calls, each body read: the listeners the calls put on it go with their requests", async () => {
    const lifetime = new AbortController()
    // Twelve calls' listeners until they are collected: more than Node's default warns of.
    setMaxListeners(20, lifetime.signal)
    // Each answer read in a scope of its own, left before the collection.
    const call = async (path: string) => {
      const response = await fetchWithPayment(`${base}${path}/short`, undefined, { signer: fakeSigner(), signal: lifetime.signal })
      return response.text()
    }
    for (const path of ['/paid', '/paid', '/paid', '/paid', '/paid', '/paid', '/free', '/free', '/free', '/free', '/free', '/free']) expect(await call(path)).toBe('done')
    await collect()
    expect(getEventListeners(lifetime.signal, 'abort')).toHaveLength(0)
  })

  test('a body still being read is ended by an abort after a collection: what follows the signal lives as long as the body', async () => {
    const stop = new AbortController()
    const reading = fetchWithPayment(`${base}/paid`, undefined, { signer: fakeSigner(), signal: stop.signal }).then((response) => response.text())
    await new Promise((resolve) => setTimeout(resolve, 120))
    await collect()
    stop.abort()
    const stillReading = new Promise((resolve) => setTimeout(resolve, 1_500, 'still reading 1.5 s later'))
    await expect(Promise.race([reading, stillReading])).rejects.toMatchObject({ name: 'AbortError' })
    await vi.waitFor(() => expect(open.size).toBe(0))
  })
})
