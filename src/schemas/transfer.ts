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
  id: nonEmptyStringSchema,
  status: z.string as OpenEnum<typeof TRANSFER_STATUSES>,
  sourceChain: z.string,
  destinationChain: z.string,
  asset: z.string,
  amount: decimalStringSchema,
  sourceTx: z.optional(z.string),
  destinationTx: z.optional(z.string),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
  estimatedCompletionAt: z.optional(timestampSchema),
  failureReason: z.optional(z.string),
})

/** A cross-chain transfer. */
export type Transfer = z.infer<typeof transferSchema>
/** A transfer status (or one this version does not know). */
export type TransferStatus = Transfer['status']
