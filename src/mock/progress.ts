import type { Payment } from '../schemas/payment.js'
import type { Transfer } from '../schemas/transfer.js'
import { MOCK_UNKNOWN_STATUS } from './constants.js'
import { fakeHash, iso } from './ids.js'
import { type MockPaymentRecord, type MockTransferRecord, TRANSFER_STEP } from './state.js'

/**
 * A payment as the API reports it at `now`: `verified` reads as `MOCK_UNKNOWN_STATUS` from its
 * `unknownFrom` on, and as `settled` (or its `endsAs`) from its `settlesAt` on.
 */
export function paymentAt(record: MockPaymentRecord, now: number): Payment {
  const { createdAt, updatedAt, settlesAt, endsAs, unknownFrom, transaction, ...rest } = record
  const verified = record.status === 'verified'
  const settled = verified && settlesAt !== undefined && now >= settlesAt
  const unknown = verified && !settled && unknownFrom !== undefined && now >= unknownFrom
  return {
    ...rest,
    // An authorization that expired was never settled: no transaction went on chain.
    ...(transaction !== undefined && !(settled && endsAs?.status === 'expired') && { transaction }),
    status: settled ? 'settled' : unknown ? MOCK_UNKNOWN_STATUS : record.status,
    ...(settled && endsAs),
    createdAt: iso(createdAt),
    updatedAt: iso(settled ? settlesAt : unknown ? unknownFrom : updatedAt),
  }
}

const STEPS = ['pending', 'source_confirmed', 'in_transit'] as const

/** How the scenarios on bend the course of a transfer not completed when they were turned on (times in ms since the epoch). */
export interface TransferCourse {
  /** From then on, a transfer not completed goes no further than `in_transit` (`transfer-stuck-in-transit`). */
  stuckSince?: number | undefined
  /**
   * Each turning on of `transfer-fails` or `transfer-refunded`, in order, `since` when: a transfer
   * ends as the latest turned on before it would complete says, with its own `failureReason` or `reason`.
   */
  ends?: readonly { status: 'failed' | 'refunded'; since: number; reason: string }[] | undefined
  /** A transfer not completed by then reads `MOCK_UNKNOWN_STATUS` for one more step before it ends (`unknown-status`). */
  unknownSince?: number | undefined
}

/**
 * A transfer as the API reports it at `now`: one step per `stepMs` since creation, bent by `course`.
 * Seeded failed and refunded transfers stay as seeded.
 */
export function transferAt(record: MockTransferRecord, now: number, stepMs: number, course: TransferCourse = {}): Transfer {
  const { createdAt, failureReason, status: seeded, ...rest } = record
  const common = { ...rest, createdAt: iso(createdAt) }
  const sourceTx = fakeHash(`src:${record.id}`)
  // Steps that never end (Infinity): a transfer stays as seeded, as of its creation, with no estimate.
  const endless = !(stepMs < Infinity)
  const after = (steps: number) => iso(endless ? createdAt : createdAt + steps * stepMs)
  if (seeded === 'failed' || seeded === 'refunded') {
    const end = { status: seeded, updatedAt: after(2), ...(failureReason !== undefined && { failureReason }) }
    return { ...common, sourceTx, ...end }
  }
  // A scenario changes only an end still to come when it was turned on: a status never moves back.
  const comesAfter = (steps: number, since: number | undefined) => !endless && since !== undefined && createdAt + steps * stepMs > since
  const last = comesAfter(3, course.unknownSince) ? 4 : 3
  // The latest turned on before the transfer's end, not the latest of all: one turned on once a
  // transfer has ended does not change how it ended.
  const end = course.ends?.filter((e) => comesAfter(last, e.since)).pop()
  // Steps of 0 ms are all taken at once: 0 / 0 steps at the start would be NaN (no status, an Invalid Date).
  const stepAt = (time: number) =>
    endless ? TRANSFER_STEP[seeded] : stepMs > 0 ? Math.min(last, Math.max(0, Math.floor((time - createdAt) / stepMs))) : last
  const { stuckSince } = course
  const step = stuckSince === undefined ? stepAt(now) : Math.min(stepAt(now), Math.max(2, stepAt(stuckSince)))
  return {
    ...common,
    status: STEPS[step] ?? (step < last ? MOCK_UNKNOWN_STATUS : (end?.status ?? 'completed')),
    updatedAt: after(step),
    ...(step >= 1 && { sourceTx }),
    ...(step < last
      ? !endless && { estimatedCompletionAt: after(last) }
      : end
        ? { failureReason: failureReason ?? end.reason }
        : { destinationTx: fakeHash(`dst:${record.id}`) }),
  }
}
