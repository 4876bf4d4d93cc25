import type { PaymentRequirement } from '../x402/paymentRequired.js'
import type { PaymentSigner } from '../x402/paymentSigner.js'

/** Options of `createTestSigner`. */
export interface TestSignerOptions {
  /** The payer address. Defaults to `0x00000000000000000000000000000000000B0B00`. */
  address?: string | undefined
  /** Refuse every request as a user would (a `UserRejectedRequestError`, code 4001). Defaults to `false`. */
  rejects?: boolean | undefined
  /** How long the "wallet" takes to sign, in ms. Defaults to `0`. */
  delayMs?: number | undefined
}

const hex = (bytes: number) =>
  `0x${Array.from(crypto.getRandomValues(new Uint8Array(bytes)), (b) => b.toString(16).padStart(2, '0')).join('')}`

/**
 * A wallet stand-in for stories and tests: it signs the `exact` EVM scheme with a random (not
 * cryptographic) signature, which the mock API checks structurally. `calls` counts signatures.
 * Never use it against a real server.
 */
export function createTestSigner(options: TestSignerOptions = {}): PaymentSigner & { readonly calls: number } {
  const address = options.address ?? '0x00000000000000000000000000000000000B0B00'
  let calls = 0
  return {
    address,
    networks: ['eip155:*', 'base', 'base-sepolia'],
    get calls() {
      return calls
    },
    async signPayment(requirement: PaymentRequirement) {
      calls += 1
      if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs))
      if (options.rejects) {
        throw Object.assign(new Error('User rejected the request.'), { name: 'UserRejectedRequestError', code: 4001 })
      }
      const now = Math.floor(Date.now() / 1000)
      return {
        signature: hex(65),
        authorization: {
          from: address,
          to: requirement.payTo,
          value: requirement.amount,
          validAfter: String(now - 600),
          // Whole seconds, rounded up as createEvmSigner does: a fraction is not a uint256.
          validBefore: String(now + Math.ceil(requirement.maxTimeoutSeconds)),
          nonce: hex(32),
        },
      }
    },
  }
}
