import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import * as React from 'react'
import { type ReactNode, StrictMode, useState } from 'react'
import { BridgeStatusBadge } from '../../src/components/BridgeStatusBadge.js'
import { PayLinkButton } from '../../src/components/PayLinkButton.js'
import { MOCK_LINKS, MOCK_TRANSFERS } from '../../src/mock/constants.js'
import { BASE_URL, cap, gate, heldPurchase, useMockApi, wrapperFor } from './harness.js'

// React 19's <Activity mode="hidden"> (a tab kept mounted but hidden, a back-stack screen): its
// effects are cleaned up and set up again when shown, as StrictMode does, and hidden content
// renders nothing on screen. React 18 has no Activity: the hooks-react18 project leaves this file out.
const Activity = (React as { Activity?: (props: { mode: 'visible' | 'hidden'; children: ReactNode }) => ReactNode }).Activity!
const api = useMockApi({ settleDelayMs: 0, transferStepMs: 60_000 })
const stateOf = (testId: string) => screen.getByTestId(testId).getAttribute('data-state')
const aWhile = (ms = 20) => act(() => new Promise((resolve) => setTimeout(resolve, ms)))

/** `children` in an Activity the test hides and shows (`setHidden`), in StrictMode or not. */
function inActivity(children: ReactNode, strict: boolean) {
  const control = { setHidden: (_hidden: boolean) => {} }
  function App() {
    const [hidden, setHidden] = useState(false)
    control.setHidden = setHidden
    return <Activity mode={hidden ? 'hidden' : 'visible'}>{children}</Activity>
  }
  const Wrapper = wrapperFor()
  render(strict ? <StrictMode><Wrapper><App /></Wrapper></StrictMode> : <Wrapper><App /></Wrapper>)
  return (hidden: boolean) => act(() => control.setHidden(hidden))
}

describe('<Activity> (React 19)', () => {
  test('runs on a React with Activity', () => expect(Activity).toBeDefined())

  test.each([
    ['signing', false],
    ['verifying', false],
    ['signing', true],
    ['verifying', true],
  ] as const)('a button hidden while %s (StrictMode: %s), whose purchase settles meanwhile, shows it paid when shown again: one signature, one charge, onSettled once', async (step, strict) => {
    const errors = vi.spyOn(console, 'error')
    // The paid request waits (verifying) until the test lets it go.
    const { wallet, sent, signer, held } = heldPurchase(api, step)
    const onSettled = vi.fn()
    const onStateChange = vi.fn()
    const onError = vi.fn()
    const hide = inActivity(
      <PayLinkButton data-testid="tab" code={MOCK_LINKS.demo} maxAmount={cap} signer={held} onSettled={onSettled} onStateChange={onStateChange} onError={onError} />,
      strict,
    )
    await waitFor(() => expect(stateOf('tab')).toBe('ready'))
    fireEvent.click(screen.getByTestId('tab'))
    await waitFor(() => expect(stateOf('tab')).toBe(step))
    hide(true)
    await aWhile()
    wallet.open()
    sent.open()
    // Long enough for the purchase to end while hidden.
    await waitFor(() => expect(api.mock.ledger).toHaveLength(1))
    await aWhile()
    expect(onSettled).not.toHaveBeenCalled()

    hide(false)
    expect(stateOf('tab')).toBe('settled')
    await waitFor(() => expect(onSettled).toHaveBeenCalledTimes(1))
    expect(onStateChange).toHaveBeenLastCalledWith('settled')
    // Hidden and shown again, the outcome is not reported twice.
    hide(true)
    hide(false)
    await aWhile()
    expect(onSettled).toHaveBeenCalledTimes(1)
    expect(onError).not.toHaveBeenCalled()
    expect(signer.calls).toBe(1)
    expect(api.mock.ledger).toHaveLength(1)
    expect(errors).not.toHaveBeenCalled()
  })

  test('a badge hidden asks nothing while hidden, and asks once as it is shown again', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] })
    onTestFinished(() => {
      vi.useRealTimers()
    })
    api.mock.reset()
    const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms))
    const hide = inActivity(<BridgeStatusBadge data-testid="badge" transferId={MOCK_TRANSFERS.pending} />, false)
    await advance(0)
    expect(stateOf('badge')).toBe('pending')
    // Polls from 2 s on while shown.
    await advance(10_000)
    const shown = api.count('GET', `/bridge/status/${MOCK_TRANSFERS.pending}`)
    expect(shown).toBeGreaterThan(1)
    hide(true)
    await advance(180_000)
    expect(api.count('GET', `/bridge/status/${MOCK_TRANSFERS.pending}`)).toBe(shown)
    hide(false)
    await advance(0)
    expect(api.count('GET', `/bridge/status/${MOCK_TRANSFERS.pending}`)).toBe(shown + 1)
    // Three steps of a minute passed while hidden: completed, and no more polling.
    expect(stateOf('badge')).toBe('completed')
    await advance(120_000)
    expect(api.count('GET', `/bridge/status/${MOCK_TRANSFERS.pending}`)).toBe(shown + 1)
  })
})
