import { type Account, type Address, bytesToHex, type Chain, type Client, getAddress, type Hex, isAddress, type LocalAccount, type Transport, type TypedDataDefinition, UserRejectedRequestError } from 'viem'
import { getChainId, signTypedData, switchChain } from 'viem/actions'
import { getAction } from 'viem/utils'
import { PayLinkConfigError } from '../client/errors.js'
import { isWalletRejection } from '../x402/createPaymentHeader.js'
import type { PaymentRequirement } from '../x402/paymentRequired.js'
import type { PaymentSigner, PaymentSignerContext } from '../x402/paymentSigner.js'

/**
 * What `createEvmSigner` signs with: a viem local account (`privateKeyToAccount`), or a client that has
 * an account: a wallet client, or a bare one such as wagmi's `useConnectorClient()` data.
 */
export type EvmSignerSource = LocalAccount | Client<Transport, Chain | undefined, Account | undefined>

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

// The chain ids of the x402 v1 EVM network names, as the reference client (@x402/evm) pays them.
// Kept here, not in the root's V1_NETWORKS: only this signer needs the chain id, and the signer
// lists the names itself, so that a v1 requirement matches them by name.
const V1_CHAIN_IDS: Readonly<Record<string, number>> = {
  ethereum: 1,
  sepolia: 11155111,
  abstract: 2741,
  'abstract-testnet': 11124,
  base: 8453,
  'base-sepolia': 84532,
  avalanche: 43114,
  'avalanche-fuji': 43113,
  iotex: 4689,
  sei: 1329,
  'sei-testnet': 1328,
  polygon: 137,
  'polygon-amoy': 80002,
  peaq: 3338,
  story: 1514,
  educhain: 41923,
  'skale-base-sepolia': 324705682,
  megaeth: 4326,
  monad: 143,
  stable: 988,
  'stable-testnet': 2201,
  celo: 42220,
  flare: 14,
}

/** The chain id of `eip155:N` (N under 2^53) or of a v1 EVM name, else `undefined`. */
function chainIdOf(network: string): number | undefined {
  // hasOwn: a network named "constructor" must not find Object.prototype.constructor.
  if (Object.hasOwn(V1_CHAIN_IDS, network)) return V1_CHAIN_IDS[network]
  // Under 2^53 only (a safe integer), as the reference client takes it: from there on a number may be
  // another chain's id, which the wallet would be asked to switch to and sign for.
  const id = Number(/^eip155:([1-9]\d*)$/.exec(network)?.[1])
  return id < 2 ** 53 ? id : undefined
}

/**
 * Why this signer cannot sign `requirement`, or `undefined` when it can. `supports` reads it too, so
 * that an offer it would refuse is passed over for another the server lists, not picked and failed.
 * `only`: the one chain whose payments the source's signature holds on, when it is bound to one.
 */
function unsignable(
  { network, asset, payTo, amount, extra: { name, version, assetTransferMethod } }: PaymentRequirement,
  only?: number | false,
): string | undefined {
  const chainId = chainIdOf(network)
  if (!chainId || (only && chainId !== only)) return `${network} is not an EVM network this signer pays on`
  // Here, not at signing: viem refuses a value past uint256 only once the wallet has been asked to
  // switch chains, and a hand-made amount that is no integer would be BigInt's SyntaxError then.
  if (!/^\d+$/.test(amount) || BigInt(amount) >> BigInt(256)) return `The amount ${amount} is not a uint256`
  // In any case, as getAddress checksums it below; not strict, as the reference client pays an
  // address whose mixed case is not its checksum.
  for (const address of [payTo, asset]) if (!isAddress(address, { strict: false })) return `${address} is not an EVM address`
  // Nor empty: the reference client refuses that too, so such an offer is one no x402 client pays.
  if (typeof name !== 'string' || typeof version !== 'string' || !name || !version) return `The requirement's extra lacks the token's EIP-712 name and version (asset ${asset})`
  // Permit2 and other transfer methods need an approval this signer does not make. Absent or null
  // (a server that writes absent fields as null) is EIP-3009, as the reference client reads it.
  if (assetTransferMethod != null && assetTransferMethod !== 'eip3009') {
    return `Asset transfer method ${String(assetTransferMethod)} is not supported; only EIP-3009`
  }
}

const randomNonce = (): Hex => bytesToHex(crypto.getRandomValues(new Uint8Array(32)))

/**
 * `error` if it is the user's refusal, a refusal `isWalletRejection` reads if the wallet's answer holds
 * one deeper, else `undefined`. MetaMask's JSON-RPC engine answers with an error it cannot pass on as
 * it is (a code without a message) as a -32603 holding it under `data.originalError` (`data.cause`
 * from @metamask/rpc-errors 6), as its mobile in-app browser does (Uniswap/web3-react#770, a switch's
 * 4902); viem reads only the outer code, and keeps the answer as the cause. Here, not in
 * `isWalletRejection`: only an EIP-1193 wallet answers so, and the root's bytes are at their ceiling.
 */
function asRefusal(error: unknown): unknown {
  const data = (error as { cause?: { data?: { originalError?: unknown } } } | undefined)?.cause?.data
  return isWalletRejection(error) ? error : isWalletRejection(data?.originalError ?? data) ? new UserRejectedRequestError(error as Error) : undefined
}

/** How a source signs: its address, a step that readies the wallet for a chain, and the signing itself. */
interface Signing {
  address: Address
  /** The only chain it can pay on (a smart account's), if any. */
  only?: number | false | undefined
  /**
   * Asks the wallet to move to `chainId` first where it signs only for the chain it is on; rejects
   * only when the user refuses, and resolves to why it could not move, if it could not.
   */
  onChain: (chainId: number) => Promise<unknown>
  sign: (data: AuthorizationTypedData) => Promise<Hex>
}

function toSign(source: EvmSignerSource): Signing {
  const local = { onChain: async () => {} }
  if (!('account' in source)) return { ...local, address: getAddress(source.address), sign: (data) => source.signTypedData(data) }
  const { account } = source
  if (!account) {
    throw new PayLinkConfigError('createEvmSigner needs a wallet client with an account', {
      details: 'Pass createWalletClient({ account, transport }) or a local account such as privateKeyToAccount(key).',
    })
  }
  // Through viem's getAction: a bare client (wagmi's connector client) has no wallet actions as
  // methods, and an extended client's own (a smart account's signTypedData) still win.
  return {
    // Checksummed, as `from` is: viem refuses typed data whose address is mixed case but not EIP-55,
    // as a wallet may hand it out (in capitals, or checksummed for Rootstock by EIP-1191), and the
    // reference facilitator refuses such a `from` (invalid_exact_evm_signature). The wallet is still
    // asked by its own spelling.
    address: getAddress(account.address),
    // A smart account's signature (Coinbase's, Solady's ERC-7739) wraps the hash with its own client's
    // chain id, which its contract on another chain reads as another message: signed for that chain,
    // it could only be refused once sent, and the purchase left unknown. No wallet switch changes it.
    only: account.type === 'smart' && account.client.chain?.id,
    sign: (data) => getAction(source, signTypedData, 'signTypedData')({ ...data, account }),
    // A wallet signs typed data only for the chain it is on (MetaMask refuses another chain's domain),
    // so it is asked to switch first, as a dapp does before a transaction. A local account signs
    // for any chain. Only the user's refusal stops the payment: a wallet that cannot switch (a node
    // without the method, a chain it does not list) or say its chain is asked to sign all the same,
    // as it did before switching was asked, and may well sign. One that then fails is told by why it
    // could not switch (MetaMask's -32002: a switch prompt is open already), not by its chain.
    onChain:
      account.type === 'local'
        ? local.onChain
        : async (chainId) => {
            try {
              if ((await getAction(source, getChainId, 'getChainId')({})) !== chainId) await getAction(source, switchChain, 'switchChain')({ id: chainId })
            } catch (error) {
              // A refusal in any of the forms a signature's refusal is read in (viem passes on a
              // wallet's own, such as ethers' ACTION_REJECTED, as the cause of an UnknownRpcError).
              const refusal = asRefusal(error)
              if (refusal) throw refusal
              return error
            }
          },
  }
}

/**
 * A `PaymentSigner` for EVM chains from viem: pays the x402 `exact` scheme with an EIP-3009
 * `transferWithAuthorization` signed as EIP-712 typed data (no transaction, no gas), on any `eip155:N`
 * (N under 2^53) and every x402 v1 EVM name the reference client knows. A requirement it cannot sign (another
 * `extra.assetTransferMethod` such as Permit2, a token without its EIP-712 name and version, a chain
 * it does not know, a chain other than a smart account's own, a `payTo` or `asset` that is not an EVM address, an amount past uint256, an offer valid for 6 s or less) is not supported, so another one the server offers is paid. A wallet client
 * on another chain is asked to switch to the requirement's chain before signing; refusing is a refusal,
 * and a payment abandoned meanwhile (`context.signal`) is not signed.
 */
export function createEvmSigner(source: EvmSignerSource): PaymentSigner {
  const { address, only, onChain, sign } = toSign(source)
  return {
    address,
    networks: ['eip155:*', ...Object.keys(V1_CHAIN_IDS)],
    // Facilitators refuse an authorization with under 6 s left, so createPaymentHeader never sends
    // one: an offer valid for 6 s or less would have the user sign for nothing.
    supports: (requirement) => requirement.maxTimeoutSeconds > 6 && !unsignable(requirement, only),
    // The context is optional here: a caller written in JavaScript may leave it out.
    async signPayment(requirement, context?: PaymentSignerContext) {
      const signal = context?.signal
      const problem = unsignable(requirement, only)
      if (problem) throw new Error(problem)
      const { name, version } = requirement.extra as { name: string; version: string }
      const chainId = chainIdOf(requirement.network)!
      // Up, not down: a fraction of a second floored to 0 would sign an authorization already expired.
      // Checked here too, for a hand-made requirement: `now + 1e21` prints as "1e+21", which BigInt
      // refuses, and the wallet would be blamed. Under 2^53 the sum always prints as digits.
      const seconds = Math.ceil(requirement.maxTimeoutSeconds)
      if (!(seconds > 0 && seconds < 2 ** 53)) {
        throw new Error(`The requirement's maxTimeoutSeconds must be over 0 and under 2^53, not ${requirement.maxTimeoutSeconds}`)
      }
      // Before the window opens: the time the user takes to approve the switch must not shorten it.
      // No prompt for a payment abandoned already, nor a second one for one abandoned while the
      // switch prompt was open.
      signal?.throwIfAborted()
      const unswitched = await onChain(chainId)
      signal?.throwIfAborted()
      // Taken now, as the wallet is asked, so that time spent choosing does not shorten the window.
      const now = Math.floor(Date.now() / 1000)
      const authorization = {
        from: address,
        // Checksummed as the reference client does: a seller may write the address in capitals,
        // which viem's typed-data check refuses as it came.
        to: getAddress(requirement.payTo),
        value: requirement.amount,
        // Valid from the start of time, as the reference v2 client signs: a window opening at the
        // device's "now" would be refused by a facilitator whose clock is behind the device's.
        validAfter: '0',
        validBefore: String(now + seconds),
        nonce: randomNonce(),
      }
      let signature = await sign({
        domain: { name, version, chainId, verifyingContract: getAddress(requirement.asset) },
        types: authorizationTypes,
        primaryType: 'TransferWithAuthorization',
        message: {
          ...authorization,
          value: BigInt(authorization.value),
          validAfter: BigInt(authorization.validAfter),
          validBefore: BigInt(authorization.validBefore),
        },
      }).catch((error) => {
        throw asRefusal(error) || unswitched || error
      })
      // A Safe answers 0x while its signature waits for its owners on-chain: sent, it could only be
      // refused, leaving the purchase unknown. Longer than 65 bytes is a smart wallet's, and is taken.
      if (!/^0x([\da-f]{2})+$/i.test(signature)) throw new Error(`The wallet returned no signature: ${signature}`)
      // A Ledger through MetaMask may end an ECDSA signature in v 0 or 1, which recovers off-chain (the
      // facilitator verifies it) but which the token's ecrecover refuses: it takes 27 or 28.
      signature = signature.replace(/^(.{130})0([01])$/, (_, rs: string, v: string) => rs + (+v + 27).toString(16)) as Hex
      return { signature, authorization }
    },
  }
}
