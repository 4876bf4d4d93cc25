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

test('in forced colours (a Windows contrast theme) the status dot stays visible and keeps pulsing', async () => {
  const at = new Date().toISOString()
  vi.stubGlobal('fetch', async () =>
    Response.json({ id: 'tr_1', status: 'in_transit', sourceChain: 'solana', destinationChain: 'base', asset: 'USDC', amount: '1', createdAt: at, updatedAt: at }),
  )
  const client = createPayLinkClient({ baseUrl: 'https://api.paylink.test', retry: false })
  render(
    <QueryClientProvider client={new QueryClient()}>
      <PayLinkProvider client={client}>
        <BridgeStatusBadge transferId="tr_1" />
      </PayLinkProvider>
    </QueryClientProvider>,
  )
  const badge = screen.getByRole('status')
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
