// The reference x402 browser client, as an app that pays EVM x402 servers imports it.
export { wrapFetchWithPayment, x402Client } from '@x402/fetch'
export { ExactEvmScheme } from '@x402/evm/exact/client'
