import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen, waitFor } from '@testing-library/react'
import { commands } from 'vitest/browser'
import { createPayLinkClient } from '../../src/client.js'
import { BridgeStatusBadge } from '../../src/components/BridgeStatusBadge.js'
import { PayLinkProvider } from '../../src/hooks/PayLinkProvider.js'
import '../../src/styles.css'

beforeAll(() => {
  ;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false
})
afterEach(() => vi.unstubAllGlobals())

/** Renders the badge of a transfer the API answers with `fields` (and the usual rest); returns its root. */
function renderTransfer(fields: Record<string, string>) {
  const at = new Date().toISOString()
  vi.stubGlobal('fetch', async () =>
    Response.json({ id: 'tr_1', sourceChain: 'solana', destinationChain: 'base', asset: 'USDC', amount: '1', createdAt: at, updatedAt: at, ...fields }),
  )
  const client = createPayLinkClient({ baseUrl: 'https://api.paylink.test', retry: false })
  const { container } = render(
    <QueryClientProvider client={new QueryClient()}>
      <PayLinkProvider client={client}>
        <BridgeStatusBadge transferId="tr_1" />
      </PayLinkProvider>
    </QueryClientProvider>,
  )
  return container.firstElementChild as HTMLElement
}

test('in forced colours (a Windows contrast theme) the status dot stays visible and keeps pulsing', async () => {
  const badge = renderTransfer({ status: 'in_transit' })
  await waitFor(() => expect(badge).toHaveAttribute('data-state', 'in_transit'))
  const dot = getComputedStyle(badge.querySelector('[data-part="indicator"]')!)
  await commands.forcedColors('active')
  try {
    // The system forces every background to Canvas: a dot painted in it is gone.
    expect(dot.backgroundColor).not.toBe(getComputedStyle(badge).backgroundColor)
    expect(dot.backgroundColor).toBe(getComputedStyle(badge).color)
    expect(dot.animationName).toBe('paylink-bridge-status-pulse')
  } finally {
    await commands.forcedColors(null)
  }
})

test('the label and the failure reason, inside the live region, are spaced apart as the other parts are', async () => {
  const badge = renderTransfer({ status: 'failed', failureReason: 'The mint was rejected' })
  await waitFor(() => expect(badge).toHaveAttribute('data-state', 'failed'))
  const label = screen.getByText('Transfer failed').getBoundingClientRect()
  const reason = screen.getByText('The mint was rejected').getBoundingClientRect()
  const indicator = badge.querySelector('[data-part="indicator"]')!.getBoundingClientRect()
  // The same gap as between the dot and the label: not "Transfer failedThe mint was rejected".
  expect(reason.left - label.right).toBeCloseTo(label.left - indicator.right, 1)
  expect(reason.left - label.right).toBeGreaterThan(0)
})
