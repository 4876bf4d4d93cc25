import type { Link } from '../schemas/link.js'
import { BASE_SEPOLIA_USDC, MOCK_LINKS, MOCK_PAY_TO, MOCK_PAYMENTS, MOCK_TRANSFER_REASONS, MOCK_TRANSFERS } from './constants.js'

/** How the mock's 402 gate asks to be paid (the `exact` EVM scheme). */
export interface MockX402Offer {
  /** The network as x402 v2 names it (CAIP-2). Defaults to `'eip155:84532'` (Base Sepolia). */
  network: string
  /** The same network as x402 v1 names it. Defaults to `'base-sepolia'`. */
  networkV1: string
  /** The token contract. Defaults to the USDC contract of Base Sepolia. */
  asset: string
  /** The token's decimals, to turn a link price into atomic units. Defaults to `6`. */
  assetDecimals: number
  /** The price currency this token pays; links priced in another currency cannot be paid. Defaults to `'USDC'`. */
  currency: string
  /** Who is paid. Defaults to `MOCK_PAY_TO`. */
  payTo: string
  /** How long a signed payment stays valid. Defaults to `60`. */
  maxTimeoutSeconds: number
  /** The EIP-712 domain of the token. Defaults to `{ name: 'USDC', version: '2' }`. */
  extra: Record<string, unknown>
}

/** A seeded payment; its timestamps are set when the mock starts (or resets). */
export interface MockPaymentSeed {
  /** The payment id, as `GET /payments/:id` takes it. */
  id: string
  /** The code of the link paid. */
  linkCode: string
  /** The seeded status; a `verified` one reads as `settled` once the settle delay has passed. */
  status: 'pending' | 'verified' | 'settled' | 'failed' | 'expired'
  /** The decimal amount (`"1.50"`). */
  amount: string
  /** The price currency (`"USDC"`). */
  asset: string
  /** The network, CAIP-2 (`"eip155:84532"`). */
  network: string
  /** The payer's address. Defaults to none. */
  payer?: string | undefined
  /** Why a `failed` payment failed, e.g. `insufficient_funds`. Defaults to none. */
  failureReason?: string | undefined
}

/** A seeded transfer; `pending`, `source_confirmed` and `in_transit` move on with the clock from there. */
export interface MockTransferSeed {
  /** The transfer id, as `GET /bridge/status/:id` takes it. */
  id: string
  /** The seeded status: where the transfer stands when the mock starts. */
  status: 'pending' | 'source_confirmed' | 'in_transit' | 'completed' | 'failed' | 'refunded'
  /** The chain the transfer leaves (`"solana"`). */
  sourceChain: string
  /** The chain the transfer reaches (`"base"`). */
  destinationChain: string
  /** The asset moved (`"USDC"`). */
  asset: string
  /** The decimal amount (`"25.00"`). */
  amount: string
  /** Why a `failed` or `refunded` transfer ended so. Defaults to none. */
  failureReason?: string | undefined
}

/** A bridge route the fee estimate knows (either direction). */
export interface MockFeeRoute {
  /** The two chains, in either order (`['solana', 'base']`). */
  chains: readonly [string, string]
  /** Gas, as a decimal amount of the transferred asset (`'0.12'`, without the asset's name). */
  gasFee: string
  /** The estimated transfer time, in seconds. */
  estimatedSeconds: number
}

/** How fee estimates are computed. */
export interface MockFeeTable {
  /** The routes quoted; any other pair of chains is refused (422, no bridge route). Defaults to solana–base and solana–polygon. */
  routes: MockFeeRoute[]
  /** Assets that can be bridged; fees are stated in the same asset. Defaults to `['USDC', 'USDT']`. */
  assets: string[]
  /** The platform fee in basis points of the amount: a whole number from 0 to 10 000 (another is a `PayLinkConfigError` from `createMockApi`). Defaults to `30` (0.3 %). */
  platformFeeBps: number
  /** How long a quote holds, in ms; `expiresAt` is at most 9999-12-31T23:59:59.999Z (`Infinity`: quotes that never expire). Defaults to `30000`. */
  quoteTtlMs: number
}

/** The mock's initial data. */
export interface MockSeed {
  /** The links. Defaults to one per `MOCK_LINKS` entry. */
  links: Link[]
  /** The payments. Defaults to one per `MOCK_PAYMENTS` entry, in the status it names. */
  payments: MockPaymentSeed[]
  /** The transfers. Defaults to one per `MOCK_TRANSFERS` entry, in the status it names. */
  transfers: MockTransferSeed[]
  /** How the 402 gate asks to be paid. Defaults to USDC on Base Sepolia. */
  x402: MockX402Offer
  /** How fee estimates are computed. */
  fees: MockFeeTable
}

const CREATED = '2026-01-01T00:00:00.000Z'
const PAYER = '0x00000000000000000000000000000000000B0B00'
const link = (code: string, extra: Partial<Link>): Link => ({
  code,
  creatorId: 'creator_1',
  chainType: 'base',
  model: 'payment',
  splits: { creator: 9000, platform: 1000 },
  status: 'active',
  createdAt: CREATED,
  ...extra,
})
const transfer = (id: string, status: MockTransferSeed['status'], failureReason?: string): MockTransferSeed => ({
  id,
  status,
  sourceChain: 'solana',
  destinationChain: 'base',
  asset: 'USDC',
  amount: '25.00',
  ...(failureReason !== undefined && { failureReason }),
})
const payment = (id: string, status: MockPaymentSeed['status'], failureReason?: string): MockPaymentSeed => ({
  id,
  linkCode: MOCK_LINKS.demo,
  status,
  amount: '1.50',
  asset: 'USDC',
  network: 'eip155:84532',
  ...(status !== 'expired' && { payer: PAYER }),
  ...(failureReason !== undefined && { failureReason }),
})

/** The built-in seed: a link, payment and transfer in every state the contract names. */
export function defaultSeed(): MockSeed {
  return {
    links: [
      link(MOCK_LINKS.demo, { price: { amount: '1.50', currency: 'USDC' }, title: 'Demo article' }),
      link(MOCK_LINKS.engagement, { model: 'engagement', price: { amount: '0.25', currency: 'USDC' }, title: 'Demo stream' }),
      link(MOCK_LINKS.unpriced, { title: 'No price' }),
      link(MOCK_LINKS.disabled, { price: { amount: '1.50', currency: 'USDC' }, status: 'disabled' }),
    ],
    payments: [
      payment(MOCK_PAYMENTS.pending, 'pending'),
      payment(MOCK_PAYMENTS.verified, 'verified'),
      payment(MOCK_PAYMENTS.settled, 'settled'),
      payment(MOCK_PAYMENTS.failed, 'failed', 'insufficient_funds'),
      payment(MOCK_PAYMENTS.expired, 'expired'),
    ],
    transfers: [
      transfer(MOCK_TRANSFERS.pending, 'pending'),
      transfer(MOCK_TRANSFERS.sourceConfirmed, 'source_confirmed'),
      transfer(MOCK_TRANSFERS.inTransit, 'in_transit'),
      transfer(MOCK_TRANSFERS.completed, 'completed'),
      transfer(MOCK_TRANSFERS.failed, 'failed', MOCK_TRANSFER_REASONS.failed),
      transfer(MOCK_TRANSFERS.refunded, 'refunded', MOCK_TRANSFER_REASONS.refunded),
    ],
    x402: {
      network: 'eip155:84532',
      networkV1: 'base-sepolia',
      asset: BASE_SEPOLIA_USDC,
      assetDecimals: 6,
      currency: 'USDC',
      payTo: MOCK_PAY_TO,
      maxTimeoutSeconds: 60,
      extra: { name: 'USDC', version: '2' },
    },
    fees: {
      routes: [
        { chains: ['solana', 'base'], gasFee: '0.1215', estimatedSeconds: 90 },
        { chains: ['solana', 'polygon'], gasFee: '0.0415', estimatedSeconds: 240 },
      ],
      assets: ['USDC', 'USDT'],
      platformFeeBps: 30,
      quoteTtlMs: 30_000,
    },
  }
}
