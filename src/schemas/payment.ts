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
  /** The payment's id (`GET /payments/{id}`). */
  id: nonEmptyStringSchema,
  /** The code of the link paid. */
  linkCode: z.string,
  /**
   * `pending` → `verified` → `settled`, or `failed` / `expired`; it never moves back. Another string
   * is a status this version does not know.
   */
  status: z.string as OpenEnum<typeof PAYMENT_STATUSES>,
  /** The amount paid, as a decimal string in `asset` (`"1.50"`). */
  amount: decimalStringSchema,
  /** The asset paid in, as the API names it (`USDC`). */
  asset: z.string,
  /** The network paid on, as the API names it (CAIP-2 `eip155:84532`, or `base-sepolia`). */
  network: z.string,
  /** The payer's address; may be absent. */
  payer: z.optional(z.string),
  /** The hash of the settlement transaction; may be absent, as before settlement. */
  transaction: z.optional(z.string),
  /** When the payment was made (ISO 8601). */
  createdAt: timestampSchema,
  /** When its status last changed (ISO 8601). */
  updatedAt: timestampSchema,
  /** Why it failed, such as an x402 reason code (`insufficient_funds`); may be absent. */
  failureReason: z.optional(z.string),
})

/** The x402 settlement response plus the time of settlement. */
const settlementProofSchema = z.looseObject({
  /** Whether the payment settled. */
  success: booleanSchema,
  /** The hash of the settlement transaction. */
  transaction: z.string,
  /** The network it settled on, as the API names it (`eip155:84532`). */
  network: z.string,
  /** The payer's address; may be absent. */
  payer: z.optional(z.string),
  // In the token's atomic units where the mock writes it (`"1500000"` for 1.50 USDC). A receipt,
  // never computed with: x402's own settlement response has no amount, and a server that writes
  // one as a decimal must not turn a paid purchase into an unknown one.
  /** The amount settled, as the server wrote it, unchecked: atomic units from the mock (`"1500000"` for 1.50 USDC); may be absent. */
  amount: z.optional(z.string),
  /** The asset settled, as the server wrote it (a token address); may be absent. */
  asset: z.optional(z.string),
  /** When it settled (ISO 8601); may be absent. */
  settledAt: z.optional(timestampSchema),
})

/** The 200 body of `POST /payments/verify`. */
export const verifiedPaymentSchema = z.looseObject({
  /** The payment, as `GET /payments/{id}` reports it. */
  payment: paymentSchema,
  /** The settlement. */
  proof: settlementProofSchema,
})

/** A payment. `status` tells `verified` (accepted, settling) from `settled`. */
export type Payment = z.infer<typeof paymentSchema>
/** A payment status (or one this version does not know). */
export type PaymentStatus = Payment['status']
/** Proof that a payment settled on chain. */
export type SettlementProof = z.infer<typeof settlementProofSchema>

/** The body of `POST /payments/verify`: the link being paid. */
export const verifyInputSchema = z.strictObject({
  /** The code of the link being paid. */
  code: nonEmptyStringSchema,
})
