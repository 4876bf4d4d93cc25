import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import { PayLinkButton } from '../../src/components/PayLinkButton.js'
import { MOCK_LINKS } from '../../src/mock/constants.js'
import { createTestSigner } from '../../src/mock/createTestSigner.js'
import { defaultSeed } from '../../src/mock/seed.js'
import { cap, useMockApi, wrapperFor } from './harness.js'

// A link code is any string the API hands out: one with white space ("spring sale") is still one
// code, and must not split the ids the button's name is made of.
const SPACED = 'spring sale'
const seed = defaultSeed()
const demo = seed.links.find((link) => link.code === MOCK_LINKS.demo)!
useMockApi({ settleDelayMs: 0, seed: { links: [...seed.links, { ...demo, code: SPACED }] } })

test('a link whose code has a space is named by its label and price, and then by its state, as any other', async () => {
  render(<PayLinkButton code={SPACED} maxAmount={cap} signer={createTestSigner()} />, { wrapper: wrapperFor() })
  const button = screen.getByRole('button')
  await waitFor(() => expect(button).toHaveAttribute('data-state', 'ready'))
  expect(button).toHaveAccessibleName('Pay 1.50 USDC')
  fireEvent.click(button)
  await waitFor(() => expect(button).toHaveAttribute('data-state', 'settled'))
  expect(button).toHaveAccessibleName('Paid')
})
