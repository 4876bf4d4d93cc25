import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { onlineManager } from '@tanstack/react-query'
import { http, HttpResponse } from 'msw'
import { PayLinkButton } from '../../src/components/PayLinkButton.js'
import { MOCK_LINKS } from '../../src/mock/constants.js'
import { createTestSigner } from '../../src/mock/createTestSigner.js'
import { cap, useMockApi, wrapperFor } from './harness.js'

const api = useMockApi({ settleDelayMs: 0 })
const button = () => screen.getByRole('button')

// The browser says it is offline (navigator.onLine false), and no request reaches the network.
function goOffline() {
  const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
  api.server.use(http.all('*', () => HttpResponse.error()))
  return () => {
    onLine.mockRestore()
    api.server.resetHandlers(...api.mock.handlers)
  }
}

test('a press while the browser is offline opens no wallet and sends nothing; back online, the next press pays once', async () => {
  const signer = createTestSigner()
  render(<PayLinkButton code={MOCK_LINKS.demo} signer={signer} maxAmount={cap} />, { wrapper: wrapperFor() })
  await waitFor(() => expect(button()).toHaveTextContent('Pay 1.50 USDC'))
  const online = goOffline()
  fireEvent.click(button())
  // Nothing was signed, so nothing can have gone through: "Try again", not "Check payment status".
  await waitFor(() => expect(button()).toHaveAttribute('data-state', 'failed'))
  expect(signer.calls).toBe(0)
  expect(api.requests.filter((r) => r.paid)).toHaveLength(0)
  online()
  fireEvent.click(button())
  await waitFor(() => expect(button()).toHaveAttribute('data-state', 'settled'))
  expect(signer.calls).toBe(1)
  expect(api.mock.ledger).toHaveLength(1)
})

// Back online: the browser's offline and online events, which TanStack Query's onlineManager
// follows, and the button with it.
function reconnect() {
  return act(() => {
    window.dispatchEvent(new Event('offline'))
    window.dispatchEvent(new Event('online'))
  })
}

test('offline on mount ("Payment unavailable"): back online, the price shows by itself and no wallet opens; a press then pays once', async () => {
  const online = goOffline()
  const signer = createTestSigner()
  render(<PayLinkButton code={MOCK_LINKS.demo} signer={signer} maxAmount={cap} />, { wrapper: wrapperFor() })
  await waitFor(() => expect(button()).toHaveAccessibleName('Try again Payment unavailable'))
  online()
  await reconnect()
  // A screen reader hears it too: the read, then the outcome (the price is the button's name).
  await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Loading the price'))
  // The read is held 500 ms after it starts (for a screen reader): more than waitFor's default second on a busy machine.
  await waitFor(() => expect(button()).toHaveAccessibleName('Pay 1.50 USDC'), { timeout: 3000 })
  expect(screen.getByRole('status')).toHaveTextContent('Ready to pay')
  expect(button()).toHaveAttribute('data-state', 'ready')
  expect(signer.calls).toBe(0)
  fireEvent.click(button())
  await waitFor(() => expect(button()).toHaveAttribute('data-state', 'settled'))
  expect([signer.calls, api.mock.ledger.length]).toEqual([1, 1])
})

test('the answer to a payment lost with the network ("Check payment status"): back online, the same payment is resent by itself, "Paid", signed once, charged once', async () => {
  const signer = createTestSigner()
  const onSettled = vi.fn()
  render(<PayLinkButton code={MOCK_LINKS.demo} signer={signer} maxAmount={cap} onSettled={onSettled} />, { wrapper: wrapperFor() })
  await waitFor(() => expect(button()).toHaveTextContent('Pay 1.50 USDC'))
  // The terms were read; the paid request then finds the network gone.
  api.mock.inject('verifyPayment', { dropConnection: true, times: 1 })
  fireEvent.click(button())
  await waitFor(() => expect(button()).toHaveAttribute('data-state', 'unknown'))
  expect(api.mock.ledger).toHaveLength(0)
  await reconnect()
  await waitFor(() => expect(button()).toHaveAttribute('data-state', 'settled'), { timeout: 3000 })
  expect(onSettled).toHaveBeenCalledTimes(1)
  // Sent twice (dropped, then resent), signed once, charged once.
  expect([signer.calls, api.requests.filter((r) => r.paid).length, api.mock.ledger.length]).toEqual([1, 2, 1])
})

test('two buttons for one link, one of them gone (a drawer closed) while the answer was lost: back online, the one left is resent by itself, "Paid", signed once', async () => {
  const signer = createTestSigner()
  const Page = ({ drawer }: { drawer: boolean }) => (
    <>
      <PayLinkButton code={MOCK_LINKS.demo} signer={signer} maxAmount={cap} />
      {drawer && <PayLinkButton code={MOCK_LINKS.demo} signer={signer} maxAmount={cap} />}
    </>
  )
  const view = render(<Page drawer />, { wrapper: wrapperFor() })
  await waitFor(() => expect(screen.getAllByRole('button')[1]).toHaveTextContent('Pay 1.50 USDC'))
  api.mock.inject('verifyPayment', { dropConnection: true, times: 1 })
  fireEvent.click(screen.getAllByRole('button')[1]!)
  await waitFor(() => expect(screen.getAllByRole('button')[0]).toHaveAttribute('data-state', 'unknown'))
  view.rerender(<Page drawer={false} />)
  await reconnect()
  await waitFor(() => expect(button()).toHaveAttribute('data-state', 'settled'), { timeout: 3000 })
  expect([signer.calls, api.mock.ledger.length]).toEqual([1, 1])
})

test("a page loaded offline, with the README's line that tells TanStack Query so: the network's return (its online event alone) shows the price by itself, no wallet opened; a press then pays once", async () => {
  const online = goOffline()
  // The README's line, run as an app runs it at start.
  if (typeof window !== 'undefined' && navigator.onLine === false) onlineManager.setOnline(false)
  onTestFinished(() => onlineManager.setOnline(true))
  const signer = createTestSigner()
  render(<PayLinkButton code={MOCK_LINKS.demo} signer={signer} maxAmount={cap} />, { wrapper: wrapperFor() })
  await waitFor(() => expect(button()).toHaveAccessibleName('Try again Payment unavailable'))
  online()
  // A page loaded offline hears no offline event: only the online one.
  act(() => void window.dispatchEvent(new Event('online')))
  await waitFor(() => expect(button()).toHaveAccessibleName('Pay 1.50 USDC'), { timeout: 3000 })
  expect(signer.calls).toBe(0)
  fireEvent.click(button())
  await waitFor(() => expect(button()).toHaveAttribute('data-state', 'settled'))
  expect([signer.calls, api.mock.ledger.length]).toEqual([1, 1])
})
