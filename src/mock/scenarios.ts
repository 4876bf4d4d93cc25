import { PayLinkConfigError } from '../client/errors.js'
import { MOCK_TRANSFER_REASONS, MOCK_X402_REASONS } from './constants.js'
import type { MockContext } from './context.js'
import type { MockFault } from './faults.js'
import type { TransferCourse } from './progress.js'
import type { MockPaymentRecord } from './state.js'

/** The named states a story or test can ask the mock for. */
export const MOCK_SCENARIOS = [
  /** Transfers not completed when it is turned on stop at `in_transit`; their `estimatedCompletionAt` passes. */
  'transfer-stuck-in-transit',
  /** Transfers not completed when it is turned on go on step by step, then end `failed` (`MOCK_TRANSFER_REASONS.failed`, or their own `failureReason`) where they would complete. */
  'transfer-fails',
  /** As `transfer-fails`, but they end `refunded` (`MOCK_TRANSFER_REASONS.refunded`, or their own `failureReason`). */
  'transfer-refunded',
  /** Every well-formed payment is refused with 402 `insufficient_funds`; nothing is charged. */
  'payment-insufficient-funds',
  /** Payments taken while it is on stay `verified` for `SLOW_SETTLE_MS` before they read as `settled`. */
  'payment-settles-slowly',
  /** Payments taken while it is on are accepted (200, `verified`), then read `failed` with `failureReason` `invalid_transaction_state` where they would settle. */
  'payment-fails-to-settle',
  /** Payments taken while it is on are accepted (200, `verified`), then read `expired` where they would settle. */
  'payment-expires',
  /** A paid request is charged but answered 402 `settlement_pending`; the same payload under the same `Idempotency-Key` then gets the 200. */
  'payment-outcome-unknown',
  /** Transfers not completed when it is turned on, and payments taken while it is on, read `MOCK_UNKNOWN_STATUS` (a status this package does not know) for one more step before they end. */
  'unknown-status',
  /** Every link lookup (read, 402 gate, attention) answers 404. */
  'link-not-found',
  /** Every route answers 429 with `Retry-After: 3`. */
  'rate-limited',
  /** Every route answers a gateway's HTML 502 page. */
  'gateway-html-502',
  /** Fee quotes expire `QUICK_QUOTE_TTL_MS` after they are made. */
  'fees-expire-quickly',
  /** Every request loses its connection. */
  'offline',
] as const

/** The name of a scenario. */
export type MockScenario = (typeof MOCK_SCENARIOS)[number]

/** How long a payment takes to settle under `payment-settles-slowly`. */
export const SLOW_SETTLE_MS = 60_000

/** How long a fee quote holds under `fees-expire-quickly`. */
export const QUICK_QUOTE_TTL_MS = 5_000

const TRANSFER_ENDS: Partial<Record<MockScenario, { status: 'failed' | 'refunded'; reason: string }>> = {
  'transfer-fails': { status: 'failed', reason: MOCK_TRANSFER_REASONS.failed },
  'transfer-refunded': { status: 'refunded', reason: MOCK_TRANSFER_REASONS.refunded },
}

const PAYMENT_ENDS: Partial<Record<MockScenario, MockPaymentRecord['endsAs']>> = {
  'payment-fails-to-settle': { status: 'failed', failureReason: MOCK_X402_REASONS.settlementFailed },
  'payment-expires': { status: 'expired' },
}

const FAULTS: Partial<Record<MockScenario, MockFault>> = {
  'rate-limited': { retryAfter: 3 },
  'gateway-html-502': { html502: true },
  offline: { dropConnection: true },
}

/** Turns a scenario on; it stays on, alongside others, until `reset()`. Throws a `PayLinkConfigError` for an unknown name. */
export function applyScenario(ctx: MockContext, name: MockScenario): void {
  if (!(MOCK_SCENARIOS as readonly string[]).includes(name)) {
    throw new PayLinkConfigError(`Unknown mock scenario ${JSON.stringify(name)}`, { details: `Known: ${MOCK_SCENARIOS.join(', ')}` })
  }
  // Turned on again, it is the latest: of two scenarios that answer for every route, the latest wins.
  const since = ctx.scenarios.get(name) ?? ctx.now()
  ctx.scenarios.delete(name)
  ctx.scenarios.set(name, since)
  const ending = TRANSFER_ENDS[name]
  if (ending) ctx.transferEnds.push({ ...ending, since: ctx.now() })
}

/**
 * The fault of the scenarios on (the latest turned on wins), which every route answers with where no
 * injected fault answers instead: kept apart from `inject`'s, so that neither an injected fault
 * nor `clearFaults()` turns a scenario off before `reset()`.
 */
export function scenarioFault(ctx: MockContext): MockFault | undefined {
  let fault: MockFault | undefined
  for (const name of ctx.scenarios.keys()) fault = FAULTS[name] ?? fault
  return fault
}

/** The settle delay in force: `SLOW_SETTLE_MS` under `payment-settles-slowly`, else the mock's `settleDelayMs`. */
export function currentSettleDelayMs(ctx: MockContext): number {
  return ctx.scenarios.has('payment-settles-slowly') ? Math.max(SLOW_SETTLE_MS, ctx.settleDelayMs) : ctx.settleDelayMs
}

/**
 * How the scenarios on bend a transfer's course. Of `transfer-fails` and `transfer-refunded`, the
 * latest turned on before a transfer's end decides it; `transfer-stuck-in-transit` keeps a transfer from reaching it.
 */
export function transferCourse(ctx: MockContext): TransferCourse {
  return { stuckSince: ctx.scenarios.get('transfer-stuck-in-transit'), ends: ctx.transferEnds, unknownSince: ctx.scenarios.get('unknown-status') }
}

/** How a payment taken now ends instead of `settled`: as the latest of `payment-fails-to-settle` and `payment-expires` turned on says. */
export function paymentEnd(ctx: MockContext): MockPaymentRecord['endsAs'] {
  let end: MockPaymentRecord['endsAs']
  for (const name of ctx.scenarios.keys()) end = PAYMENT_ENDS[name] ?? end
  return end
}
