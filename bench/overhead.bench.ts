import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { performance } from 'node:perf_hooks'
import { createPayLinkClient, getLink } from '../src/client.js'
import { send } from '../src/client/transport.js'
import { validate } from '../src/client/validate.js'
import { linkSchema } from '../src/schemas/link.js'
import { flush, median, record } from './record.js'

// The client's overhead: `getLink` (URL building, headers, time-out, validation) against bare
// `fetch` + `JSON.parse` of the same answer from the same local server, interleaved in one run.
// A third side, bare fetch with an abort signal and a timer (what any time-out needs), shows how
// much of the ratio is the runtime's price of a signal: Node's fetch follows a signal with a
// WeakRef and a FinalizationRegistry entry per request. A fourth, the client's transport without
// the link's validation, splits the rest between the two. A fifth, the floor, is the least any
// client that times out and checks the link with its zod schema costs: the third side plus the
// same check, in one async function, with no transport at all.
const LINK = JSON.stringify({
  code: 'demo',
  creatorId: 'creator_1',
  chainType: 'solana',
  model: 'payment',
  splits: { creator: 9000, platform: 1000 },
  price: { amount: '1.50', currency: 'USDC' },
  title: 'Demo',
  createdAt: '2026-01-01T00:00:00.000Z',
})
let server: Server
let origin: string

beforeAll(async () => {
  server = createServer((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(LINK))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()))
  flush('overhead')
})

test('client.getLink against bare fetch + JSON.parse', async () => {
  const client = createPayLinkClient({ baseUrl: origin, apiKey: 'k' })
  const bare = async () => JSON.parse(await (await fetch(`${origin}/pub/v1/links/demo`, { headers: { 'X-API-Key': 'k' } })).text())
  const timed = async () => {
    const timeout = new AbortController()
    const timer = setTimeout(() => timeout.abort(), 15_000)
    try {
      return JSON.parse(await (await fetch(`${origin}/pub/v1/links/demo`, { headers: { 'X-API-Key': 'k' }, signal: timeout.signal })).text())
    } finally {
      clearTimeout(timer)
    }
  }
  const floor = async () => {
    const timeout = new AbortController()
    const timer = setTimeout(() => timeout.abort(), 15_000)
    try {
      const response = await fetch(`${origin}/pub/v1/links/demo`, { headers: { 'X-API-Key': 'k' }, signal: timeout.signal })
      return validate(linkSchema, JSON.parse(await response.text()), 'getLink', 'response')
    } finally {
      clearTimeout(timer)
    }
  }
  const ours = () => getLink(client, 'demo')
  const transport = () => send(client, { endpoint: 'getLink', path: '/links/demo' })
  const sides = { bare, timed, ours, transport, floor }
  const names = Object.keys(sides) as (keyof typeof sides)[]
  const times = { bare: [] as number[], timed: [] as number[], ours: [] as number[], transport: [] as number[], floor: [] as number[] }
  for (let i = 0; i < 600; i++) {
    // Rotating order, so no side always runs on a warmer connection.
    for (let j = 0; j < names.length; j++) {
      const side = names[(i + j) % names.length]!
      const start = performance.now()
      await sides[side]()
      if (i >= 100) times[side].push(performance.now() - start)
    }
  }
  const ratio = median(times.ours) / median(times.bare)
  record({ group: 'client overhead', name: 'median getLink (µs)', value: Math.round(median(times.ours) * 1000), unit: 'µs' })
  record({ group: 'client overhead', name: 'median fetch + JSON.parse (µs)', value: Math.round(median(times.bare) * 1000), unit: 'µs' })
  record({ group: 'client overhead', name: 'ratio getLink ÷ bare', value: Number(ratio.toFixed(3)), unit: '×', target: '<= 1.15', met: ratio <= 1.15 })
  record({
    group: 'client overhead',
    name: 'ratio bare with a time-out signal ÷ bare',
    value: Number((median(times.timed) / median(times.bare)).toFixed(3)),
    unit: '×',
    note: "the runtime's price of the signal any time-out needs; part of the ratio above",
  })
  record({
    group: 'client overhead',
    name: 'ratio transport alone ÷ bare',
    value: Number((median(times.transport) / median(times.bare)).toFixed(3)),
    unit: '×',
    note: "getLink without the link's validation: the signal, headers, retry loop, body time-out",
  })
  record({
    group: 'client overhead',
    name: 'ratio floor ÷ bare',
    value: Number((median(times.floor) / median(times.bare)).toFixed(3)),
    unit: '×',
    note: 'bare fetch with a time-out signal and the same zod check of the link, no transport: the least a validating client with a time-out costs',
  })
})
