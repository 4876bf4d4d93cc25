import * as z from './z.js'
import { nonEmptyStringSchema, type OpenEnum, timestampSchema } from './common.js'
import { decimalStringSchema } from './price.js'
import { booleanSchema } from './primitives.js'

/** Payment statuses in the order they are reached; `failed` and `expired` end early. */
export const PAYMENT_STATUSES = ['pending', 'verified', 'settled', 'failed', 'expired'] as const
/** Payment statuses after which nothing changes. */
export const TERMINAL_PAYMENT_STATUSES = ['settled', 'failed', 'expired'] as const

/** A payment as `GET /payments/{id}` and the verify answer report it. Unknown extra fields are kept. */
export const paymentSchema = z.looseObject({
  id: nonEmptyStringSchema,
  linkCode: z.string,
  status: z.string as OpenEnum<typeof PAYMENT_STATUSES>,
  amount: decimalStringSchema,
  asset: z.string,
  network: z.string,
  payer: z.optional(z.string),
  transaction: z.optional(z.string),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
  failureReason: z.optional(z.string),
})

/** The x402 settlement response plus the time of settlement. */
const settlementProofSchema = z.looseObject({
  success: booleanSchema,
  transaction: z.string,
  network: z.string,
  payer: z.optional(z.string),
  // In the token's atomic units where the mock writes it (`"1500000"` for 1.50 USDC). A receipt,
  // never computed with: x402's own settlement response has no amount, and a server that writes
  // one as a decimal must not turn a paid purchase into an unknown one.
  amount: z.optional(z.string),
  asset: z.optional(z.string),
  settledAt: z.optional(timestampSchema),
})

/** The 200 body of `POST /payments/verify`. */
export const verifiedPaymentSchema = z.looseObject({ payment: paymentSchema, proof: settlementProofSchema })

/** A payment. `status` tells `verified` (accepted, settling) from `settled`. */
export type Payment = z.infer<typeof paymentSchema>
/** A payment status (or one this version does not know). */
export type PaymentStatus = Payment['status']
/** Proof that a payment settled on chain. */
export type SettlementProof = z.infer<typeof settlementProofSchema>

/** The body of `POST /payments/verify`: the link being paid. */
export const verifyInputSchema = z.strictObject({ code: nonEmptyStringSchema })
