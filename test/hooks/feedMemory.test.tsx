import { act, render, waitFor } from '@testing-library/react'
import { PayLinkButton } from '../../src/components/PayLinkButton.js'
import { BASE_SEPOLIA_USDC } from '../../src/mock/constants.js'
import { defaultSeed } from '../../src/mock/seed.js'
import { linkPurchase } from '../../src/payment/linkPurchase.js'
import { testClient, useMockApi, wrapperFor } from './harness.js'

// A feed: a thousand links, each button shown once, priced, and scrolled away.
const seed = defaultSeed()
const codes = Array.from({ length: 1000 }, (_, i) => `feed-${i}`)
useMockApi({ seed: { links: [...seed.links, ...codes.map((code) => ({ ...seed.links[0]!, code }))] } })

test('a feed of a thousand links keeps no purchase of the links it showed and left (each is read afresh when shown again)', async () => {
  const client = testClient()
  const Wrapper = wrapperFor(client)
  const shown = new Map<string, unknown>()
  for (const code of codes) {
    const view = render(<Wrapper><PayLinkButton code={code} maxAmount={{ [BASE_SEPOLIA_USDC]: '10000000' }} /></Wrapper>)
    await waitFor(() => expect(view.container.querySelector('button')).toHaveTextContent('Pay 1.50 USDC'))
    shown.set(code, linkPurchase(client, code))
    view.unmount()
  }
  await act(() => new Promise((resolve) => setTimeout(resolve)))
  // A purchase still listed is the one a lookup finds again.
  expect(codes.filter((code) => linkPurchase(client, code) === shown.get(code))).toEqual([])
})
