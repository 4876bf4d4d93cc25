/**
 * The CAIP-2 ids of the x402 v1 network names this package knows, so that a requirement in one
 * form matches a signer that lists the other.
 */
export const V1_NETWORKS: Readonly<Record<string, string>> = {
  base: 'eip155:8453',
  'base-sepolia': 'eip155:84532',
  polygon: 'eip155:137',
  'polygon-amoy': 'eip155:80002',
  avalanche: 'eip155:43114',
  'avalanche-fuji': 'eip155:43113',
  solana: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  'solana-devnet': 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
}

/** The CAIP-2 id of a network: itself when it is one already, the mapping of a known v1 name, else `undefined`. */
export function toCaip2(network: string): string | undefined {
  if (network.includes(':')) return network
  // hasOwn: a network named "constructor" must not find Object.prototype.constructor.
  return Object.hasOwn(V1_NETWORKS, network) ? V1_NETWORKS[network] : undefined
}

/** The EVM chain id of `eip155:N` or of a known v1 EVM name, else `undefined`. */
export function evmChainId(network: string): number | undefined {
  const match = /^eip155:([1-9]\d{0,15})$/.exec(toCaip2(network) ?? '')
  return match ? Number(match[1]) : undefined
}
