import { getBridgeStatus } from '../../src/client.js'
import { MOCK_TRANSFERS } from '../../src/mock.js'
import { mockHarness, START } from './harness.js'

const STEP = 5_000
const { client, clock } = mockHarness({ transferStepMs: STEP })
const at = (ms: number) => new Date(ms).toISOString()

describe('GET /bridge/status/{id}', () => {
  it('moves a transfer one step per transferStepMs: pending → source_confirmed → in_transit → completed', async () => {
    const seen = []
    for (let step = 0; step < 5; step++) {
      const transfer = await getBridgeStatus(client, MOCK_TRANSFERS.pending)
      seen.push(transfer.status)
      clock.now += STEP
    }
    expect(seen).toEqual(['pending', 'source_confirmed', 'in_transit', 'completed', 'completed'])
  })

  it('adds the source transaction once confirmed, and the destination transaction and no estimate once completed', async () => {
    const pending = await getBridgeStatus(client, MOCK_TRANSFERS.pending)
    expect(pending).toMatchObject({ createdAt: at(START), updatedAt: at(START), estimatedCompletionAt: at(START + 3 * STEP) })
    expect(pending.sourceTx).toBeUndefined()
    clock.now += STEP - 1
    expect((await getBridgeStatus(client, MOCK_TRANSFERS.pending)).status).toBe('pending')
    clock.now += 1
    const confirmed = await getBridgeStatus(client, MOCK_TRANSFERS.pending)
    expect(confirmed).toMatchObject({ status: 'source_confirmed', updatedAt: at(START + STEP), sourceTx: expect.stringMatching(/^0x[0-9a-f]{64}$/) })
    clock.now += 2 * STEP
    const completed = await getBridgeStatus(client, MOCK_TRANSFERS.pending)
    expect(completed).toMatchObject({ status: 'completed', sourceTx: confirmed.sourceTx, destinationTx: expect.stringMatching(/^0x/) })
    expect(completed.estimatedCompletionAt).toBeUndefined()
  })

  it('serves a seeded transfer in every state', async () => {
    const status = async (id: string) => getBridgeStatus(client, id)
    expect(await status(MOCK_TRANSFERS.pending)).toMatchObject({ status: 'pending', sourceChain: 'solana', destinationChain: 'base', asset: 'USDC', amount: '25.00' })
    expect(await status(MOCK_TRANSFERS.sourceConfirmed)).toMatchObject({ status: 'source_confirmed', sourceTx: expect.any(String) })
    expect(await status(MOCK_TRANSFERS.inTransit)).toMatchObject({ status: 'in_transit', estimatedCompletionAt: at(START + STEP) })
    expect(await status(MOCK_TRANSFERS.completed)).toMatchObject({ status: 'completed', destinationTx: expect.any(String) })
    const failed = await status(MOCK_TRANSFERS.failed)
    expect(failed).toMatchObject({ status: 'failed', sourceTx: expect.any(String), failureReason: expect.any(String) })
    expect(failed.destinationTx).toBeUndefined()
    expect(await status(MOCK_TRANSFERS.refunded)).toMatchObject({ status: 'refunded', failureReason: expect.any(String) })
  })

  // An explorer link shows the transfer's own transaction on each side, not one shared by every transfer.
  it('gives each transfer its own source and destination transactions', async () => {
    clock.now += 3 * STEP
    const done = await Promise.all([MOCK_TRANSFERS.pending, MOCK_TRANSFERS.completed].map((id) => getBridgeStatus(client, id)))
    const hashes = done.flatMap((t) => [t.sourceTx, t.destinationTx])
    for (const hash of hashes) expect(hash).toMatch(/^0x[0-9a-f]{64}$/)
    expect(new Set(hashes).size).toBe(4)
  })

  it('never moves a failed or refunded transfer', async () => {
    clock.now += 10 * STEP
    expect((await getBridgeStatus(client, MOCK_TRANSFERS.failed)).status).toBe('failed')
    expect((await getBridgeStatus(client, MOCK_TRANSFERS.refunded)).status).toBe('refunded')
  })

  it('answers 404 not_found for an unknown id', async () => {
    expect(await getBridgeStatus(client, 'tr_nope').catch((e: unknown) => e)).toMatchObject({ name: 'PayLinkHttpError', status: 404, code: 'not_found' })
  })
})
