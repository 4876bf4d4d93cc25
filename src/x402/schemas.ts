// The x402 messages as types, and as zod schemas for the mock server, which parses payments. The
// client checks what it reads by hand (checks.ts); the requirements and the payment payloads have
// files of their own, so that a bundle carries only the schemas it uses.
export * from './paymentPayloadSchemas.js'
export * from './requirementSchemas.js'

/** A decoded `PAYMENT-RESPONSE` / `X-PAYMENT-RESPONSE` header: the settlement. */
export interface SettleResponse {
  /** Whether the payment settled. */
  success: boolean
  /** Why it did not, as an x402 reason code (`insufficient_funds`, …). */
  errorReason?: string | null | undefined
  /** Why it did not, for a person. */
  errorMessage?: string | null | undefined
  /** Who paid. */
  payer?: string | null | undefined
  /** The settlement transaction (empty when it did not settle). */
  transaction: string
  /** The network it settled on. */
  network: string
  /** The amount settled, in atomic units. */
  amount?: string | null | undefined
  /** Any other field the server sent. */
  [field: string]: unknown
}
