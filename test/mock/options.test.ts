import { getResponse } from 'msw'
import {
  createAttentionToken,
  createLink,
  createPayLinkClient,
  estimateFees,
  getBridgeStatus,
  getLink,
  getPayment,
  type PayLinkClient,
  PayLinkConfigError,
  PayLinkNetworkError,
  verifyPayment,
} from '../../src/client.js'
import { createMockApi, defaultSeed, MOCK_LINKS, MOCK_TRANSFERS, type MockApi, type MockScenario } from '../../src/mock.js'
import { v2Payment } from './payloads.js'

// Each mock here is reached through the client's own `fetch` option, so several mocks can coexist in one file.
function clientOf(mock: MockApi, apiKey?: string): PayLinkClient {
  return createPayLinkClient({
    baseUrl: 'http://localhost:5173/api/paylink',
    ...(apiKey !== undefined && { apiKey }),
    retry: false,
    // As fetch behind msw: a dropped connection (an error response) is a TypeError.
    fetch: async (input, init) => {
      const response = await getResponse(mock.handlers, new Request(input, init))
      if (!response || response.type === 'error') throw new TypeError('Failed to fetch')
      return response
    },
  })
}

describe('createMockApi options', () => {
  it('apiKeys: false serves keyless requests, as behind the proxy in a browser', async () => {
    const link = await getLink(clientOf(createMockApi({ apiKeys: false })), MOCK_LINKS.demo)
    expect(link.code).toBe('demo')
  })

  it('apiKeys accepts exactly the keys listed', async () => {
    const mock = createMockApi({ apiKeys: ['k_one', 'k_two'] })
    expect((await getLink(clientOf(mock, 'k_two'), MOCK_LINKS.demo)).code).toBe('demo')
    expect(await getLink(clientOf(mock, 'pk_test_paylink'), MOCK_LINKS.demo).catch((e: unknown) => e)).toMatchObject({ status: 401 })
  })

  // As Stripe scopes them: another key's payment under the same Idempotency-Key (two shops' apps
  // counting purchases alike) was answered 409 conflict, as if it were the first key's resend.
  it('scopes each Idempotency-Key to its API key: another key paying under the same one is paid, and each replays its own', async () => {
    const mock = createMockApi({ apiKeys: ['k_one', 'k_two'] })
    const [one, two] = [clientOf(mock, 'k_one'), clientOf(mock, 'k_two')]
    const quote = await verifyPayment(one, { code: MOCK_LINKS.demo })
    if (quote.status !== 'payment-required') throw new Error('expected a 402')
    const payments = [v2Payment(quote.paymentRequired.accepts[0]!, Date.now()), v2Payment(quote.paymentRequired.accepts[0]!, Date.now())]
    const pay = (client: PayLinkClient, paymentHeader: string) => verifyPayment(client, { code: MOCK_LINKS.demo }, { paymentHeader, idempotencyKey: 'purchase-1' })

    const first = await pay(one, payments[0]!)
    const second = await pay(two, payments[1]!)
    expect(first.status).toBe('paid')
    expect(second.status).toBe('paid')
    expect(mock.ledger.map((entry) => entry.idempotencyKey)).toEqual(['purchase-1', 'purchase-1'])
    expect(await pay(one, payments[0]!)).toEqual(first)
    expect(await pay(two, payments[1]!)).toEqual(second)
    expect(mock.ledger).toHaveLength(2)
  })

  it('seed replaces the parts it names and keeps the rest', async () => {
    const mock = createMockApi({ seed: { links: [{ ...defaultSeed().links[0]!, code: 'mine' }] }, apiKeys: false })
    const client = clientOf(mock)
    expect((await getLink(client, 'mine')).code).toBe('mine')
    expect(await getLink(client, MOCK_LINKS.demo).catch((e: unknown) => e)).toMatchObject({ status: 404 })
    expect((await getBridgeStatus(client, MOCK_TRANSFERS.completed)).status).toBe('completed')
  })

  it('scenarios are on from the start and again after reset()', async () => {
    const mock = createMockApi({ apiKeys: false, scenarios: ['link-not-found'] })
    const client = clientOf(mock)
    expect(await getLink(client, MOCK_LINKS.demo).catch((e: unknown) => e)).toMatchObject({ status: 404 })
    mock.reset()
    expect(await getLink(client, MOCK_LINKS.demo).catch((e: unknown) => e)).toMatchObject({ status: 404 })
  })

  it('keeps each mock’s state to itself, and reset() forgets created links', async () => {
    const a = createMockApi({ apiKeys: false })
    const b = createMockApi({ apiKeys: false })
    const input = { creatorId: 'c', chainType: 'base', model: 'payment' as const, splits: { creator: 10_000, platform: 0 } }
    const created = await createLink(clientOf(a), input)
    expect(await getLink(clientOf(b), created.code).catch((e: unknown) => e)).toMatchObject({ status: 404 })
    a.reset()
    expect(await getLink(clientOf(a), created.code).catch((e: unknown) => e)).toMatchObject({ status: 404 })
    expect(a.state.links.has(MOCK_LINKS.demo)).toBe(true)
  })

  // A test that reprices a link in place (price.amount) changed the seed itself: the next test, after
  // reset(), and every mock made from the same seed saw the new price.
  it('reset() and other mocks of the same seed are untouched by a link a test changed in place', async () => {
    const seed = { links: defaultSeed().links }
    const a = createMockApi({ apiKeys: false, seed })
    const b = createMockApi({ apiKeys: false, seed })
    const demo = a.state.links.get(MOCK_LINKS.demo)!
    demo.price!.amount = '9.00'
    demo.splits.creator = 1
    expect((await getLink(clientOf(a), MOCK_LINKS.demo)).price).toEqual({ amount: '9.00', currency: 'USDC' })
    expect(await getLink(clientOf(b), MOCK_LINKS.demo)).toMatchObject({ price: { amount: '1.50' }, splits: { creator: 9000 } })
    a.reset()
    expect(await getLink(clientOf(a), MOCK_LINKS.demo)).toMatchObject({ price: { amount: '1.50' }, splits: { creator: 9000 } })
  })

  // A harness that resets one mock after each test: a paid request of one test, still waiting out
  // an injected latency when the test ended, was answered later from the next test's state, and its
  // payment landed in that test's ledger (and its timer kept running past the reset).
  it('reset() drops a request still waiting out its latency: nothing of it lands in the fresh state', async () => {
    const mock = createMockApi({ apiKeys: false })
    const client = clientOf(mock)
    const quote = await verifyPayment(client, { code: MOCK_LINKS.demo })
    if (quote.status !== 'payment-required') throw new Error('expected a 402')
    const payment = v2Payment(quote.paymentRequired.accepts[0]!, Date.now())
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    try {
      mock.inject('verifyPayment', { latencyMs: 1_000, times: 1 })
      const counted = mock.state.counter
      const paying = verifyPayment(client, { code: MOCK_LINKS.demo }, { paymentHeader: payment, idempotencyKey: 'k-reset' }).catch((e: unknown) => e)
      // The mock numbers each request as it arrives, before its latency.
      await vi.waitFor(() => expect(mock.state.counter).toBeGreaterThan(counted))

      const timers = vi.getTimerCount()
      mock.reset()

      // The mock's wait ends with it; the one left is the client's own time-out.
      expect(vi.getTimerCount()).toBe(timers - 1)
      await vi.advanceTimersByTimeAsync(1_000)
      expect(await paying).toBeInstanceOf(PayLinkNetworkError)
      expect(mock.ledger).toEqual([])
      expect(mock.state.idempotency.size).toBe(0)
    } finally {
      vi.useRealTimers()
    }
  })

  // A POST's body came in after the route had checked the state: a reset() meanwhile (a harness's
  // afterEach, the body still on its way) let the link of the test before land in the fresh state.
  it('reset() drops a request whose body is still coming in: nothing of it lands in the fresh state', async () => {
    const mock = createMockApi({ apiKeys: false })
    const links = mock.state.links.size
    let send!: (body: string) => void
    const body = new ReadableStream<Uint8Array>({
      start: (controller) => void (send = (text) => (controller.enqueue(new TextEncoder().encode(text)), controller.close())),
    })
    const input = { creatorId: 'creator_1', chainType: 'solana', model: 'payment', splits: { creator: 9_000, platform: 1_000 } }
    const init = { method: 'POST', headers: { 'Content-Type': 'application/json' }, body, duplex: 'half' } as RequestInit
    const answering = getResponse(mock.handlers, new Request('http://localhost/pub/v1/links', init))
    // The mock numbers each request as it reaches its route.
    await vi.waitFor(() => expect(mock.state.counter).toBe(1))

    mock.reset()
    send(JSON.stringify(input))

    expect((await answering)?.type).toBe('error')
    expect(mock.state.links.size).toBe(links)
    expect(mock.state.counter).toBe(0)
  })

  it('reads the clock on every request (Date.now by default, so fake timers drive it)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    try {
      vi.setSystemTime(Date.parse('2026-05-01T00:00:00Z'))
      const mock = createMockApi({ apiKeys: false, settleDelayMs: 1_000 })
      expect((await getPayment(clientOf(mock), 'pay_verified')).status).toBe('verified')
      vi.setSystemTime(Date.parse('2026-05-01T00:00:01Z'))
      expect((await getPayment(clientOf(mock), 'pay_verified')).status).toBe('settled')
    } finally {
      vi.useRealTimers()
    }
  })

  // "Each step takes 0 ms": every transfer that moves with the clock is done at once, on any clock,
  // a fixed one included (before, a read at the mock's start was 0/0 steps: no status, and an
  // Invalid Date that made the handler throw).
  it('transferStepMs: 0 completes every moving transfer at once, on a fixed clock too', async () => {
    const start = Date.parse('2026-03-01T12:00:00.000Z')
    const client = clientOf(createMockApi({ apiKeys: false, transferStepMs: 0, now: () => start }))
    for (const id of [MOCK_TRANSFERS.pending, MOCK_TRANSFERS.inTransit, MOCK_TRANSFERS.completed]) {
      expect(await getBridgeStatus(client, id)).toMatchObject({ status: 'completed', updatedAt: new Date(start).toISOString() })
    }
    expect(await getBridgeStatus(client, MOCK_TRANSFERS.refunded)).toMatchObject({ status: 'refunded' })
  })

  // "Each step takes forever", as settleDelayMs: Infinity keeps a payment verified and latencyMs:
  // Infinity never answers: every transfer stays as seeded, on any clock. Before, every read threw
  // 'Invalid time value' in the handler (0 * Infinity steps), a network error for the client and a
  // 500 from startMockServer, so every BridgeStatusBadge showed its error.
  // A transfer that never gets to its end has none for a scenario to change, nor a step past it.
  it.each<{ scenarios: MockScenario[] }>([{ scenarios: [] }, { scenarios: ['unknown-status', 'transfer-fails'] }, { scenarios: ['transfer-refunded'] }])(
    'transferStepMs: Infinity keeps every seeded transfer in its seeded state, scenarios on: $scenarios',
    async ({ scenarios }) => {
      const start = Date.parse('2026-03-01T12:00:00.000Z')
      let now = start
      const client = clientOf(createMockApi({ apiKeys: false, transferStepMs: Infinity, now: () => now, scenarios }))
      const seeded = { pending: 'pending', sourceConfirmed: 'source_confirmed', inTransit: 'in_transit', completed: 'completed', failed: 'failed', refunded: 'refunded' }
      for (const later of [0, 365 * 86_400_000]) {
        now = start + later
        for (const [name, id] of Object.entries(MOCK_TRANSFERS)) {
          const transfer = await getBridgeStatus(client, id)
          expect(transfer).toMatchObject({ status: seeded[name as keyof typeof seeded], createdAt: new Date(start).toISOString(), updatedAt: new Date(start).toISOString() })
          expect(transfer.estimatedCompletionAt).toBeUndefined()
        }
      }
      expect((await getBridgeStatus(client, MOCK_TRANSFERS.pending)).sourceTx).toBeUndefined()
      expect(await getBridgeStatus(client, MOCK_TRANSFERS.completed)).toMatchObject({ sourceTx: expect.any(String), destinationTx: expect.any(String) })
    },
  )

  // A token that never expires, as far as a timestamp can say it: the last instant of year 9999.
  // Before, every token request threw 'Invalid time value' in the handler (a network error).
  it('attentionTtlMs: Infinity issues tokens that expire at the end of year 9999', async () => {
    const session = await createAttentionToken(clientOf(createMockApi({ apiKeys: false, attentionTtlMs: Infinity })), {})
    expect(session.expiresAt).toBe('9999-12-31T23:59:59.999Z')
  })

  // Before, such a table was taken, and every estimate of its route then failed in the handler
  // (BigInt of 12.5, of "0.40 USDC"): a 500 for the client, a FeeEstimate stuck in its error, far
  // from the seed that caused it.
  it.each([
    ['platformFeeBps of 12.5', { platformFeeBps: 12.5 }, 'Mock seed fees.platformFeeBps must be a whole number of basis points from 0 to 10000, not 12.5'],
    ['platformFeeBps of -1', { platformFeeBps: -1 }, 'fees.platformFeeBps must be a whole number of basis points from 0 to 10000, not -1'],
    ['quoteTtlMs of NaN', { quoteTtlMs: Number.NaN }, 'fees.quoteTtlMs must be a number of ms from 0 (Infinity: never expires), not NaN'],
    ['gasFee that names its asset', { routes: [{ chains: ['solana', 'base'], gasFee: '0.40 USDC', estimatedSeconds: 30 }] }, 'fees.routes[0].gasFee must be a decimal amount such as "0.12", not "0.40 USDC"'],
    ['estimatedSeconds of -5', { routes: [{ chains: ['solana', 'base'], gasFee: '0.4', estimatedSeconds: -5 }] }, 'fees.routes[0].estimatedSeconds must be a number of seconds from 0, in plain digits, not -5'],
    ['estimatedSeconds of 1e21', { routes: [{ chains: ['solana', 'base'], gasFee: '0.4', estimatedSeconds: 1e21 }] }, 'fees.routes[0].estimatedSeconds must be a number of seconds from 0, in plain digits, not 1e+21'],
  ] as const)('a seed fee table with a bad %s is refused when the mock is made, naming the field', (_, fees, message) => {
    const make = () => createMockApi({ seed: { fees: { ...defaultSeed().fees, ...fees } as never } })
    expect(make).toThrow(PayLinkConfigError)
    expect(make).toThrow(message)
  })

  it('the default fee table and one with whole basis points, zero gas and quotes that never expire are taken', async () => {
    const fees = { ...defaultSeed().fees, platformFeeBps: 0, quoteTtlMs: Infinity, routes: [{ chains: ['solana', 'base'] as const, gasFee: '0', estimatedSeconds: 0 }] }
    expect(() => createMockApi()).not.toThrow()
    const fee = await estimateFees(clientOf(createMockApi({ apiKeys: false, seed: { fees } })), { sourceChain: 'solana', destinationChain: 'base', asset: 'USDC', amount: '100' })
    expect(fee.totalFee.raw).toBe('0 USDC')
  })

  it.each([['.5', '0.8 USDC'], ['1.', '1.3 USDC']])('a gasFee of %j, a decimal the handler reads, is taken: %s in all', async (gasFee, total) => {
    const fees = { ...defaultSeed().fees, routes: [{ chains: ['solana', 'base'] as const, gasFee, estimatedSeconds: 1.5 }] }
    const fee = await estimateFees(clientOf(createMockApi({ apiKeys: false, seed: { fees } })), { sourceChain: 'solana', destinationChain: 'base', asset: 'USDC', amount: '100' })
    expect(fee.totalFee.raw).toBe(total)
  })

  // The seed's quoteTtlMs: Infinity, as attentionTtlMs: Infinity, is a quote that never expires.
  // Before, every estimate threw 'Invalid time value' in the handler: a network error for the
  // client, a FeeEstimate in its error instead of the fee.
  it('seed fees.quoteTtlMs: Infinity quotes fees that expire at the end of year 9999', async () => {
    const mock = createMockApi({ apiKeys: false, seed: { fees: { ...defaultSeed().fees, quoteTtlMs: Infinity } } })
    const fee = await estimateFees(clientOf(mock), { sourceChain: 'solana', destinationChain: 'base', asset: 'USDC', amount: '100' })
    expect(fee).toMatchObject({ totalFee: { raw: '0.4215 USDC' }, expiresAt: '9999-12-31T23:59:59.999Z' })
  })
})
