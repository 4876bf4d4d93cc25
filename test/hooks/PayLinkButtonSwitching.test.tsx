import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { PayLinkButton } from '../../src/components/PayLinkButton.js'
import { MOCK_LINKS } from '../../src/mock/constants.js'
import { createTestSigner } from '../../src/mock/createTestSigner.js'
import { cap, heldPurchase, useMockApi, wrapperFor } from './harness.js'

// A button switched between codes (a carousel, tabs): what it reports of the purchases it showed.
const api = useMockApi({ settleDelayMs: 0 })
const code = MOCK_LINKS.demo
const stateOf = (testId: string) => screen.getByTestId(testId).getAttribute('data-state')
const aWhile = () => act(() => new Promise((resolve) => setTimeout(resolve, 20)))

test.each(['signing', 'verifying', 'unknown'] as const)(
  'a purchase left %s, then settled while another button kept it on screen, is reported on switching back, once',
  async (left) => {
    // The paid request waits (verifying) until the test lets it go.
    const { wallet, sent, signer, held } = heldPurchase(api, left)
    const onSettled = vi.fn()
    const page = (shown: string) => (
      <>
        <PayLinkButton data-testid="carousel" code={shown} maxAmount={cap} signer={held} onSettled={onSettled} />
        <PayLinkButton data-testid="summary" code={code} maxAmount={cap} signer={held} />
      </>
    )
    const view = render(page(code), { wrapper: wrapperFor() })
    await waitFor(() => expect(stateOf('carousel')).toBe('ready'))
    // A server error to the payment: its outcome is unknown.
    if (left === 'unknown') api.mock.inject('verifyPayment', { status: 500, times: 1 })
    fireEvent.click(screen.getByTestId('carousel'))
    await waitFor(() => expect(stateOf('carousel')).toBe(left))

    view.rerender(page(MOCK_LINKS.engagement))
    await waitFor(() => expect(stateOf('carousel')).toBe('ready'))
    wallet.open()
    sent.open()
    // The summary button resends the payment whose outcome was unknown.
    if (left === 'unknown') fireEvent.click(screen.getByTestId('summary'))
    await waitFor(() => expect(stateOf('summary')).toBe('settled'))
    await aWhile()
    expect(onSettled).not.toHaveBeenCalled()

    view.rerender(page(code))
    expect(stateOf('carousel')).toBe('settled')
    await waitFor(() => expect(onSettled).toHaveBeenCalledTimes(1))
    view.rerender(page(MOCK_LINKS.engagement))
    view.rerender(page(code))
    await aWhile()
    expect(onSettled).toHaveBeenCalledTimes(1)
    expect(signer.calls).toBe(1)
    expect(api.mock.ledger).toHaveLength(1)
  },
)

test('two codes that failed, switched between: each failure is reported once, not again on switching back to it', async () => {
  const onError = vi.fn()
  // The default cap ($0.10) is under both prices: each link fails before the wallet is asked.
  const button = (shown: string) => <PayLinkButton data-testid="carousel" code={shown} signer={createTestSigner()} onError={onError} />
  const view = render(button(code), { wrapper: wrapperFor() })
  await waitFor(() => expect(stateOf('carousel')).toBe('ready'))
  fireEvent.click(screen.getByTestId('carousel'))
  await waitFor(() => expect(stateOf('carousel')).toBe('failed'))
  view.rerender(button(MOCK_LINKS.engagement))
  await waitFor(() => expect(stateOf('carousel')).toBe('ready'))
  fireEvent.click(screen.getByTestId('carousel'))
  await waitFor(() => expect(stateOf('carousel')).toBe('failed'))
  expect(onError).toHaveBeenCalledTimes(2)

  view.rerender(button(code))
  expect(stateOf('carousel')).toBe('failed')
  await aWhile()
  expect(onError).toHaveBeenCalledTimes(2)
})
