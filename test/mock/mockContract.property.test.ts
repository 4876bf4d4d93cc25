import fc from 'fast-check'
import { getResponse } from 'msw'
import {
  createAttentionToken,
  createLink,
  createPayLinkClient,
  decodePaymentRequired,
  estimateFees,
  getBridgeStatus,
  getLink,
  getPayment,
  type PayLinkClient,
  PayLinkHttpError,
  PayLinkNetworkError,
  PayLinkValidationError,
  type PaymentRequired,
  verifyPayment,
} from '../../src/client.js'
import { send } from '../../src/client/transport.js'
import {
  BASE_SEPOLIA_USDC,
  createMockApi,
  createTestSigner,
  MOCK_API_KEY,
  MOCK_LINKS,
  MOCK_PAY_TO,
  MOCK_ROUTES,
  MOCK_SCENARIOS,
  MOCK_X402_REASONS as R,
  type MockApi,
  type MockFault,
  type MockRoute,
  type MockScenario,
  startMockServer,
} from '../../src/mock.js'
import { createPaymentHeader } from '../../src/x402/createPaymentHeader.js'
import { decodeBase64Json } from '../../src/x402/base64.js'
import { ALL_TRANSFERS, CONTRACT_CODES, ContractModel, type FaultAnswer, type SentPayment } from './mockContractModel.js'

// Random sequences of calls through the package's own client, held to the contract: every 2xx
// passes the client's schemas, every error is the contract's body for its status, statuses only
// move forward, a payload or key pays at most once, an unpayable link is never paid, reset() is a
// fresh mock, and a fault's `times` is exactly that many requests. Date is faked (and only Date),
// so that the mock's clock and the test signer's move together, as the README tells a test that pays.
// FC_SEED in the environment replays a run (test/fastCheckSetup.ts).

const START = Date.parse('2026-03-01T12:00:00.000Z')
const signer = createTestSigner()

const links = fc.nat(9)
const createInput = fc.record({
  creatorId: fc.constantFrom('creator_1', ' c2 ', 'ü'),
  chainType: fc.constantFrom('base', 'solana', 'eip155:8453'),
  model: fc.constantFrom('payment' as const, 'engagement' as const),
  creator: fc.integer({ min: 0, max: 10_000 }),
  price: fc.option(
    fc.record({
      amount: fc.constantFrom('1.50', '0.000001', '2', '3.1000000', '0.0000001', '120.25'),
      currency: fc.constantFrom('USDC', ' USDC', 'EUR', 'usdc'),
    }),
    { nil: undefined },
  ),
  title: fc.option(fc.string({ maxLength: 8 }), { nil: undefined }),
})
// Each breaks one rule of the contract; `path` is the field the refusal must name.
const badInputs = [
  { path: 'creatorId', change: { creatorId: '  ' } },
  { path: 'model', change: { model: 'auction' } },
  { path: 'splits', change: { splits: { creator: 9000, platform: 999 } } },
  { path: 'splits.creator', change: { splits: { creator: -1, platform: 10_001 } } },
  { path: 'price.amount', change: { price: { amount: '0', currency: 'USDC' } } },
  { path: 'price.amount', change: { price: { amount: '1,5', currency: 'USDC' } } },
]
const faults: MockFault[] = [
  { status: 500 },
  { status: 503 },
  { status: 403 },
  { retryAfter: 2 },
  { html502: true },
  { dropConnection: true },
  { malformedJson: true },
]
type Op = typeof op extends fc.Arbitrary<infer T> ? T : never
// Those that answer every route stop a run from saying anything else: rarer, and never on from the start.
const SILENCING = ['rate-limited', 'gateway-html-502', 'offline']
const shaping = MOCK_SCENARIOS.filter((name) => !SILENCING.includes(name))
const scenario = fc.oneof({ arbitrary: fc.constantFrom(...shaping), weight: 6 }, { arbitrary: fc.constantFrom(...MOCK_SCENARIOS), weight: 1 })
const advance = fc.record({ op: fc.constant('advance' as const), ms: fc.constantFrom(0, 1, 999, 2_000, 5_000, 59_000, 61_000, 600_000) })
const getTransferOp = fc.record({ op: fc.constant('getTransfer' as const), transfer: fc.oneof(fc.nat(2), fc.nat(ALL_TRANSFERS.length - 1)) })
const getPaymentOp = fc.record({ op: fc.constant('getPayment' as const), payment: fc.nat() })
const op = fc.oneof(
  { arbitrary: advance, weight: 4 },
  { arbitrary: fc.record({ op: fc.constant('createLink' as const), input: createInput }), weight: 2 },
  { arbitrary: fc.record({ op: fc.constant('badLink' as const), bad: fc.nat(badInputs.length - 1), raw: fc.boolean() }), weight: 1 },
  { arbitrary: fc.record({ op: fc.constant('getLink' as const), link: links }), weight: 1 },
  {
    arbitrary: fc.record({
      op: fc.constant('pay' as const),
      link: links,
      v1: fc.boolean(),
      wrong: fc.constantFrom(undefined, undefined, undefined, 'amount', 'payTo', 'network', 'scheme', 'asset'),
      key: fc.constantFrom('none' as const, 'new' as const, 'last' as const),
      delayMs: fc.constantFrom(0, 0, 59_000, 61_000),
    }),
    weight: 6,
  },
  { arbitrary: fc.record({ op: fc.constant('replay' as const), sent: fc.nat(), key: fc.constantFrom('same' as const, 'new' as const, 'none' as const) }), weight: 4 },
  { arbitrary: getPaymentOp, weight: 3 },
  { arbitrary: getTransferOp, weight: 4 },
  {
    arbitrary: fc.record({
      op: fc.constant('fees' as const),
      from: fc.constantFrom('solana', 'base', 'polygon', 'ethereum'),
      to: fc.constantFrom('solana', 'base', 'polygon'),
      asset: fc.constantFrom('USDC', 'USDT', 'DAI'),
      amount: fc.constantFrom('10', '0.1', '1000000.123456'),
    }),
    weight: 1,
  },
  { arbitrary: fc.record({ op: fc.constant('attention' as const), link: fc.option(links, { nil: undefined }), viewer: fc.boolean() }), weight: 1 },
  { arbitrary: fc.record({ op: fc.constant('scenario' as const), name: scenario }), weight: 3 },
  {
    arbitrary: fc.record({
      op: fc.constant('inject' as const),
      route: fc.constantFrom<MockRoute | '*'>('*', ...MOCK_ROUTES),
      fault: fc.constantFrom(...faults),
      times: fc.constantFrom(undefined, 0, 1, 2, 3),
    }),
    weight: 2,
  },
  { arbitrary: fc.record({ op: fc.constant('clearFaults' as const), route: fc.option(fc.constantFrom(...MOCK_ROUTES), { nil: undefined }) }), weight: 1 },
  { arbitrary: fc.constant({ op: 'reset' as const }), weight: 1 },
)
const COURSES = MOCK_SCENARIOS.filter((name) => /^(transfer|payment)-|unknown-status/.test(name) && name !== 'payment-insufficient-funds')
// Statuses over time alone: honest payments, reads, the clock and the scenarios that bend a course.
// Every transfer and payment is read after each step (see `run`'s `readAll`).
const lifecycleOp: fc.Arbitrary<Op> = fc.oneof(
  { arbitrary: advance, weight: 3 },
  {
    arbitrary: fc.record({ op: fc.constant('pay' as const), link: fc.constant(0), v1: fc.boolean(), wrong: fc.constant(undefined), key: fc.constant('none' as const), delayMs: fc.constant(0) }),
    weight: 1,
  },
  { arbitrary: fc.record({ op: fc.constant('scenario' as const), name: fc.constantFrom(...COURSES) }), weight: 2 },
  { arbitrary: fc.constant({ op: 'reset' as const }), weight: 1 },
)
const optionsOf = (scenarios: MockScenario[], steps: number[]) =>
  fc.record({
    x402Version: fc.constantFrom<1 | 2 | 'both'>(1, 2, 'both', 'both'),
    settleDelayMs: fc.constantFrom(0, 2_000, Infinity),
    transferStepMs: fc.constantFrom(...steps),
    scenarios: fc.subarray(scenarios, { maxLength: 2 }),
  })
const options = optionsOf(shaping, [0, 5_000, Infinity])

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown }
const settle = (promise: Promise<unknown>): Promise<Outcome> => promise.then((value) => ({ ok: true, value }), (error: unknown) => ({ ok: false, error }))

/** Fails unless `outcome` is the answer of the fault or scenario `expected`. */
function expectFault(outcome: Outcome, expected: FaultAnswer): void {
  if (outcome.ok) throw new Error(`expected ${JSON.stringify(expected)}, got a success`)
  const { error } = outcome
  if (expected.kind === 'network') return void expect(error).toBeInstanceOf(PayLinkNetworkError)
  if (expected.kind === 'malformed') return void expect(error).toMatchObject({ name: 'PayLinkValidationError', source: 'response' })
  expect(error).toBeInstanceOf(PayLinkHttpError)
  if (expected.html) return void expect(error).toMatchObject({ status: 502 })
  expectContractError(error, expected.status)
  if (expected.retryAfter !== undefined) expect(error).toMatchObject({ retryAfterSeconds: expected.retryAfter })
}

/** Fails unless `error` is the contract's error answer for `status`. */
function expectContractError(error: unknown, status: number, details?: unknown): void {
  if (error instanceof PayLinkValidationError && error.source === 'response') throw new Error(`the mock answered outside the schemas: ${error.message}`)
  expect(error, String(error)).toBeInstanceOf(PayLinkHttpError)
  const http = error as PayLinkHttpError
  expect(http.status).toBe(status)
  const code = CONTRACT_CODES[status] ?? expect.any(String)
  expect(http.body).toEqual({ error: { code, message: expect.any(String), requestId: http.requestId, ...(details !== undefined && { details }) } })
}

/** Fails unless `outcome` is a success the client validated (it validates every 2xx: a response error is the mock's defect). */
function expectOk<T>(outcome: Outcome): T {
  if (!outcome.ok) {
    const { error } = outcome
    if (error instanceof PayLinkValidationError && error.source === 'response') throw new Error(`the mock answered outside the schemas: ${error.message}`)
    throw new Error(`expected a success, got ${String(error)}`)
  }
  return outcome.value as T
}

const atomic = (amount: string): string | undefined => {
  const [whole, fraction = ''] = amount.split('.')
  if (fraction.replace(/0+$/, '').length > 6) return undefined
  return BigInt(whole + fraction.slice(0, 6).padEnd(6, '0')).toString()
}
const nowSeconds = () => Math.floor(Date.now() / 1000)
const withoutReceivedAt = (result: unknown) =>
  JSON.parse(JSON.stringify(result, (key, value: unknown) => (key === 'receivedAt' ? undefined : value))) as unknown

/** Runs `ops` against `mock` through `client`, failing at the first answer the contract does not allow. */
async function run(mock: MockApi, client: PayLinkClient, fresh: () => MockApi, model: ContractModel, ops: readonly Op[], sends: { count: number }, readAll = false) {
  let keys = 0
  const codeOf = (i: number) => [...model.links.keys(), 'nope'][i % (model.links.size + 1)]!
  const check = async (route: MockRoute, call: () => Promise<unknown>, expected: (outcome: Outcome) => void) => {
    const fault = model.request(route)
    const outcome = await settle(call())
    if (fault) expectFault(outcome, fault)
    else expected(outcome)
  }

  async function sendPayment(payment: SentPayment, key: string | undefined) {
    if (key) model.lastKey = key
    const fault = model.request('verifyPayment')
    const outcome = await settle(verifyPayment(client, { code: payment.code }, { paymentHeader: payment.header, ...(key && { idempotencyKey: key }) }))
    if (fault) return expectFault(outcome, fault)
    const stored = key === undefined ? undefined : model.keys.get(key)
    if (stored) {
      if (stored.header !== payment.header) return expectContractError(!outcome.ok && outcome.error, 409)
      const result = expectOk<{ status: string }>(outcome)
      if (stored.answer === undefined) {
        // The first answer was hidden (payment-outcome-unknown): its replay is the 200 it was.
        expect(result.status).toBe('paid')
        stored.answer = withoutReceivedAt(result)
      }
      return expect(withoutReceivedAt(result)).toEqual(stored.answer)
    }
    const link = model.link(payment.code)
    if (!link) return expectContractError(!outcome.ok && outcome.error, 404)
    if (link.atomic === undefined) return expectContractError(!outcome.ok && outcome.error, 409)
    // In the order a facilitator checks: a v1 authorization's value after its validity window.
    const reason =
      (payment.wrong !== R.value ? payment.wrong : undefined) ??
      (payment.validBefore <= nowSeconds() ? R.validBefore
      : payment.wrong ?? (model.spent.has(payment.nonce) ? R.nonceUsed
      : model.has('payment-insufficient-funds') ? R.insufficientFunds
      : undefined))
    const result = expectOk<Awaited<ReturnType<typeof verifyPayment>>>(outcome)
    if (reason === undefined) {
      model.charges += 1
      model.spent.add(payment.nonce)
    }
    const hidden = reason === undefined && model.has('payment-outcome-unknown')
    if (key) model.keys.set(key, { header: payment.header, answer: hidden ? undefined : withoutReceivedAt(result) })
    if (reason !== undefined || hidden) {
      expect(result.status).toBe('payment-required')
      return expect((result as { paymentRequired: PaymentRequired }).paymentRequired.error).toBe(reason ?? R.settlementPending)
    }
    if (result.status !== 'paid') throw new Error(`expected the payment to be taken, got ${JSON.stringify(result)}`)
    expect(result.payment).toMatchObject({ linkCode: payment.code, payer: signer.address })
    expect(result.proof).toMatchObject({ success: true, amount: link.atomic, asset: BASE_SEPOLIA_USDC })
    model.paymentIds.push(result.payment.id)
    const moved = model.see('payment', result.payment.id, result.payment.status, result.payment.updatedAt)
    if (moved) throw new Error(moved)
    expect(['verified', 'settled']).toContain(result.payment.status)
  }

  const readPayment = (id: string) =>
    check('getPayment', () => getPayment(client, id), (outcome) => {
      if (!model.paymentIds.includes(id)) return expectContractError(!outcome.ok && outcome.error, 404)
      const payment = expectOk<{ status: string; updatedAt: string }>(outcome)
      const moved = model.see('payment', id, payment.status, payment.updatedAt)
      if (moved) throw new Error(moved)
    })
  const readTransfer = (id: string) =>
    check('getBridgeStatus', () => getBridgeStatus(client, id), (outcome) => {
      if (id === 'tr_nope') return expectContractError(!outcome.ok && outcome.error, 404)
      const transfer = expectOk<{ status: string; updatedAt: string }>(outcome)
      const moved = model.see('transfer', id, transfer.status, transfer.updatedAt)
      if (moved) throw new Error(moved)
    })

  for (const o of ops) {
    switch (o.op) {
      case 'advance':
        vi.setSystemTime(Date.now() + o.ms)
        break
      case 'createLink': {
        const { creator, ...rest } = o.input
        const input = { ...rest, splits: { creator, platform: 10_000 - creator } }
        await check('createLink', () => createLink(client, input), (outcome) => {
          const link = expectOk<{ code: string; status: string; createdAt: string }>(outcome)
          expect(link).toMatchObject({ creatorId: input.creatorId.trim(), model: input.model, splits: input.splits, status: 'active' })
          expect(link.createdAt).toBe(new Date().toISOString())
          const payable = input.price && input.price.currency.trim() === 'USDC' ? atomic(input.price.amount) : undefined
          model.links.set(link.code, { atomic: payable })
        })
        break
      }
      case 'badLink': {
        const { path, change } = badInputs[o.bad]!
        const input = { creatorId: 'c', chainType: 'base', model: 'payment', splits: { creator: 10_000, platform: 0 }, ...change }
        if (!o.raw) {
          const before = sends.count
          const outcome = await settle(createLink(client, input as never))
          expect(outcome.ok ? outcome.value : outcome.error).toMatchObject({ name: 'PayLinkValidationError', source: 'input' })
          expect(sends.count, 'a refused input is never sent').toBe(before)
          break
        }
        // Past the client's check, as another client would send it: the service refuses it too.
        await check('createLink', () => send(client, { endpoint: 'createLink', path: '/links', body: input }), (outcome) => {
          expectContractError(!outcome.ok && outcome.error, 422, expect.arrayContaining([expect.objectContaining({ path })]))
        })
        break
      }
      case 'getLink': {
        const code = codeOf(o.link)
        await check('getLink', () => getLink(client, code), (outcome) => {
          if (!model.link(code)) return expectContractError(!outcome.ok && outcome.error, 404)
          expect(expectOk<{ code: string }>(outcome).code).toBe(code)
        })
        break
      }
      case 'pay': {
        const code = codeOf(o.link)
        const quote = await settle(send(client, { endpoint: 'verifyPayment', path: '/payments/verify', body: { code }, expect: [402] }))
        const fault = model.request('verifyPayment')
        if (fault) {
          expectFault(quote, fault)
          break
        }
        const link = model.link(code)
        if (!link || link.atomic === undefined) {
          expectContractError(!quote.ok && quote.error, link ? 409 : 404)
          break
        }
        const { status, headers, data } = expectOk<{ status: number; headers: Headers; data: unknown }>(quote)
        expect(status).toBe(402)
        const offered = [
          ...(headers.has('PAYMENT-REQUIRED') ? [decodePaymentRequired({ headers, body: data })] : []),
          ...(Array.isArray((data as { accepts?: unknown }).accepts) ? [decodePaymentRequired({ headers: new Headers(), body: data })] : []),
        ]
        const required = offered.find((r) => r.x402Version === (o.v1 ? 1 : 2)) ?? offered[0]!
        const offer = required.accepts[0]!
        expect(offer).toMatchObject({ scheme: 'exact', amount: link.atomic, asset: BASE_SEPOLIA_USDC, payTo: MOCK_PAY_TO })
        const v1 = required.x402Version === 1
        const wrong = v1 && o.wrong === 'asset' ? undefined : o.wrong
        const change: Record<string, unknown> =
          wrong === 'amount' ? { amount: String(BigInt(offer.amount) + 1n) }
          : wrong === 'payTo' ? { payTo: '0x2222222222222222222222222222222222222222' }
          : wrong === 'network' ? { network: v1 ? 'base' : 'eip155:8453' }
          : wrong === 'scheme' ? { scheme: 'upto' }
          : wrong === 'asset' ? { asset: '0x2222222222222222222222222222222222222222' }
          : {}
        const signed = { ...offer, ...change, raw: { ...offer.raw, ...change } }
        const { value } = await createPaymentHeader(signed, signer, { resource: required.resource })
        const { authorization } = (decodeBase64Json(value, 'test') as { payload: { authorization: { nonce: string; validBefore: string; from: string } } }).payload
        // The reason a facilitator gives, in the order it checks (a v2 payment's echo of the offer before its authorization).
        const reason =
          wrong === 'scheme' ? R.scheme
          : wrong === 'network' ? R.network
          : wrong && !v1 ? R.acceptedMismatch
          : wrong === 'amount' ? R.value
          : wrong === 'payTo' ? R.recipient
          : undefined
        const payment: SentPayment = {
          header: value,
          code,
          wrong: reason,
          nonce: `${authorization.from.toLowerCase()}:${authorization.nonce.toLowerCase()}`,
          validBefore: Number(authorization.validBefore),
          key: o.key === 'new' ? `key-${++keys}` : o.key === 'last' ? model.lastKey : undefined,
        }
        model.sent.push(payment)
        vi.setSystemTime(Date.now() + o.delayMs)
        await sendPayment(payment, payment.key)
        break
      }
      case 'replay': {
        const payment = model.sent[o.sent % Math.max(1, model.sent.length)]
        if (payment) await sendPayment(payment, o.key === 'same' ? payment.key : o.key === 'new' ? `key-${++keys}` : undefined)
        break
      }
      case 'getPayment':
        await readPayment([...model.paymentIds, 'pay_nope'][o.payment % (model.paymentIds.length + 1)]!)
        break
      case 'getTransfer':
        await readTransfer(ALL_TRANSFERS[o.transfer]!)
        break
      case 'fees': {
        const params = { sourceChain: o.from, destinationChain: o.to, asset: o.asset, amount: o.amount }
        await check('estimateFees', () => estimateFees(client, params), (outcome) => {
          const pair = [o.from, o.to].sort().join('-')
          if (o.asset === 'DAI' || (pair !== 'base-solana' && pair !== 'polygon-solana')) return expectContractError(!outcome.ok && outcome.error, 422, expect.anything())
          const fee = expectOk<{ totalFee: { currency: string }; quotedAt: string; expiresAt: string }>(outcome)
          expect(fee.totalFee.currency).toBe(o.asset)
          expect(Date.parse(fee.expiresAt) - Date.parse(fee.quotedAt)).toBe(model.has('fees-expire-quickly') ? 5_000 : 30_000)
        })
        break
      }
      case 'attention': {
        const code = o.link === undefined ? undefined : codeOf(o.link)
        const input = { ...(code !== undefined && { code }), ...(o.viewer && { viewerId: 'viewer-1' }) }
        await check('createAttentionToken', () => createAttentionToken(client, input), (outcome) => {
          if (code !== undefined && !model.link(code)) return expectContractError(!outcome.ok && outcome.error, 404)
          expect(expectOk<{ expiresAt: string }>(outcome).expiresAt).toBe(new Date(Date.now() + 600_000).toISOString())
        })
        break
      }
      case 'scenario':
        mock.useScenario(o.name)
        model.useScenario(o.name)
        break
      case 'inject': {
        const fault = { ...o.fault, ...(o.times !== undefined && { times: o.times }) }
        mock.inject(o.route, fault)
        model.inject(o.route === '*' ? MOCK_ROUTES : [o.route], fault)
        break
      }
      case 'clearFaults':
        mock.clearFaults(o.route)
        if (o.route) model.faults.delete(o.route)
        else model.faults.clear()
        break
      case 'reset':
        mock.reset()
        model.reset()
        expect(mock.state).toEqual(fresh().state)
        break
    }
    if (readAll) for (const id of [...model.paymentIds, ...ALL_TRANSFERS]) await (id.startsWith('tr_') ? readTransfer(id) : readPayment(id))
    // Money: one ledger entry per payment the model took, each nonce once, never for a link that cannot be paid.
    expect(mock.ledger).toHaveLength(model.charges)
    expect(new Set(mock.ledger.map((e) => `${e.payer.toLowerCase()}:${e.nonce.toLowerCase()}`)).size).toBe(mock.ledger.length)
    for (const entry of mock.ledger) expect([MOCK_LINKS.unpriced, MOCK_LINKS.disabled]).not.toContain(entry.linkCode)
  }
}

describe('the mock API against the contract', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] })
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  const inProcess = (ops: fc.Arbitrary<Op[]>, readAll?: boolean) =>
    fc.asyncProperty(readAll ? optionsOf(COURSES, [0, 5_000, 5_000, 5_000, Infinity]) : options, ops, async (opts, sequence) => {
      vi.setSystemTime(START)
      const mock = createMockApi(opts)
      const sends = { count: 0 }
      const client = createPayLinkClient({
        baseUrl: 'https://api.paylink.test',
        apiKey: MOCK_API_KEY,
        retry: false,
        fetch: async (input, init) => {
          sends.count += 1
          const response = await getResponse(mock.handlers, new Request(input, init))
          if (!response || response.type === 'error') throw new TypeError('fetch failed')
          return response
        },
      })
      await run(mock, client, () => createMockApi(opts), new ContractModel(opts.scenarios), sequence, sends, readAll)
    })

  it('answers random sequences of calls, faults and scenarios through the MSW handlers as the contract says', async () => {
    await fc.assert(inProcess(fc.array(op, { maxLength: 30, size: 'max' })), { numRuns: 300 })
  })

  it('moves payments and transfers only forward, whatever scenario is turned on when', async () => {
    await fc.assert(inProcess(fc.array(lifecycleOp, { maxLength: 10, size: 'max' }), true), { numRuns: 200 })
  })

  it('answers the same over HTTP from startMockServer on 127.0.0.1', async () => {
    await fc.assert(
      fc.asyncProperty(options, fc.array(op, { maxLength: 20, size: 'max' }), async (opts, ops) => {
        vi.setSystemTime(START)
        const server = await startMockServer(opts)
        try {
          const sends = { count: 0 }
          const client = createPayLinkClient({
            baseUrl: server.url,
            apiKey: MOCK_API_KEY,
            retry: false,
            fetch: (input, init) => ((sends.count += 1), fetch(input, init)),
          })
          await run(server.mock, client, () => createMockApi(opts), new ContractModel(opts.scenarios), ops, sends)
        } finally {
          await server.close()
        }
      }),
      { numRuns: 8 },
    )
  })
})
