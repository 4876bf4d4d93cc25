import type { PaymentRequirement } from './paymentRequired.js'
import type { ResourceInfo } from './schemas.js'

/** What a signer is told besides the requirement: the version it pays in, and the resource (v2). */
export interface PaymentSignerContext {
  /** The x402 version of the 402; the package wraps the payload in that version's envelope. */
  x402Version: 1 | 2
  /** The resource the 402 was about (v2), as the server described it. */
  resource?: ResourceInfo | undefined
  /**
   * Aborts when the payment is abandoned (the user cancelled, or asked the wallet again): a signer
   * that prompts more than once (a chain switch, then the signature) should stop before the next
   * prompt. A payload that comes after the abort is dropped unsent all the same.
   */
  signal?: AbortSignal | undefined
}

/**
 * A wallet that can pay x402 requirements: it signs the scheme payload and the package wraps it
 * into the v1 `X-PAYMENT` or v2 `PAYMENT-SIGNATURE` envelope. `createEvmSigner` (from
 * `@paylink/react/evm`) makes one from a viem account or wallet client. A Solana wallet plugs in
 * the same way: `networks: ['solana:*', 'solana', 'solana-devnet']`, and a `signPayment` that
 * builds the SPL `transferChecked` transaction the requirement describes (fee payer
 * `extra.feePayer`), signs it partially with the wallet, and returns the `exact` SVM payload
 * `{ transaction: <base64 of the partially signed transaction> }`; the README (Payments) makes one in
 * a few lines over `@x402/svm`'s client, which builds that transaction.
 */
export interface PaymentSigner {
  /** The payer's address, as the chain writes it. */
  readonly address: string
  /** The networks it pays on: v1 names (`base`) and/or CAIP-2 ids (`eip155:8453`), with `namespace:*` wildcards. */
  readonly networks: readonly string[]
  /** The x402 schemes its payloads follow. Defaults to `['exact']`. */
  readonly schemes?: readonly string[] | undefined
  /**
   * Whether it can sign this requirement, for what `networks` and `schemes` cannot tell (an EVM
   * signer that signs EIP-3009 but not Permit2). A requirement it refuses is passed over when one is
   * picked, so that another the server offers is paid instead. Without it, every requirement on its
   * networks and schemes.
   */
  readonly supports?: ((requirement: PaymentRequirement) => boolean) | undefined
  /**
   * Signs one payment and returns the scheme payload; for EVM `exact`, `{ signature, authorization:
   * { from, to, value, validAfter, validBefore, nonce } }`. Throw to refuse (a wallet's
   * `UserRejectedRequestError`, code 4001 or 5000, or a message saying "user rejected" or "user denied",
   * is reported as `wallet_rejected`). A payload that comes
   * back too late to be accepted is never sent (`signer_failed`): an `authorization.validBefore`
   * (seconds) under 6 s away, or, without one, an answer more than `maxTimeoutSeconds` after the ask.
   * Any object type: a payload typed as an interface of yours (which has no index signature) is one.
   */
  signPayment(requirement: PaymentRequirement, context: PaymentSignerContext): Promise<object>
}
