/** The API key the mock accepts unless told otherwise. */
export const MOCK_API_KEY = 'pk_test_paylink'

/** Codes of the seeded links, for stories and tests. */
export const MOCK_LINKS = {
  /** A payment link priced 1.50 USDC. */
  demo: 'demo',
  /** An engagement link priced 0.25 USDC. */
  engagement: 'engagement',
  /** A payment link without a price: the 402 gate refuses it with 409 `conflict`. */
  unpriced: 'unpriced',
  /** A disabled link: the 402 gate refuses it with 409 `conflict`. */
  disabled: 'disabled',
} as const

/** Ids of the seeded payments, one per state, for stories and tests. */
export const MOCK_PAYMENTS = {
  /** Received, not yet verified; stays so. */
  pending: 'pay_pending',
  /** Accepted, settles `settleDelayMs` after the mock starts. */
  verified: 'pay_verified',
  /** Settled. */
  settled: 'pay_settled',
  /** Failed with `failureReason: 'insufficient_funds'`. */
  failed: 'pay_failed',
  /** Expired before it was paid. */
  expired: 'pay_expired',
} as const

/** Ids of the seeded transfers, one per state, for stories and tests; the first three move on with the clock. */
export const MOCK_TRANSFERS = {
  /** `pending`; one status further every `transferStepMs`, up to `completed`. */
  pending: 'tr_pending',
  /** `source_confirmed`; one status further every `transferStepMs`, up to `completed`. */
  sourceConfirmed: 'tr_source_confirmed',
  /** `in_transit`; `completed` after `transferStepMs`. */
  inTransit: 'tr_in_transit',
  /** `completed`. */
  completed: 'tr_completed',
  /** Failed, with `MOCK_TRANSFER_REASONS.failed`. */
  failed: 'tr_failed',
  /** Refunded, with `MOCK_TRANSFER_REASONS.refunded`. */
  refunded: 'tr_refunded',
} as const

/** The `failureReason` of the seeded failed and refunded transfers, and of those `transfer-fails` and `transfer-refunded` end. */
export const MOCK_TRANSFER_REASONS = {
  /** Of a `failed` transfer. */
  failed: 'The destination chain rejected the mint',
  /** Of a `refunded` transfer. */
  refunded: 'The bridge timed out; the amount went back to the sender',
} as const

/** The status, unknown to this package, that payments and transfers read for one step under the `unknown-status` scenario: one a newer API might add. */
export const MOCK_UNKNOWN_STATUS = 'processing'

/** The USDC contract on Base Sepolia, the asset the mock's 402 asks for. */
export const BASE_SEPOLIA_USDC = '0x036CbD53842c5426634e7929541eC2318f3dCF7e'

/** The address the mock's 402 asks to be paid to, in its EIP-55 spelling (viem's typed data refuses a mixed-case address whose checksum is wrong). */
export const MOCK_PAY_TO = '0x00000000000000000000000000000000000A11cE'

/**
 * The x402 reason codes the mock answers a refused payment with, or gives as the `failureReason` of
 * a payment that failed. The EVM ones are those of the
 * reference facilitator (`@x402/evm` 2.x); the generic ones come from the x402 specification.
 */
export const MOCK_X402_REASONS = {
  /** The header is not base64 JSON of a payment payload, or its `payload` is not an EIP-3009 authorization. */
  invalidPayload: 'invalid_payload',
  /** `x402Version` is not the one of the header it came in (`2` in `PAYMENT-SIGNATURE`, `1` in `X-PAYMENT`), or the gate does not speak it (`x402Version`). */
  invalidVersion: 'invalid_x402_version',
  /** Another scheme than the one offered (`exact`). */
  scheme: 'invalid_exact_evm_scheme',
  /** Another network than the one offered. */
  network: 'invalid_exact_evm_network_mismatch',
  /** A v2 `accepted` that is not the requirement offered. */
  acceptedMismatch: 'no_matching_payment_requirements',
  /** A signature of the wrong shape (the mock does not recover the signer). */
  signature: 'invalid_exact_evm_signature',
  /** An authorization to another address than `payTo`. */
  recipient: 'invalid_exact_evm_recipient_mismatch',
  /** An authorization no longer valid (`validBefore` has passed). */
  validBefore: 'invalid_exact_evm_payload_authorization_valid_before',
  /** An authorization not valid yet (`validAfter` is to come). */
  validAfter: 'invalid_exact_evm_payload_authorization_valid_after',
  /** An authorization for another amount than the price. */
  value: 'invalid_exact_evm_payload_authorization_value_mismatch',
  /** An authorization whose nonce the payer already spent: a payment replayed. */
  nonceUsed: 'invalid_exact_evm_nonce_already_used',
  /** Every payment, under the `payment-insufficient-funds` scenario. */
  insufficientFunds: 'insufficient_funds',
  /** The 402 shown in place of a payment's answer under the `payment-outcome-unknown` scenario. */
  settlementPending: 'settlement_pending',
  /** The `failureReason` of a payment accepted under `payment-fails-to-settle` once it reads `failed`: its settlement did not go through. */
  settlementFailed: 'invalid_transaction_state',
} as const
