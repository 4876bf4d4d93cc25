// The viem entry, `@paylink/react/evm`: viem is an optional peer, imported here for its types only.
export { createEvmSigner, type EvmSignerSource } from './evm/createEvmSigner.js'
