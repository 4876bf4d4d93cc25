import * as z from './z.js'
import { nonEmptyStringSchema, type OpenEnum, timestampSchema } from './common.js'
import { decimalStringSchema } from './price.js'

/** Transfer statuses in the order they are reached; `failed` and `refunded` end early. */
export const TRANSFER_STATUSES = [
  'pending',
  'source_confirmed',
  'in_transit',
  'completed',
  'failed',
  'refunded',
] as const
/** Transfer statuses after which nothing changes. */
export const TERMINAL_TRANSFER_STATUSES = ['completed', 'failed', 'refunded'] as const

/** A cross-chain transfer. Unknown extra fields are kept. */
export const transferSchema = z.looseObject({
  /** The transfer's id (`GET /bridge/status/{id}`). */
  id: nonEmptyStringSchema,
  /**
   * `pending` → `source_confirmed` → `in_transit` → `completed`, or `failed` / `refunded`; it never
   * moves back. Another string is a status this version does not know.
   */
  status: z.string as OpenEnum<typeof TRANSFER_STATUSES>,
  /** The chain the transfer leaves from, an opaque name (`solana`). */
  sourceChain: z.string,
  /** The chain the transfer arrives on, an opaque name (`base`). */
  destinationChain: z.string,
  /** The asset moved (`USDC`). */
  asset: z.string,
  /** The amount moved, as a decimal string (`"100.5"`). */
  amount: decimalStringSchema,
  /** The transaction's hash on the source chain; may be absent, as before it is sent. */
  sourceTx: z.optional(z.string),
  /** The transaction's hash on the destination chain; may be absent, as before it arrives. */
  destinationTx: z.optional(z.string),
  /** When the transfer began (ISO 8601). */
  createdAt: timestampSchema,
  /** When its status last changed (ISO 8601). */
  updatedAt: timestampSchema,
  /** When it should complete (ISO 8601); may be absent. */
  estimatedCompletionAt: z.optional(timestampSchema),
  /** Why it failed or was refunded; may be absent. */
  failureReason: z.optional(z.string),
})

/** A cross-chain transfer. */
export type Transfer = z.infer<typeof transferSchema>
/** A transfer status (or one this version does not know). */
export type TransferStatus = Transfer['status']
