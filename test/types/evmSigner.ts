// Type-checked by evmSigner.test.ts, never run: the viem clients an app has that `createEvmSigner`
// takes as they are, with no cast. wagmi's own types, reproduced (the package does not depend on
// wagmi): `useWalletClient().data` is a WalletClient, `useConnectorClient().data` a bare Client.
import type { Account, Chain, Client, HttpTransport, LocalAccount, WalletClient } from 'viem'
import { baseSepolia } from 'viem/chains'
import { createEvmSigner } from '../../src/evm.js'

// wagmi's `Compute`: the same type, flattened as its return types are written.
type Compute<T> = { [K in keyof T]: T[K] } & unknown

declare const connectorClient: Compute<Client<HttpTransport, typeof baseSepolia, Account>> | undefined
declare const walletClient: Compute<WalletClient<HttpTransport, typeof baseSepolia, Account>> | undefined
declare const anyClient: Client<HttpTransport, Chain | undefined, Account | undefined>
declare const local: LocalAccount

export const signers = [
  connectorClient ? createEvmSigner(connectorClient) : undefined,
  walletClient ? createEvmSigner(walletClient) : undefined,
  createEvmSigner(anyClient),
  createEvmSigner(local),
  // @ts-expect-error an address alone cannot sign
  createEvmSigner(local.address),
]
