// Type-checked by customSigner.test.ts, never run: a wallet of the app's own as a `PaymentSigner`
// (README, Signers), its payload typed as the app types it: an interface (which has no index
// signature), a type alias, or a class.
import type { PaymentRequirement, PaymentSigner, PaymentSignerContext } from '../../src/x402.js'

interface Authorization {
  from: string
  to: string
  value: string
  validAfter: string
  validBefore: string
  nonce: string
}
interface ExactEvmPayload {
  signature: string
  authorization: Authorization
}
type SvmPayload = { transaction: string }
declare function signWithWallet(requirement: PaymentRequirement, signal?: AbortSignal): Promise<ExactEvmPayload>

export const evm: PaymentSigner = {
  address: '0x1111111111111111111111111111111111111111',
  networks: ['eip155:*'],
  signPayment: (requirement, context) => signWithWallet(requirement, context.signal),
}

export const solana: PaymentSigner = {
  address: 'So11111111111111111111111111111111111111112',
  networks: ['solana:*'],
  async signPayment(): Promise<SvmPayload> {
    return { transaction: 'AQ==' }
  },
}

export class Wallet implements PaymentSigner {
  readonly address = '0x1111111111111111111111111111111111111111'
  readonly networks = ['base'] as const
  async signPayment(requirement: PaymentRequirement, context: PaymentSignerContext): Promise<ExactEvmPayload> {
    return signWithWallet(requirement, context.signal)
  }
}

export const refused: PaymentSigner = {
  address: '0x1',
  networks: ['base'],
  // @ts-expect-error the payload is an object, not its base64 text: the package encodes it
  signPayment: async () => 'eyJzaWduYXR1cmUiOiIweCJ9',
}
