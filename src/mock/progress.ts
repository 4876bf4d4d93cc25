import type { Payment } from '../schemas/payment.js'
import type { Transfer } from '../schemas/transfer.js'
import { fakeHash, iso } from './ids.js'
import { type MockPaymentRecord, type MockTransferRecord, TRANSFER_STEP } from './state.js'

/** A payment as the API reports it at `now`: `verified` reads as `settled` from its `settlesAt` on. */
export function paymentAt(record: MockPaymentRecord, now: number): Payment {
  const { createdAt, updatedAt, settlesAt, ...rest } = record
  const settled = record.status === 'verified' && settlesAt !== undefined && now >= settlesAt
  return {
    ...rest,
    status: settled ? 'settled' : record.status,
    createdAt: iso(createdAt),
    updatedAt: iso(settled ? settlesAt : updatedAt),
  }
}

const STEPS = ['pending', 'source_confirmed', 'in_transit', 'completed'] as const

/**
 * A transfer as the API reports it at `now`: one step per `stepMs` since creation. From `stuckSince`
 * on, one not completed by then stops at `in_transit`. Failed and refunded transfers stay as seeded.
 */
export function transferAt(record: MockTransferRecord, now: number, stepMs: number, stuckSince?: number): Transfer {
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
  // Steps of 0 ms are all taken at once: 0 / 0 steps at the start would be NaN (no status, an Invalid Date).
  const stepAt = (time: number) =>
    endless ? TRANSFER_STEP[seeded] : stepMs > 0 ? Math.min(3, Math.max(0, Math.floor((time - createdAt) / stepMs))) : 3
  const step = stuckSince === undefined ? stepAt(now) : Math.min(stepAt(now), Math.max(2, stepAt(stuckSince)))
  return {
    ...common,
    status: STEPS[step]!,
    updatedAt: after(step),
    ...(step >= 1 && { sourceTx }),
    ...(step === 3 ? { destinationTx: fakeHash(`dst:${record.id}`) } : !endless && { estimatedCompletionAt: after(3) }),
  }
}
