import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { renderToString } from 'react-dom/server'
import { PayLinkButton } from '../../src/components/PayLinkButton.js'
import { BASE_SEPOLIA_USDC, MOCK_LINKS, MOCK_PAY_TO } from '../../src/mock/constants.js'
import { createTestSigner } from '../../src/mock/createTestSigner.js'
import { getLinkQueryOptions } from '../../src/query.js'
import { encodeBase64Json } from '../../src/x402/base64.js'
import { cap, LINK_INPUT, serverRendered, testClient, testQueryClient, usdcOffer, useMockApi, wrapperFor } from './harness.js'

// What the button says beside its label, and how it looks, in the states the main suite leaves aside.
const api = useMockApi({ settleDelayMs: 0 })
const code = MOCK_LINKS.demo
const button = () => screen.getByRole('button')
const stateOf = (element: HTMLElement) => element.getAttribute('data-state')
const ready = () => waitFor(() => expect(stateOf(button())).toBe('ready'))
const solanaWallet = () => ({ ...createTestSigner(), networks: ['solana:*'] })

test('a wallet switched to another network after paying: the button says "Paid", not "Payment unavailable"', async () => {
  const url = 'https://paid.test/switched-after'
  api.serveX402(url, usdcOffer(url))
  const view = render(<PayLinkButton resource={url} signer={createTestSigner()} />, { wrapper: wrapperFor() })
  await ready()
  fireEvent.click(button())
  await waitFor(() => expect(stateOf(button())).toBe('settled'))
  view.rerender(<PayLinkButton resource={url} signer={solanaWallet()} />)
  expect(stateOf(button())).toBe('settled')
  expect(button()).toHaveAccessibleName('Paid')
  expect(screen.queryByText('Payment unavailable')).toBeNull()
})

test('a new price announced, then the wallet disconnected: no "Press again to pay" on a disabled button', async () => {
  const url = 'https://paid.test/repriced-then-disconnected'
  api.serveX402(url, usdcOffer(url, '10000'))
  const view = render(<PayLinkButton resource={url} signer={createTestSigner()} />, { wrapper: wrapperFor() })
  await ready()
  api.serveX402(url, usdcOffer(url, '90000'))
  fireEvent.click(button())
  await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('The price changed to 0.09 USDC. Press again to pay.'))
  view.rerender(<PayLinkButton resource={url} />)
  expect(stateOf(button())).toBe('disabled')
  expect(button()).toHaveAccessibleName('Pay 0.09 USDC')
  expect(screen.queryByText(/Press again/)).toBeNull()
})

test('a press whose fresh 402 this wallet can pay none of leaves the button focusable (aria-disabled), where "Payment unavailable" is read', async () => {
  const url = 'https://paid.test/moved-away'
  api.serveX402(url, usdcOffer(url))
  const signer = { ...createTestSigner(), networks: ['eip155:84532'] }
  render(<PayLinkButton resource={url} signer={signer} />, { wrapper: wrapperFor() })
  await ready()
  // The seller moved to Ethereum mainnet.
  api.serveX402(url, encodeBase64Json({ x402Version: 2, resource: { url }, accepts: [{ scheme: 'exact', network: 'eip155:1', amount: '10000', asset: BASE_SEPOLIA_USDC, payTo: MOCK_PAY_TO, maxTimeoutSeconds: 60, extra: { name: 'USDC', version: '2' } }] }))
  button().focus()
  fireEvent.click(button())
  await waitFor(() => expect(stateOf(button())).toBe('disabled'))
  expect(button()).toHaveAccessibleName('Pay Payment unavailable')
  expect(button()).not.toBeDisabled()
  expect(button()).toHaveAttribute('aria-disabled', 'true')
  expect(button()).toHaveFocus()
  expect(signer.calls).toBe(0)
})

test('showSplit without a wallet yet (disabled): the split is shown before paying too', async () => {
  render(<PayLinkButton code={code} maxAmount={cap} showSplit />, { wrapper: wrapperFor() })
  await waitFor(() => expect(button()).toHaveAccessibleName('Pay 1.50 USDC Creator 90% · Platform 10%'))
  expect(stateOf(button())).toBe('disabled')
})

test('the label and each visible second line carry their classes (the stylesheet lays out .paylink-button-detail), with a space between them in the text', async () => {
  const signer = createTestSigner()
  render(<PayLinkButton code={code} maxAmount={cap} signer={signer} showSplit />, { wrapper: wrapperFor() })
  await ready()
  expect(screen.getByText('Pay 1.50 USDC')).toHaveClass('paylink-button-label')
  expect(screen.getByText('Creator 90% · Platform 10%')).toHaveClass('paylink-button-detail')
  expect(screen.getByRole('status')).toHaveClass('paylink-button-status')
  expect(button().textContent).toBe('Pay 1.50 USDC Creator 90% · Platform 10%')
})

test('showSplit while the terms still load after the link came: the split is on screen already, so it does not pop in when the price does', async () => {
  api.mock.inject('verifyPayment', { latencyMs: 300, times: 1 })
  render(<PayLinkButton code={code} maxAmount={cap} signer={createTestSigner()} showSplit />, { wrapper: wrapperFor() })
  await waitFor(() => expect(screen.getByText('Creator 90% · Platform 10%')).toBeVisible())
  expect(stateOf(button())).toBe('loading')
  await ready()
  expect(button()).toHaveAccessibleName('Pay 1.50 USDC Creator 90% · Platform 10%')
})

test('on a server, with the link prefetched, the button is still loading: its price waits for the 402 the browser asks (README, "Prefetch on the server")', () => {
  const client = testClient()
  const queryClient = testQueryClient()
  queryClient.setQueryData(getLinkQueryOptions(client, code).queryKey, { ...LINK_INPUT, code, price: { amount: '1.50', currency: 'USDC' }, createdAt: '2026-01-01T00:00:00.000Z' } as never)
  const Wrapper = wrapperFor(client, queryClient)
  const html = renderToString(<Wrapper><PayLinkButton code={code} maxAmount={cap} signer={createTestSigner()} showSplit /></Wrapper>)
  // The prefetched link is read (its split is shown), but not taken for the price.
  expect(html).toContain('Creator 90% · Platform 10%')
  expect(html).toContain('data-state="loading"')
  expect(html).not.toContain('Pay 1.50 USDC')
})

test('buttons for two links in two hydrated roots (islands) are each named after their own price', async () => {
  // Each root renders and hydrates alone, so useId gives both buttons the same ids: React does so
  // for roots without an identifierPrefix, and Preact for any two roots (it counts ids per root).
  const islands = [MOCK_LINKS.demo, MOCK_LINKS.engagement].map((link) =>
    serverRendered({ mutations: [], queries: [] }, <PayLinkButton code={link} maxAmount={cap} signer={createTestSigner()} />),
  )
  for (const island of islands) await island.hydrate()
  const buttons = islands.map(({ container }) => within(container).getByRole('button'))
  await waitFor(() => expect(buttons.map(stateOf)).toEqual(['ready', 'ready']))
  expect(buttons[0]).toHaveAccessibleName('Pay 1.50 USDC')
  expect(buttons[1]).toHaveAccessibleName('Pay 0.25 USDC')
})
