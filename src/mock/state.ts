import type { Link } from '../schemas/link.js'
import { fakeHash } from './ids.js'
import type { MockPaymentSeed, MockSeed, MockTransferSeed } from './seed.js'

/** A payment as the mock stores it; `status` `verified` turns into `settled` on read once the settle delay has passed. */
export interface MockPaymentRecord extends MockPaymentSeed {
  /** The settlement's transaction hash, for a payment the mock took. */
  transaction?: string | undefined
  /** When a `verified` payment reads as `settled`, ms since the epoch; fixed when it is taken, so a status never moves back. */
  settlesAt?: number | undefined
  /** From when until `settlesAt` a `verified` payment reads `MOCK_UNKNOWN_STATUS`, ms since the epoch (`unknown-status`). */
  unknownFrom?: number | undefined
  /** What it reads as from `settlesAt` on instead of `settled`, fixed when it is taken (`payment-fails-to-settle`, `payment-expires`). */
  endsAs?:
    | {
        /** The status it ends in. */
        status: 'failed' | 'expired'
        /** Why a `failed` one failed. Defaults to none. */
        failureReason?: string | undefined
      }
    | undefined
  /** ms since the epoch. */
  createdAt: number
  /** ms since the epoch. */
  updatedAt: number
}

/** A transfer as the mock stores it; its status is computed on read from `createdAt` and the clock. */
export interface MockTransferRecord extends MockTransferSeed {
  /** ms since the epoch. */
  createdAt: number
}

/** One payment the mock actually took; tests assert "exactly one payment" on these. */
export interface MockLedgerEntry {
  /** The payment id. */
  id: string
  /** The code of the link paid. */
  linkCode: string
  /** The decimal amount (`"1.50"`). */
  amount: string
  /** The price currency (`"USDC"`). */
  asset: string
  /** The network of the payment's requirement: CAIP-2 for a v2 payment, the v1 name for a v1 one. */
  network: string
  /** The payer's address (the authorization's `from`). */
  payer: string
  /** The EIP-3009 nonce of the signed authorization. */
  nonce: string
  /** The request's `Idempotency-Key`, if it had one. */
  idempotencyKey: string | undefined
  /** When it was taken, ms since the epoch. */
  at: number
}

/** An answer kept for an `Idempotency-Key`, replayed as it was. */
export interface StoredAnswer {
  /** The payment header the answer was for: a repeat must carry the same one. */
  paymentHeader: string
  /** The HTTP status. */
  status: number
  /** The response headers. */
  headers: Record<string, string>
  /** The response body, as text. */
  body: string
}

/** Everything the mock holds in memory. */
export interface MockState {
  /** The links by code. */
  links: Map<string, Link>
  /** The payments by id, seeded and taken. */
  payments: Map<string, MockPaymentRecord>
  /** The transfers by id. */
  transfers: Map<string, MockTransferRecord>
  /** `payer:nonce` pairs already spent (EIP-3009 nonces are unique per payer). */
  usedNonces: Set<string>
  /**
   * The answer per `X-API-Key` (`''` for a request without one), then per `Idempotency-Key`, as a
   * promise: the key is claimed when the payment is taken, before its answer is read. Scoped per API
   * key, as Stripe scopes them: another API key's use of the same `Idempotency-Key` is its own request.
   */
  idempotency: Map<string, Map<string, Promise<StoredAnswer>>>
  /** Every payment taken, in order. */
  ledger: MockLedgerEntry[]
  /** The last number handed out by `nextId`. */
  counter: number
}

/** How many steps a seeded transfer has taken (failed and refunded ones stopped after two). */
export const TRANSFER_STEP = { pending: 0, source_confirmed: 1, in_transit: 2, completed: 3, failed: 2, refunded: 2 } as const

/** Builds the state from a seed; seeded payments and transfers are placed in time so that they are in their seeded state at `start`. */
export function createState(seed: MockSeed, start: number, transferStepMs: number, settleDelayMs: number): MockState {
  return {
    // Deep copies: a test that changes a link in place (its price, its splits) must not change the
    // seed, which reset() and every mock made from it start from again.
    links: new Map(seed.links.map((l) => [l.code, structuredClone(l)])),
    payments: new Map(
      seed.payments.map((p) => [
        p.id,
        {
          ...p,
          // Nothing is on chain before the payment is verified.
          ...(p.payer !== undefined && p.status !== 'pending' && { transaction: fakeHash(`tx:${p.id}`) }),
          ...(p.status === 'verified' && { settlesAt: start + settleDelayMs }),
          createdAt: start,
          updatedAt: start,
        },
      ]),
    ),
    // Steps that never end (Infinity) keep each transfer as seeded: it starts there, at `start`.
    transfers: new Map(
      seed.transfers.map((t) => [t.id, { ...t, createdAt: start - (transferStepMs < Infinity ? TRANSFER_STEP[t.status] * transferStepMs : 0) }]),
    ),
    usedNonces: new Set(),
    idempotency: new Map(),
    ledger: [],
    counter: 0,
  }
}
