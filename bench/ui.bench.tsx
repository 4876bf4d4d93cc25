// @vitest-environment jsdom
import { act, fireEvent, render, screen } from '@testing-library/react'
import { Profiler } from 'react'
import { AttentionTracker } from '../src/components/AttentionTracker.js'
import { BridgeStatusBadge } from '../src/components/BridgeStatusBadge.js'
import { PayLinkButton } from '../src/components/PayLinkButton.js'
import { BASE_SEPOLIA_USDC, MOCK_LINKS } from '../src/mock/constants.js'
import { createTestSigner } from '../src/mock/createTestSigner.js'
import { useMockApi, wrapperFor } from '../test/hooks/harness.js'
import { flush, record } from './record.js'

// Request and render counts of the components against the mock API, on its clock.
const TRANSFERS = Array.from({ length: 50 }, (_, i) => ({
  id: `tr_bench_${i}`,
  status: 'pending' as const,
  sourceChain: 'solana',
  destinationChain: 'base',
  asset: 'USDC',
  amount: '10',
}))
const api = useMockApi({ settleDelayMs: 0, transferStepMs: 5_000, seed: { transfers: TRANSFERS } })
const cap = { [BASE_SEPOLIA_USDC]: '10000000' }
const fakeTime = () => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] })
const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms))
const since = (mark: number) => api.requests.slice(mark)

afterEach(() => vi.useRealTimers())
afterAll(() => flush('ui'))

test('20 PayLinkButtons for one link', async () => {
  const signer = createTestSigner()
  render(
    <>
      {Array.from({ length: 20 }, (_, i) => (
        <PayLinkButton key={i} code={MOCK_LINKS.demo} signer={signer} maxAmount={cap} />
      ))}
    </>,
    { wrapper: wrapperFor() },
  )
  await screen.findAllByText(/Pay 1\.50 USDC/)
  await act(() => new Promise((r) => setTimeout(r, 100)))
  const links = api.count('GET', `/links/${MOCK_LINKS.demo}`)
  const gates = api.requests.filter((r) => r.path.endsWith('/payments/verify')).length
  record({ group: 'requests', name: '20 PayLinkButtons, one link: GET /links', value: links, unit: 'req', target: '= 1', met: links === 1 })
  record({ group: 'requests', name: '20 PayLinkButtons, one link: price requests (402 gate)', value: gates, unit: 'req', target: '= 1', met: gates === 1 })
})

test('50 BridgeStatusBadges driven to completed by the mock clock', async () => {
  fakeTime()
  api.mock.reset()
  render(
    <>
      {TRANSFERS.map((t) => (
        <BridgeStatusBadge key={t.id} transferId={t.id} />
      ))}
    </>,
    { wrapper: wrapperFor() },
  )
  let elapsed = 0
  while (document.querySelectorAll('[data-state="completed"]').length < 50 && elapsed < 120_000) {
    await advance(1_000)
    elapsed += 1_000
  }
  const completed = document.querySelectorAll('[data-state="completed"]').length
  const total = api.requests.length
  await advance(10 * 60_000)
  const after = api.requests.length - total
  record({ group: 'requests', name: '50 badges: reached completed', value: completed, unit: 'badges', target: '= 50', met: completed === 50 })
  record({ group: 'requests', name: '50 badges: requests until all completed', value: total, unit: 'req', note: `${(total / 50).toFixed(1)} per transfer over ${elapsed / 1000} s` })
  record({ group: 'requests', name: '50 badges: requests in the 10 min after completed', value: after, unit: 'req', target: '= 0', met: after === 0 })
})

test('a hidden document polls nothing', async () => {
  fakeTime()
  api.mock.useScenario('transfer-stuck-in-transit')
  render(<>{TRANSFERS.slice(0, 10).map((t) => <BridgeStatusBadge key={t.id} transferId={t.id} />)}</>, { wrapper: wrapperFor() })
  await advance(1_000)
  Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true })
  document.dispatchEvent(new Event('visibilitychange'))
  const mark = api.requests.length
  await advance(10 * 60_000)
  const hidden = since(mark).length
  Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true })
  document.dispatchEvent(new Event('visibilitychange'))
  // Polling that had stopped for good would also send nothing while hidden: it must resume.
  const shown = api.requests.length
  await advance(60_000)
  const resumed = since(shown).length
  record({ group: 'requests', name: '10 badges, document hidden 10 min', value: hidden, unit: 'req', target: '= 0', met: hidden === 0 })
  record({ group: 'requests', name: '10 badges, the minute after shown again', value: resumed, unit: 'req', target: '>= 10', met: resumed >= 10 })
})

test('PayLinkButton: renders from click to settled, and requests between click and wallet', async () => {
  let requestsAtWallet = -1
  const signer = createTestSigner()
  const watched = { ...signer, signPayment: (...a: Parameters<typeof signer.signPayment>) => ((requestsAtWallet = api.requests.length), signer.signPayment(...a)) }
  let commits = 0
  render(
    <Profiler id="button" onRender={() => commits++}>
      <PayLinkButton code={MOCK_LINKS.demo} signer={watched} maxAmount={cap} />
    </Profiler>,
    { wrapper: wrapperFor() },
  )
  await screen.findByText(/Pay 1\.50 USDC/)
  await act(() => new Promise((r) => setTimeout(r, 50)))
  const beforeClick = api.requests.length
  commits = 0
  fireEvent.click(screen.getByRole('button'))
  await screen.findByText(/Paid/)
  const between = requestsAtWallet - beforeClick
  record({ group: 'renders', name: 'PayLinkButton commits, click → settled', value: commits, unit: 'renders' })
  record({ group: 'requests', name: 'requests between click and signPayment', value: between, unit: 'req', target: '= 0', met: between === 0 })
})

/** jsdom has no IntersectionObserver: this one reports the content as fully in view. */
class InView {
  constructor(private readonly callback: IntersectionObserverCallback) {}
  observe(target: Element) {
    const entry = { target, isIntersecting: true, intersectionRatio: 1, intersectionRect: { height: 100 }, rootBounds: { height: 1000 } }
    queueMicrotask(() => this.callback([entry as unknown as IntersectionObserverEntry], this as unknown as IntersectionObserver))
  }
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return []
  }
}

test('AttentionTracker: children renders over 60 s of attention', async () => {
  fakeTime()
  vi.stubGlobal('IntersectionObserver', InView)
  // The tracker asks the document whether it has the focus; jsdom's never has it.
  vi.spyOn(document, 'hasFocus').mockReturnValue(true)
  let childRenders = 0
  const heartbeats: number[] = []
  function Article() {
    childRenders++
    return <p>Content</p>
  }
  render(
    <AttentionTracker code={MOCK_LINKS.engagement} consent heartbeatSeconds={5} minDwellMs={1_000} onHeartbeat={(r) => heartbeats.push(r.activeMs)}>
      <Article />
    </AttentionTracker>,
    { wrapper: wrapperFor() },
  )
  for (let s = 0; s < 60; s++) {
    document.body.dispatchEvent(new Event('pointerdown', { bubbles: true }))
    await advance(1_000)
  }
  vi.unstubAllGlobals()
  record({ group: 'renders', name: 'AttentionTracker children renders over 60 s of attention', value: childRenders, unit: 'renders', target: '= 1', met: childRenders === 1 })
  // Without reports the 60 s counted no attention, and the render figure above would prove nothing.
  record({
    group: 'renders',
    name: 'AttentionTracker heartbeats in those 60 s',
    value: heartbeats.length,
    unit: 'reports',
    target: '>= 10',
    met: heartbeats.length >= 10,
    note: `last activeMs ${heartbeats.at(-1) ?? 0}`,
  })
})
