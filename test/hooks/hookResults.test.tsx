import { act, renderHook } from '@testing-library/react'
import { useBridgeStatus } from '../../src/hooks/useBridgeStatus.js'
import { useFeeEstimate } from '../../src/hooks/useFeeEstimate.js'
import { useLink } from '../../src/hooks/useLink.js'
import { usePayLink } from '../../src/hooks/usePayLink.js'
import { MOCK_LINKS, MOCK_TRANSFERS } from '../../src/mock/constants.js'
import { createTestSigner } from '../../src/mock/createTestSigner.js'
import { cap, useMockApi, wrapperFor } from './harness.js'

// React Compiler memoizes an app's components on what hooks hand out: a result that changed in
// place after it was returned would leave a compiled component showing a state it has left (the
// README's promise in Hooks). Every result a hook returns is kept with a copy of its fields, and
// checked against that copy once the hook has been through its states.
const api = useMockApi({ transferStepMs: 1_000, settleDelayMs: 1_000 })

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] })
})
afterEach(() => {
  vi.useRealTimers()
})

const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms))

// Read by name as well as by own keys: a result behind a Proxy (the polled queries') lists only its
// target's keys, and a proxy kept from render to render over changing data would list none.
const named = ['status', 'data', 'error', 'isStale', 'isFetching', 'fetchStatus', 'dataUpdatedAt', 'paymentRequired', 'payment', 'proof', 'canPay']
const fieldsOf = (result: object) => Object.fromEntries([...new Set([...Object.keys(result), ...named])].map((key) => [key, (result as Record<string, unknown>)[key]]))

/** Each result the hook returned, with its fields as they were when it was returned. */
function handedOut<T extends object>(use: () => T) {
  const results: { result: T; fields: Record<string, unknown> }[] = []
  const rendered = renderHook(
    () => {
      const result = use()
      results.push({ result, fields: fieldsOf(result) })
      return result
    },
    { wrapper: wrapperFor() },
  )
  return { ...rendered, results }
}

type HandedOut = { result: object; fields: Record<string, unknown> }
const differ = (a: Record<string, unknown>, b: Record<string, unknown>) => Object.keys(a).some((key) => !Object.is(a[key], b[key]))

/** The results whose fields changed after they were handed out. */
const changedLater = (results: HandedOut[]) => results.filter(({ result, fields }) => differ(fieldsOf(result), fields))

/** How many times the hook handed out the same object with other fields than the render before. */
const reusedAfterChange = (results: HandedOut[]) =>
  results.filter((entry, i) => i > 0 && entry.result === results[i - 1]!.result && differ(entry.fields, results[i - 1]!.fields)).length

test('usePayLink: no state of a purchase, from the price to settled, changes a result handed out before', async () => {
  // A wallet that takes its time, so that `signing` is rendered on React 18 too.
  const signer = createTestSigner({ delayMs: 200 })
  const { result, results } = handedOut(() => usePayLink(MOCK_LINKS.demo, { signer, maxAmount: cap }))
  await advance(100)
  expect(result.current.status).toBe('ready')
  act(() => void result.current.pay())
  for (let i = 0; i < 20 && result.current.status !== 'settled'; i++) await advance(500)
  expect(result.current.status).toBe('settled')
  expect(new Set(results.map(({ fields }) => fields.status))).toEqual(new Set(['idle', 'loading', 'ready', 'signing', 'verifying', 'settled']))
  expect(changedLater(results)).toEqual([])
  expect(reusedAfterChange(results)).toBe(0)
  expect(api.mock.ledger).toHaveLength(1)
})

test('useLink, useFeeEstimate and useBridgeStatus: answers, a new amount and polling to the end change no result handed out before', async () => {
  const link = handedOut(() => useLink(MOCK_LINKS.demo))
  let amount = '100'
  const fees = handedOut(() => useFeeEstimate({ sourceChain: 'solana', destinationChain: 'base', asset: 'USDC', amount }))
  const transfer = handedOut(() => useBridgeStatus(MOCK_TRANSFERS.pending, { polling: { initialIntervalMs: 500, maxIntervalMs: 500 } }))
  await advance(100)
  amount = '250'
  fees.rerender()
  await advance(10_000)
  expect(link.result.current.data?.code).toBe(MOCK_LINKS.demo)
  expect(fees.result.current.data?.totalFee).toBeDefined()
  expect(fees.results.some(({ fields }) => (fields.data as { totalFee?: string } | undefined)?.totalFee)).toBe(true)
  expect(transfer.result.current.data?.status).toBe('completed')
  for (const { results } of [link, fees, transfer]) {
    expect(changedLater(results)).toEqual([])
    expect(reusedAfterChange(results)).toBe(0)
  }
})
