import { estimateFees, PayLinkHttpError } from '../../src/client.js'
import { send as request } from '../../src/client/transport.js'
import { defaultSeed } from '../../src/mock.js'
import { mockHarness, START } from './harness.js'

const fees = defaultSeed().fees
// Real symbols, mixed-case and dotted, in which the mock states the fee of a transfer of them.
const { client } = mockHarness({ seed: { fees: { ...fees, assets: [...fees.assets, 'USDbC', 'cbBTC', 'USDC.e'] } } })

async function refused(query: Record<string, string>): Promise<PayLinkHttpError> {
  const error = await request(client, { endpoint: 'estimateFees', path: `/fees/estimate?${new URLSearchParams(query)}` }).catch((e: unknown) => e)
  expect(error).toBeInstanceOf(PayLinkHttpError)
  expect(error).toMatchObject({ status: 422, code: 'invalid_request' })
  return error as PayLinkHttpError
}

const paths = (error: PayLinkHttpError) => (error.details as { path: string }[]).map((d) => d.path)

describe('GET /fees/estimate', () => {
  it('adds the route gas fee and 0.3 % of the amount, in exact decimals', async () => {
    const fee = await estimateFees(client, { sourceChain: 'solana', destinationChain: 'base', asset: 'USDC', amount: '100' })
    expect(fee).toMatchObject({
      totalFee: { amount: '0.4215', currency: 'USDC', raw: '0.4215 USDC' },
      gasFee: { raw: '0.1215 USDC' },
      platformFee: { raw: '0.3 USDC' },
      estimatedTime: '90 seconds',
      estimatedSeconds: 90,
      quotedAt: new Date(START).toISOString(),
      expiresAt: new Date(START + 30_000).toISOString(),
    })
  })

  it('keeps every digit where a float would not: 0.3 % of 0.1 plus gas', async () => {
    const fee = await estimateFees(client, { sourceChain: 'base', destinationChain: 'solana', asset: 'USDC', amount: '0.1' })
    expect(fee.platformFee?.raw).toBe('0.0003 USDC')
    expect(fee.totalFee.amount).toBe('0.1218')
    const big = await estimateFees(client, { sourceChain: 'solana', destinationChain: 'polygon', asset: 'USDT', amount: '123456789012345678.123456' })
    expect(big.platformFee?.amount).toBe('370370367037037.034370368')
    expect(big.totalFee.amount).toBe('370370367037037.075870368')
    expect(big.estimatedSeconds).toBe(240)
  })

  it.each(['USDbC', 'cbBTC', 'USDC.e'])('states the fee of a transfer of %s in that symbol, which its own client reads', async (asset) => {
    const fee = await estimateFees(client, { sourceChain: 'solana', destinationChain: 'polygon', asset, amount: '10' })
    expect(fee.totalFee).toEqual({ amount: '0.0715', currency: asset, raw: `0.0715 ${asset}` })
  })

  it('answers 422 naming a missing or malformed parameter', async () => {
    expect(paths(await refused({ sourceChain: 'solana', destinationChain: 'base', asset: 'USDC' }))).toEqual(['amount'])
    expect(paths(await refused({ sourceChain: 'solana', destinationChain: 'base', asset: 'USDC', amount: '1,5' }))).toEqual(['amount'])
    expect(paths(await refused({ sourceChain: 'solana', destinationChain: 'base', asset: 'DOGE', amount: '1' }))).toEqual(['asset'])
    expect(paths(await refused({ sourceChain: 'base', destinationChain: 'polygon', asset: 'USDC', amount: '1' }))).toEqual(['destinationChain'])
  })
})
