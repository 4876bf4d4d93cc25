import type { Account, Address, Chain, Hex, LocalAccount, Transport, TypedDataDefinition, WalletClient } from 'viem'
import { PayLinkConfigError } from '../client/errors.js'
import { evmChainId, V1_NETWORKS } from '../x402/networks.js'
import type { PaymentSigner } from '../x402/paymentSigner.js'

/** What `createEvmSigner` signs with: a viem local account (`privateKeyToAccount`) or a wallet client that has an account. */
export type EvmSignerSource = LocalAccount | WalletClient<Transport, Chain | undefined, Account | undefined>

const authorizationTypes = {
  TransferWithAuthorization: [
    { name: 'from', type: 'address' },
    { name: 'to', type: 'address' },
    { name: 'value', type: 'uint256' },
    { name: 'validAfter', type: 'uint256' },
    { name: 'validBefore', type: 'uint256' },
    { name: 'nonce', type: 'bytes32' },
  ],
} as const

type AuthorizationTypedData = TypedDataDefinition<typeof authorizationTypes, 'TransferWithAuthorization'>

// The reference client dates validAfter ten minutes back, so a facilitator whose clock runs behind still accepts it.
const CLOCK_SKEW_SECONDS = 600

function randomNonce(): Hex {
  const bytes = crypto.getRandomValues(new Uint8Array(32))
  return `0x${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`
}

function toSign(source: EvmSignerSource): { address: Address; sign: (data: AuthorizationTypedData) => Promise<Hex> } {
  if (!('account' in source)) return { address: source.address, sign: (data) => source.signTypedData(data) }
  const { account } = source
  if (!account) {
    throw new PayLinkConfigError('createEvmSigner needs a wallet client with an account', {
      details: 'Pass createWalletClient({ account, transport }) or a local account such as privateKeyToAccount(key).',
    })
  }
  return { address: account.address, sign: (data) => source.signTypedData({ ...data, account }) }
}

/**
 * A `PaymentSigner` for EVM chains from viem: pays the x402 `exact` scheme with an EIP-3009
 * `transferWithAuthorization` signed as EIP-712 typed data (no RPC call, no gas).
 */
export function createEvmSigner(source: EvmSignerSource): PaymentSigner {
  const { address, sign } = toSign(source)
  return {
    address,
    networks: ['eip155:*', ...Object.keys(V1_NETWORKS).filter((n) => evmChainId(n) !== undefined)],
    async signPayment(requirement) {
      const { name, version, assetTransferMethod } = requirement.extra
      const chainId = evmChainId(requirement.network)
      if (chainId === undefined) throw new Error(`${requirement.network} is not an EVM network this signer knows`)
      if (typeof name !== 'string' || typeof version !== 'string') {
        throw new Error(`The requirement's extra lacks the token's EIP-712 name and version (asset ${requirement.asset})`)
      }
      if (assetTransferMethod !== undefined && assetTransferMethod !== 'eip3009') {
        throw new Error(`Asset transfer method ${String(assetTransferMethod)} is not supported; only EIP-3009`)
      }
      // Up, not down: a fraction of a second floored to 0 would sign an authorization already expired.
      // Checked here too, for a hand-made requirement: `now + 1e21` prints as "1e+21", which BigInt
      // refuses, and the wallet would be blamed. Under 2^53 the sum always prints as digits.
      const seconds = Math.ceil(requirement.maxTimeoutSeconds)
      if (!(seconds > 0 && seconds < 2 ** 53)) {
        throw new Error(`The requirement's maxTimeoutSeconds must be over 0 and under 2^53, not ${requirement.maxTimeoutSeconds}`)
      }
      // Taken now, as the wallet is asked, so that time spent choosing does not shorten the window.
      const now = Math.floor(Date.now() / 1000)
      const authorization = {
        from: address,
        to: requirement.payTo as Address,
        value: requirement.amount,
        validAfter: String(now - CLOCK_SKEW_SECONDS),
        validBefore: String(now + seconds),
        nonce: randomNonce(),
      }
      const signature = await sign({
        domain: { name, version, chainId, verifyingContract: requirement.asset as Address },
        types: authorizationTypes,
        primaryType: 'TransferWithAuthorization',
        message: {
          ...authorization,
          value: BigInt(authorization.value),
          validAfter: BigInt(authorization.validAfter),
          validBefore: BigInt(authorization.validBefore),
        },
      })
      return { signature, authorization }
    },
  }
}
