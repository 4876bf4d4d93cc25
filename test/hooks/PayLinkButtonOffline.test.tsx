import { fireEvent, render, screen, waitFor } from '@testing-library/react'
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
