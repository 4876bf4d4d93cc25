import type { PaymentRequired, PaymentRequirement } from '../../src/x402/paymentRequired.js'
import type { PaymentSigner } from '../../src/x402/paymentSigner.js'

export const USDC_BASE_SEPOLIA = '0x036CbD53842c5426634e7929541eC2318f3dCF7e'
export const PAY_TO = '0x209693Bc6afc0C5328bA36FaF03C514EF312287C'

/** A v2 requirement as decodePaymentRequired returns it, `raw` included. */
export function requirement(overrides: Partial<PaymentRequirement> = {}): PaymentRequirement {
  const base = {
    scheme: 'exact',
    network: 'eip155:84532',
    amount: '1000',
    asset: USDC_BASE_SEPOLIA,
    payTo: PAY_TO,
    maxTimeoutSeconds: 300,
    extra: { name: 'USDC', version: '2' },
    ...overrides,
  }
  const { x402Version: _, raw: __, resource: ___, description: ____, ...raw } = base as PaymentRequirement
  return { x402Version: 2, raw, ...base } as PaymentRequirement
}

export function paymentRequired(...accepts: PaymentRequirement[]): PaymentRequired {
  return { x402Version: 2, accepts, receivedAt: 0 }
}

/** A signer that records its calls and returns a fixed payload (or runs `sign`). */
export function fakeSigner(
  networks: readonly string[] = ['eip155:*'],
  sign: PaymentSigner['signPayment'] = async () => ({ signature: '0xsig' }),
): PaymentSigner & { calls: Parameters<PaymentSigner['signPayment']>[] } {
  const calls: Parameters<PaymentSigner['signPayment']>[] = []
  return {
    address: '0x0000000000000000000000000000000000000001',
    networks,
    calls,
    signPayment: (...args) => {
      calls.push(args)
      return sign(...args)
    },
  }
}

/** The EVM `exact` payload as createEvmSigner returns it. */
export interface ExactEvmPayload {
  signature: `0x${string}`
  authorization: { from: string; to: string; value: string; validAfter: string; validBefore: string; nonce: `0x${string}` }
}

/** EIP-3009's typed data, written out here (not imported from src) so that the tests check the signer's against the standard. */
export const authorizationTypes = {
  TransferWithAuthorization: [
    { name: 'from', type: 'address' },
    { name: 'to', type: 'address' },
    { name: 'value', type: 'uint256' },
    { name: 'validAfter', type: 'uint256' },
    { name: 'validBefore', type: 'uint256' },
    { name: 'nonce', type: 'bytes32' },
  ],
} as const

/** Whether `payload.signature` is `address`'s EIP-712 signature of its EIP-3009 authorization on `chainId`/`asset`. */
export async function signedBy(
  payload: ExactEvmPayload,
  domain: { chainId: number; asset: string; name: string; version: string },
  address: `0x${string}`,
): Promise<boolean> {
  const { verifyTypedData } = await import('viem')
  const a = payload.authorization
  return verifyTypedData({
    address,
    signature: payload.signature,
    domain: { name: domain.name, version: domain.version, chainId: domain.chainId, verifyingContract: domain.asset as `0x${string}` },
    types: authorizationTypes,
    primaryType: 'TransferWithAuthorization',
    message: {
      from: a.from as `0x${string}`,
      to: a.to as `0x${string}`,
      value: BigInt(a.value),
      validAfter: BigInt(a.validAfter),
      validBefore: BigInt(a.validBefore),
      nonce: a.nonce,
    },
  })
}
