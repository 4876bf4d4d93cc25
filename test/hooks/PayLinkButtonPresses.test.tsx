import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { PayLinkButton } from '../../src/components/PayLinkButton.js'
import { MOCK_LINKS } from '../../src/mock/constants.js'
import { createMockApi } from '../../src/mock/createMockApi.js'
import { createTestSigner } from '../../src/mock/createTestSigner.js'
import { defaultSeed } from '../../src/mock/seed.js'
import { BASE_URL, cap, usdcOffer, useMockApi, wrapperFor } from './harness.js'

// Presses the button must not turn into a payment, and presses it must not swallow.
const api = useMockApi({ settleDelayMs: 0 })
const code = MOCK_LINKS.demo
const paidRequests = () => api.requests.filter((r) => r.paid).length
const button = () => screen.getByRole('button')
const stateOf = (element: HTMLElement) => element.getAttribute('data-state')
const aWhile = () => act(() => new Promise((resolve) => setTimeout(resolve, 50)))

test("asChild and the app's disabled, with a wallet: a click on the element (an <a> has no disabled) signs nothing", async () => {
  const signer = createTestSigner()
  render(
    <PayLinkButton code={code} maxAmount={cap} signer={signer} disabled asChild>
      <a href="#pay">Buy</a>
    </PayLinkButton>,
    { wrapper: wrapperFor() },
  )
  const link = screen.getByRole('link')
  await waitFor(() => expect(link).toHaveAccessibleName('Buy'))
  await waitFor(() => expect(api.count('POST', '/payments/verify')).toBe(1))
  expect(stateOf(link)).toBe('disabled')
  fireEvent.click(link)
  await aWhile()
  expect(signer.calls).toBe(0)
  expect(paidRequests()).toBe(0)
})

test('a press while "Loading…" (the 402 still being read, no price shown yet) signs nothing, then or once it is read', async () => {
  const OTHER_USDC = '0xaf88d065e77c8cC2239327C5EDb3A432268e5831'
  const other = createMockApi({ apiKeys: false, settleDelayMs: 0, seed: { x402: { ...defaultSeed().x402, asset: OTHER_USDC } } })
  let release!: () => void
  const released = new Promise<void>((resolve) => (release = resolve))
  // The gate answers once released; the link at once (its price is not the 402's: an asset of unknown decimals).
  api.server.use(http.post(`${BASE_URL}/pub/v1/payments/verify`, async () => (await released, undefined)), ...other.handlers)
  const signer = createTestSigner()
  render(<PayLinkButton code={code} signer={signer} maxAmount={{ [OTHER_USDC]: '10000000' }} />, { wrapper: wrapperFor() })
  await waitFor(() => expect(api.count('GET', `/links/${code}`)).toBe(1))
  await aWhile()
  expect(stateOf(button())).toBe('loading')
  // On mount, nothing is said while the price loads (each button of a page would queue it).
  expect(screen.getByRole('status').textContent).toBe('')
  fireEvent.click(button())
  await aWhile()
  expect(signer.calls).toBe(0)
  release()
  await waitFor(() => expect(stateOf(button())).toBe('ready'))
  expect(button()).toHaveAccessibleName('Pay')
  expect(signer.calls).toBe(0)
  expect(other.ledger).toHaveLength(0)
})

test('a slow double click (its second click 600 ms after a first that found a new price) pays nothing: a press of its own does', async () => {
  const RESOURCE = 'https://paid.test/slow-double-click'
  api.serveX402(RESOURCE, usdcOffer(RESOURCE, '10000'))
  const signer = createTestSigner()
  render(<PayLinkButton resource={RESOURCE} signer={signer} />, { wrapper: wrapperFor() })
  await waitFor(() => expect(stateOf(button())).toBe('ready'))
  const payments = api.serveX402(RESOURCE, usdcOffer(RESOURCE, '90000'))
  fireEvent.click(button(), { detail: 1 })
  await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('The price changed to 0.09 USDC'))
  // Past the half second a key press is held, within a double-click time a user may have set.
  const now = performance.now.bind(performance)
  vi.spyOn(performance, 'now').mockImplementation(() => now() + 600)
  fireEvent.click(button(), { detail: 2 })
  await aWhile()
  expect(signer.calls).toBe(0)
  expect(payments).toHaveLength(0)
  fireEvent.click(button(), { detail: 1 })
  await waitFor(() => expect(stateOf(button())).toBe('settled'))
  expect(payments).toHaveLength(1)
})

test('a page that re-renders the button often (a countdown) does not swallow the press after a new price', async () => {
  const RESOURCE = 'https://paid.test/countdown'
  api.serveX402(RESOURCE, usdcOffer(RESOURCE, '10000'))
  const signer = createTestSigner()
  const view = render(<PayLinkButton resource={RESOURCE} signer={signer} title="10 s left" />, { wrapper: wrapperFor() })
  await waitFor(() => expect(stateOf(button())).toBe('ready'))
  const payments = api.serveX402(RESOURCE, usdcOffer(RESOURCE, '90000'))
  fireEvent.click(button())
  await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('The price changed to 0.09 USDC'))
  const now = performance.now.bind(performance)
  vi.spyOn(performance, 'now').mockImplementation(() => now() + 600)
  // The countdown ticks just before the press.
  view.rerender(<PayLinkButton resource={RESOURCE} signer={signer} title="9 s left" />)
  fireEvent.click(button())
  await waitFor(() => expect(stateOf(button())).toBe('settled'))
  expect(payments).toHaveLength(1)
})

test('a link whose terms were shown, then whose fresh read failed: "Try again" pays the price shown on that very press, not on a second one', async () => {
  vi.useFakeTimers({ toFake: ['Date'] })
  try {
    const signer = createTestSigner()
    render(<PayLinkButton code={code} maxAmount={cap} signer={signer} />, { wrapper: wrapperFor() })
    await waitFor(() => expect(button()).toHaveAccessibleName('Pay 1.50 USDC'))
    // The terms read on mount expire; the fresh read a press makes gets no answer.
    vi.setSystemTime(Date.now() + 61_000)
    api.mock.inject('verifyPayment', { dropConnection: true, times: 1 })
    fireEvent.click(button())
    await waitFor(() => expect(stateOf(button())).toBe('failed'))
    expect(signer.calls).toBe(0)
    fireEvent.click(button())
    await waitFor(() => expect(stateOf(button())).toBe('settled'))
    expect(signer.calls).toBe(1)
    expect(paidRequests()).toBe(1)
  } finally {
    vi.useRealTimers()
  }
})

test("a link read after its 402, whose price the 402 gave: a press signs that 402's terms at once, without reading them again", async () => {
  let release!: () => void
  const released = new Promise<void>((resolve) => (release = resolve))
  api.server.use(http.get(`${BASE_URL}/pub/v1/links/${code}`, async () => (await released, undefined)))
  const signer = createTestSigner()
  render(<PayLinkButton code={code} maxAmount={cap} signer={signer} />, { wrapper: wrapperFor() })
  await waitFor(() => expect(button()).toHaveAccessibleName('Pay 1.50 USDC'))
  release()
  await waitFor(() => expect(api.count('GET', `/links/${code}`)).toBe(1))
  await aWhile()
  fireEvent.click(button())
  await waitFor(() => expect(stateOf(button())).toBe('settled'))
  expect(api.requests.filter((r) => r.path.endsWith('/payments/verify') && !r.paid)).toHaveLength(1)
  expect(signer.calls).toBe(1)
})
