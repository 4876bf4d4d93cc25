import { PayLinkConfigError } from '../client/errors.js'

/** A spend cap per asset in the asset's atomic units, keyed by asset id (0x addresses compare case-insensitively). */
export type MaxAmount = Readonly<Record<string, bigint | string>>

const TEN_CENTS_OF_USDC = 100_000n

/**
 * $0.10 of USDC on Base, Base Sepolia, Polygon, Polygon Amoy, Avalanche, Avalanche Fuji, Solana and
 * Solana devnet: Circle's USDC addresses (the mainnets and Base Sepolia are also those of
 * @x402/evm's default asset table; it lists no Polygon Amoy or Avalanche Fuji asset).
 */
export const DEFAULT_MAX_AMOUNT: MaxAmount = Object.freeze({
  '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913': TEN_CENTS_OF_USDC,
  '0x036CbD53842c5426634e7929541eC2318f3dCF7e': TEN_CENTS_OF_USDC,
  '0x3c499c542cEF5E3811e1192ce70d8cC03d5c3359': TEN_CENTS_OF_USDC,
  '0x41E94Eb019C0762f9Bfcf9Fb1E58725BfB0e7582': TEN_CENTS_OF_USDC,
  '0xB97EF9Ef8734C71904D8002F8b6Bc66Dd9c48a6E': TEN_CENTS_OF_USDC,
  '0x5425890298aed601595a70AB815c96711a31Bc65': TEN_CENTS_OF_USDC,
  EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v: TEN_CENTS_OF_USDC,
  '4zMMC9srt5Ri5X14GAgXhaHii3GnPAEERYPJgZJDncDU': TEN_CENTS_OF_USDC,
})

/** One spelling of an address: hex ones in lower case (they compare case-insensitively), base58 ones as they are (case-sensitive). */
export const assetKey = (asset: string): string => (/^0x/i.test(asset) ? asset.toLowerCase() : asset)

/** The cap on `asset` in `maxAmount`, or `undefined` when the asset is not listed (it cannot be paid). */
export function maxAmountFor(maxAmount: MaxAmount, asset: string): bigint | undefined {
  for (const [id, cap] of Object.entries(maxAmount)) {
    if (assetKey(id) !== assetKey(asset)) continue
    // test() reads a bigint as its digits: a negative one has a "-".
    if (/^\d+$/.test(cap as string)) return BigInt(cap)
    throw new PayLinkConfigError(`maxAmount["${id}"] must be a non-negative integer in atomic units`, {
      details: `got ${typeof cap === 'bigint' ? `${cap}n` : JSON.stringify(cap)}`,
    })
  }
}
