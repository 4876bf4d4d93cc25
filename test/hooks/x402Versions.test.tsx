import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import { PayLinkButton } from '../../src/components/PayLinkButton.js'
import { usePayLink } from '../../src/hooks/usePayLink.js'
import { MOCK_LINKS } from '../../src/mock/constants.js'
import { createMockApi } from '../../src/mock/createMockApi.js'
import { createTestSigner } from '../../src/mock/createTestSigner.js'
import type { MockX402Version } from '../../src/mock/x402/versions.js'
import { cap, useMockApi, wrapperFor } from './harness.js'

// Each test swaps in a mock whose 402 gate speaks one x402 version: a v1-only server, a v2-only one, or both.
const api = useMockApi({ settleDelayMs: 0 })
function gateOf(x402Version: MockX402Version) {
  api.mock = createMockApi({ apiKeys: false, settleDelayMs: 0, x402Version })
  api.server.resetHandlers(...api.mock.handlers)
}
const networkOf = (version: MockX402Version) => (version === 1 ? 'base-sepolia' : 'eip155:84532')

function PayButton({ signer }: { signer: ReturnType<typeof createTestSigner> }) {
  const { status, pay } = usePayLink(MOCK_LINKS.demo, { maxAmount: cap, signer })
  return (
    <button type="button" onClick={() => void pay()}>
      {status}
    </button>
  )
}

describe.each([1, 2, 'both'] as const)('a 402 gate of x402Version %s', (version) => {
  test('usePayLink pays it: one signature, one payment, settled', async () => {
    gateOf(version)
    const signer = createTestSigner()
    render(<PayButton signer={signer} />, { wrapper: wrapperFor() })
    fireEvent.click(await screen.findByRole('button', { name: 'ready' }))
    await screen.findByRole('button', { name: 'settled' })
    expect(signer.calls).toBe(1)
    expect(api.mock.ledger).toEqual([expect.objectContaining({ linkCode: MOCK_LINKS.demo, network: networkOf(version) })])
  })

  test('PayLinkButton pays it: one signature, one payment, settled', async () => {
    gateOf(version)
    const signer = createTestSigner()
    const onSettled = vi.fn()
    render(<PayLinkButton code={MOCK_LINKS.demo} maxAmount={cap} signer={signer} onSettled={onSettled} />, { wrapper: wrapperFor() })
    await waitFor(() => expect(screen.getByRole('button')).toHaveAccessibleName('Pay 1.50 USDC'))
    fireEvent.click(screen.getByRole('button'))
    await waitFor(() => expect(screen.getByRole('button')).toHaveAttribute('data-state', 'settled'))
    expect(screen.getByRole('status')).toHaveTextContent('Payment complete')
    expect(onSettled).toHaveBeenCalledTimes(1)
    expect(onSettled).toHaveBeenCalledWith(expect.objectContaining({ success: true, network: networkOf(version) }))
    expect(signer.calls).toBe(1)
    expect(api.mock.ledger).toHaveLength(1)
  })
})
