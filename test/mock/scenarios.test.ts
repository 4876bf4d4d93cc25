import { getResponse } from 'msw'
import {
  createPayLinkClient,
  estimateFees,
  getBridgeStatus,
  getLink,
  getPayment,
  PayLinkConfigError,
  PayLinkNetworkError,
  type PaymentRequirement,
  verifyPayment,
} from '../../src/client.js'
import { createMockApi, MOCK_API_KEY, MOCK_LINKS, MOCK_SCENARIOS, MOCK_TRANSFER_REASONS, MOCK_TRANSFERS, MOCK_UNKNOWN_STATUS, MOCK_X402_REASONS, type MockScenario, SLOW_SETTLE_MS } from '../../src/mock.js'
import { BASE_URL, mockHarness, START } from './harness.js'
import { v2Payment } from './payloads.js'

const { client, clock, mock } = mockHarness({ settleDelayMs: 2_000, transferStepMs: 5_000 })
const fail = (promise: Promise<unknown>) => promise.then(() => undefined, (e: unknown) => e)
const fees = { sourceChain: 'solana', destinationChain: 'base', asset: 'USDC', amount: '10' }

async function quote(): Promise<PaymentRequirement> {
  const result = await verifyPayment(client, { code: MOCK_LINKS.demo })
  if (result.status !== 'payment-required') throw new Error('expected a 402')
  return result.paymentRequired.accepts[0]!
}

/** Pays the demo link with a payment signed now; the gate's answer, whatever it is. */
const payDemo = async () => verifyPayment(client, { code: MOCK_LINKS.demo }, { paymentHeader: v2Payment(await quote(), clock.now) })

/** Pays the demo link and returns the accepted answer; throws if the gate refused it. */
async function paidDemo() {
  const paid = await payDemo()
  if (paid.status !== 'paid') throw new Error('expected the payment to go through')
  return paid
}

describe('scenarios', () => {
  it('lists every scenario by name', () => {
    expect(MOCK_SCENARIOS).toEqual([
      'transfer-stuck-in-transit',
      'transfer-fails',
      'transfer-refunded',
      'payment-insufficient-funds',
      'payment-settles-slowly',
      'payment-fails-to-settle',
      'payment-expires',
      'payment-outcome-unknown',
      'unknown-status',
      'link-not-found',
      'rate-limited',
      'gateway-html-502',
      'fees-expire-quickly',
      'offline',
    ])
  })

  it('transfer-stuck-in-transit: transfers stop at in_transit while their estimate passes', async () => {
    mock.useScenario('transfer-stuck-in-transit')
    clock.now += 60_000
    const transfer = await getBridgeStatus(client, MOCK_TRANSFERS.pending)
    expect(transfer.status).toBe('in_transit')
    expect(Date.parse(transfer.estimatedCompletionAt!)).toBeLessThan(clock.now)
    expect((await getBridgeStatus(client, MOCK_TRANSFERS.completed)).status).toBe('completed')
  })

  it('transfer-fails: a transfer goes through its steps on the clock, then ends failed with a reason', async () => {
    mock.useScenario('transfer-fails')
    const at = async (ms: number) => {
      clock.now = START + ms
      return getBridgeStatus(client, MOCK_TRANSFERS.pending)
    }
    expect((await at(0)).status).toBe('pending')
    expect(await at(5_000)).toMatchObject({ status: 'source_confirmed', sourceTx: expect.any(String) })
    const inTransit = await at(10_000)
    expect(inTransit).toMatchObject({ status: 'in_transit', estimatedCompletionAt: new Date(START + 15_000).toISOString() })
    expect(inTransit.failureReason).toBeUndefined()
    const failed = await at(15_000)
    expect(failed).toMatchObject({
      status: 'failed',
      failureReason: MOCK_TRANSFER_REASONS.failed,
      sourceTx: inTransit.sourceTx,
      updatedAt: new Date(START + 15_000).toISOString(),
    })
    expect(failed.destinationTx).toBeUndefined()
    expect(failed.estimatedCompletionAt).toBeUndefined()
    expect(await at(60_000)).toEqual(failed)
    // Those completed before it was turned on stay completed.
    expect((await getBridgeStatus(client, MOCK_TRANSFERS.completed)).status).toBe('completed')
  })

  it('transfer-refunded: a transfer in transit ends refunded with a reason; the latest of the two endings wins', async () => {
    mock.useScenario('transfer-fails')
    mock.useScenario('transfer-refunded')
    expect((await getBridgeStatus(client, MOCK_TRANSFERS.inTransit)).status).toBe('in_transit')
    clock.now += 5_000
    const refunded = await getBridgeStatus(client, MOCK_TRANSFERS.inTransit)
    expect(refunded).toMatchObject({ status: 'refunded', failureReason: MOCK_TRANSFER_REASONS.refunded })
    expect(refunded.destinationTx).toBeUndefined()
  })

  it('keeps a transfer that ended failed as it ended when transfer-refunded is turned on after, or transfer-fails again', async () => {
    mock.useScenario('transfer-fails')
    clock.now += 5_000
    expect((await getBridgeStatus(client, MOCK_TRANSFERS.inTransit)).status).toBe('failed')
    mock.useScenario('transfer-refunded')
    clock.now += 5_000
    expect((await getBridgeStatus(client, MOCK_TRANSFERS.inTransit))).toMatchObject({ status: 'failed', failureReason: MOCK_TRANSFER_REASONS.failed })
    expect((await getBridgeStatus(client, MOCK_TRANSFERS.sourceConfirmed)).status).toBe('refunded')
    mock.useScenario('transfer-fails')
    clock.now += 60_000
    expect((await getBridgeStatus(client, MOCK_TRANSFERS.sourceConfirmed)).status).toBe('refunded')
    expect((await getBridgeStatus(client, MOCK_TRANSFERS.pending)).status).toBe('failed')
  })

  it('transfer-stuck-in-transit keeps a transfer from the end transfer-fails would give it', async () => {
    mock.useScenario('transfer-fails')
    mock.useScenario('transfer-stuck-in-transit')
    clock.now += 60_000
    expect((await getBridgeStatus(client, MOCK_TRANSFERS.pending)).status).toBe('in_transit')
  })

  it('payment-insufficient-funds: a well-formed payment is refused with insufficient_funds and nothing is charged', async () => {
    mock.useScenario('payment-insufficient-funds')
    const result = await payDemo()
    expect(result).toMatchObject({ status: 'payment-required', paymentRequired: { error: MOCK_X402_REASONS.insufficientFunds } })
    expect(mock.ledger).toEqual([])
  })

  it('payment-settles-slowly: a payment stays verified long after settleDelayMs', async () => {
    mock.useScenario('payment-settles-slowly')
    const paid = await paidDemo()
    clock.now += SLOW_SETTLE_MS - 1
    expect((await getPayment(client, paid.payment.id)).status).toBe('verified')
    clock.now += 1
    expect((await getPayment(client, paid.payment.id)).status).toBe('settled')
  })

  it('payment-fails-to-settle: an accepted payment stays verified, then reads failed with a reason where it would settle', async () => {
    const before = await paidDemo()
    mock.useScenario('payment-fails-to-settle')
    const paid = await paidDemo()
    expect(paid.payment).toMatchObject({ status: 'verified' })
    expect(paid.payment.failureReason).toBeUndefined()
    clock.now += 1_999
    expect((await getPayment(client, paid.payment.id)).status).toBe('verified')
    clock.now += 1
    const failed = await getPayment(client, paid.payment.id)
    expect(failed).toMatchObject({
      status: 'failed',
      failureReason: MOCK_X402_REASONS.settlementFailed,
      updatedAt: new Date(clock.now).toISOString(),
    })
    clock.now += 60_000
    expect(await getPayment(client, paid.payment.id)).toEqual(failed)
    // One taken before it was turned on settles; each purchase was charged once.
    expect((await getPayment(client, before.payment.id)).status).toBe('settled')
    expect(mock.ledger.map((e) => e.id)).toEqual([before.payment.id, paid.payment.id])
  })

  it('payment-expires: an accepted payment reads expired where it would settle (under payment-settles-slowly, that much later)', async () => {
    mock.useScenario('payment-expires')
    mock.useScenario('payment-settles-slowly')
    const paid = await paidDemo()
    clock.now += SLOW_SETTLE_MS - 1
    expect(await getPayment(client, paid.payment.id)).toMatchObject({ status: 'verified', transaction: paid.payment.transaction })
    clock.now += 1
    const expired = await getPayment(client, paid.payment.id)
    expect(expired.status).toBe('expired')
    expect(expired.failureReason).toBeUndefined()
    // Nothing was settled, so nothing is on chain: an app must not link an explorer to a transaction.
    expect(expired).not.toHaveProperty('transaction')
  })

  it('payment-fails-to-settle with settleDelayMs 0: the gate answers verified, and the payment fails right after', async () => {
    const instant = createMockApi({ settleDelayMs: 0, now: () => clock.now, scenarios: ['payment-fails-to-settle'] })
    const direct = createPayLinkClient({
      baseUrl: BASE_URL,
      apiKey: MOCK_API_KEY,
      retry: false,
      fetch: async (input, init) => (await getResponse(instant.handlers, new Request(input, init)))!,
    })
    const required = await verifyPayment(direct, { code: MOCK_LINKS.demo })
    if (required.status !== 'payment-required') throw new Error('expected a 402')
    const paid = await verifyPayment(direct, { code: MOCK_LINKS.demo }, { paymentHeader: v2Payment(required.paymentRequired.accepts[0]!, clock.now) })
    expect(paid).toMatchObject({ status: 'paid', payment: { status: 'verified' } })
    clock.now += 1
    expect((await getPayment(direct, instant.ledger[0]!.id)).status).toBe('failed')
  })

  it('never moves a status back when a scenario is turned on later', async () => {
    const paid = await paidDemo()
    clock.now += 15_000
    expect((await getPayment(client, paid.payment.id)).status).toBe('settled')
    expect((await getBridgeStatus(client, MOCK_TRANSFERS.pending)).status).toBe('completed')
    mock.useScenario('payment-settles-slowly')
    mock.useScenario('transfer-stuck-in-transit')
    mock.useScenario('transfer-fails')
    mock.useScenario('payment-fails-to-settle')
    expect((await getPayment(client, paid.payment.id)).status).toBe('settled')
    expect((await getBridgeStatus(client, MOCK_TRANSFERS.pending)).status).toBe('completed')
  })

  it('payment-outcome-unknown: the paid request gets a 402 although it was charged; the same payload and key then get the 200', async () => {
    mock.useScenario('payment-outcome-unknown')
    const paymentHeader = v2Payment(await quote(), clock.now)
    const first = await verifyPayment(client, { code: MOCK_LINKS.demo }, { paymentHeader, idempotencyKey: 'purchase-1' })
    expect(first).toMatchObject({ status: 'payment-required', paymentRequired: { error: MOCK_X402_REASONS.settlementPending } })
    expect(mock.ledger).toHaveLength(1)
    const again = await verifyPayment(client, { code: MOCK_LINKS.demo }, { paymentHeader, idempotencyKey: 'purchase-1' })
    expect(again).toMatchObject({ status: 'paid', payment: { id: mock.ledger[0]!.id } })
    expect(mock.ledger).toHaveLength(1)
  })

  it('unknown-status: a transfer reads a status the package does not know for one step, then completes (or ends as transfer-fails says)', async () => {
    mock.useScenario('unknown-status')
    const inTransit = await getBridgeStatus(client, MOCK_TRANSFERS.inTransit)
    expect(inTransit).toMatchObject({ status: 'in_transit', estimatedCompletionAt: new Date(START + 10_000).toISOString() })
    clock.now += 5_000
    const unknown = await getBridgeStatus(client, MOCK_TRANSFERS.inTransit)
    expect(unknown).toMatchObject({
      status: MOCK_UNKNOWN_STATUS,
      sourceTx: inTransit.sourceTx,
      updatedAt: new Date(clock.now).toISOString(),
      estimatedCompletionAt: new Date(START + 10_000).toISOString(),
    })
    expect(unknown.destinationTx).toBeUndefined()
    clock.now += 5_000
    expect(await getBridgeStatus(client, MOCK_TRANSFERS.inTransit)).toMatchObject({ status: 'completed', destinationTx: expect.any(String) })
    mock.useScenario('transfer-fails')
    expect((await getBridgeStatus(client, MOCK_TRANSFERS.sourceConfirmed)).status).toBe(MOCK_UNKNOWN_STATUS)
    clock.now += 5_000
    expect(await getBridgeStatus(client, MOCK_TRANSFERS.sourceConfirmed)).toMatchObject({ status: 'failed', failureReason: MOCK_TRANSFER_REASONS.failed })
    // Those completed before it was turned on stay completed.
    expect((await getBridgeStatus(client, MOCK_TRANSFERS.completed)).status).toBe('completed')
  })

  it('unknown-status: an accepted payment reads a status the package does not know for one settle delay, then settles (or fails)', async () => {
    mock.useScenario('unknown-status')
    const pay = async () => {
      const paid = await paidDemo()
      expect(paid.payment.status).toBe('verified')
      return paid.payment.id
    }
    const id = await pay()
    clock.now += 2_000
    expect(await getPayment(client, id)).toMatchObject({ status: MOCK_UNKNOWN_STATUS, updatedAt: new Date(clock.now).toISOString() })
    clock.now += 2_000
    expect((await getPayment(client, id)).status).toBe('settled')
    mock.useScenario('payment-fails-to-settle')
    const failing = await pay()
    clock.now += 2_000
    expect((await getPayment(client, failing)).status).toBe(MOCK_UNKNOWN_STATUS)
    clock.now += 2_000
    expect(await getPayment(client, failing)).toMatchObject({ status: 'failed', failureReason: MOCK_X402_REASONS.settlementFailed })
  })

  it('link-not-found: every link lookup answers 404', async () => {
    mock.useScenario('link-not-found')
    expect(await fail(getLink(client, MOCK_LINKS.demo))).toMatchObject({ status: 404, code: 'not_found' })
    expect(await fail(verifyPayment(client, { code: MOCK_LINKS.demo }))).toMatchObject({ status: 404 })
  })

  it('rate-limited: every route answers 429 with Retry-After', async () => {
    mock.useScenario('rate-limited')
    expect(await fail(getLink(client, MOCK_LINKS.demo))).toMatchObject({ status: 429, retryAfterSeconds: 3 })
    expect(await fail(estimateFees(client, fees))).toMatchObject({ status: 429 })
  })

  it('gateway-html-502: every route answers a gateway page', async () => {
    mock.useScenario('gateway-html-502')
    expect(await fail(getBridgeStatus(client, MOCK_TRANSFERS.completed))).toMatchObject({ status: 502, code: 'server_error' })
  })

  it('fees-expire-quickly: quotes hold for 5 seconds instead of 30', async () => {
    mock.useScenario('fees-expire-quickly')
    const fee = await estimateFees(client, fees)
    expect(Date.parse(fee.expiresAt!) - Date.parse(fee.quotedAt!)).toBe(5_000)
  })

  it('offline: every request loses its connection', async () => {
    mock.useScenario('offline')
    expect(await fail(getLink(client, MOCK_LINKS.demo))).toBeInstanceOf(PayLinkNetworkError)
    expect(await fail(verifyPayment(client, { code: MOCK_LINKS.demo }))).toBeInstanceOf(PayLinkNetworkError)
  })

  // A scenario "stays on, alongside others, until reset()": a story that asks for `rate-limited`
  // and a slow link (`faults: { getLink: { latencyMs } }`) must get a slow 429, not a slow link.
  it('stays on until reset(): a fault injected on a route adds to it, and clearFaults() leaves it on', async () => {
    mock.useScenario('rate-limited')
    mock.inject('getLink', { latencyMs: 1 })
    expect(await fail(getLink(client, MOCK_LINKS.demo))).toMatchObject({ status: 429, retryAfterSeconds: 3 })
    mock.inject('estimateFees', { status: 503, times: 1 })
    expect(await fail(estimateFees(client, fees))).toMatchObject({ status: 503 })
    expect(await fail(estimateFees(client, fees))).toMatchObject({ status: 429 })
    mock.clearFaults()
    expect(await fail(getBridgeStatus(client, MOCK_TRANSFERS.completed))).toMatchObject({ status: 429 })
  })

  it('reset() turns scenarios off and puts the seed back', async () => {
    mock.useScenario('offline')
    mock.reset()
    expect((await getLink(client, MOCK_LINKS.demo)).code).toBe('demo')
    expect(new Date(START).toISOString()).toBe((await estimateFees(client, fees)).quotedAt)
  })

  it('refuses an unknown scenario name with a PayLinkConfigError that names it and lists the known ones', () => {
    expect(() => mock.useScenario('no-such-thing' as MockScenario)).toThrow(PayLinkConfigError)
    expect(() => mock.useScenario('rate-limit' as MockScenario)).toThrow(/^Unknown mock scenario "rate-limit"\n\nDetails: Known: transfer-stuck-in-transit, transfer-fails, .*, rate-limited, .*, offline$/)
  })
})
