import type { Payment } from '../schemas/payment.js'
import type { Transfer } from '../schemas/transfer.js'
import { fakeHash, iso } from './ids.js'
import type { MockPaymentRecord, MockTransferRecord } from './state.js'

/** A payment as the API reports it at `now`: `verified` reads as `settled` once `settleDelayMs` has passed. */
export function paymentAt(record: MockPaymentRecord, now: number, settleDelayMs: number): Payment {
  const { createdAt, updatedAt, ...rest } = record
  const settledAt = createdAt + settleDelayMs
  const settled = record.status === 'verified' && now >= settledAt
  return {
    ...rest,
    status: settled ? 'settled' : record.status,
    createdAt: iso(createdAt),
    updatedAt: iso(settled ? settledAt : updatedAt),
  }
}

const STEPS = ['pending', 'source_confirmed', 'in_transit', 'completed'] as const

/**
 * A transfer as the API reports it at `now`: one step per `stepMs` since creation, stopping at
 * `in_transit` when `stuck`. Failed and refunded transfers stay as seeded.
 */
export function transferAt(record: MockTransferRecord, now: number, stepMs: number, stuck: boolean): Transfer {
  const { createdAt, failureReason, status: seeded, ...rest } = record
  const common = { ...rest, createdAt: iso(createdAt) }
  const sourceTx = fakeHash(`src:${record.id}`)
  if (seeded === 'failed' || seeded === 'refunded') {
    const end = { status: seeded, updatedAt: iso(createdAt + 2 * stepMs), ...(failureReason !== undefined && { failureReason }) }
    return { ...common, sourceTx, ...end }
  }
  const elapsed = Math.max(0, Math.floor((now - createdAt) / stepMs))
  const step = Math.min(elapsed, stuck ? 2 : 3)
  return {
    ...common,
    status: STEPS[step]!,
    updatedAt: iso(createdAt + step * stepMs),
    ...(step >= 1 && { sourceTx }),
    ...(step === 3 ? { destinationTx: fakeHash(`dst:${record.id}`) } : { estimatedCompletionAt: iso(createdAt + 3 * stepMs) }),
  }
}
