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
  pending: 'tr_pending',
  sourceConfirmed: 'tr_source_confirmed',
  inTransit: 'tr_in_transit',
  completed: 'tr_completed',
  failed: 'tr_failed',
  refunded: 'tr_refunded',
} as const

/** The USDC contract on Base Sepolia, the asset the mock's 402 asks for. */
export const BASE_SEPOLIA_USDC = '0x036CbD53842c5426634e7929541eC2318f3dCF7e'

/** The address the mock's 402 asks to be paid to, in its EIP-55 spelling (viem's typed data refuses a mixed-case address whose checksum is wrong). */
export const MOCK_PAY_TO = '0x00000000000000000000000000000000000A11cE'

/**
 * The x402 reason codes the mock answers a refused payment with. The EVM ones are those of the
 * reference facilitator (`@x402/evm` 2.x); the generic ones come from the x402 specification.
 */
export const MOCK_X402_REASONS = {
  invalidPayload: 'invalid_payload',
  invalidVersion: 'invalid_x402_version',
  scheme: 'invalid_exact_evm_scheme',
  network: 'invalid_exact_evm_network_mismatch',
  acceptedMismatch: 'no_matching_payment_requirements',
  signature: 'invalid_exact_evm_signature',
  recipient: 'invalid_exact_evm_recipient_mismatch',
  validBefore: 'invalid_exact_evm_payload_authorization_valid_before',
  validAfter: 'invalid_exact_evm_payload_authorization_valid_after',
  value: 'invalid_exact_evm_payload_authorization_value_mismatch',
  nonceUsed: 'invalid_exact_evm_nonce_already_used',
  insufficientFunds: 'insufficient_funds',
  settlementPending: 'settlement_pending',
} as const
