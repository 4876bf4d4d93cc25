/**
 * The CAIP-2 ids of the x402 v1 network names this package knows, so that a requirement in one
 * form matches a signer that lists the other. Only the main ones, as every bundle carries this list:
 * a signer that pays other v1 names lists them itself (as `createEvmSigner` does).
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
