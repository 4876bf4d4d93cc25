import { composeStories, setProjectAnnotations } from '@storybook/react-vite'
import { render, waitFor } from '@testing-library/react'
import preview from '../../.storybook/preview.js'
import * as BridgeStatusBadge from '../../stories/BridgeStatusBadge.stories.js'
import * as FeeEstimate from '../../stories/FeeEstimate.stories.js'
import * as PayLinkButton from '../../stories/PayLinkButton.stories.js'

// The Controls panel edits `labels` as JSON, where a label can only be a text. A designer who types
// one for a label the component calls as a function ("pay", "eta", "amount") to try a wording must
// see it, not Storybook's error screen ("labels.pay is not a function").
setProjectAnnotations(preview)

type Composed = ReturnType<typeof composeStories<typeof PayLinkButton>>['Ready']

/** Renders the story with `labels` as the panel gives them, once its mock is in, and waits for `expected` in its text. */
async function expectShown(Story: Composed, labels: Record<string, string>, expected: RegExp) {
  // The story's mock and worker (its beforeEach), as Storybook gives them before it renders.
  await Story.load()
  const { container, unmount } = render(<Story {...({ labels } as object)} />)
  try {
    await waitFor(() => expect(container.textContent).toMatch(expected), { timeout: 5_000 })
  } finally {
    unmount()
  }
}

test('PayLinkButton: a text typed for pay and split shows as typed', async () => {
  const { WithSplit } = composeStories(PayLinkButton)
  await expectShown(WithSplit as Composed, { pay: 'Buy now', split: 'Shared with the platform' }, /Buy now.*Shared with the platform/)
})

test('BridgeStatusBadge: a text typed for eta, sourceTx and reason shows as typed', async () => {
  const { Failed, InTransit } = composeStories(BridgeStatusBadge)
  await expectShown(InTransit as unknown as Composed, { eta: 'soon', sourceTx: 'Source', destinationTx: 'Destination' }, /In transit.*soon.*Source/)
  await expectShown(Failed as unknown as Composed, { reason: 'It failed' }, /Transfer failed.*It failed/)
})

test('FeeEstimate: a text typed for amount, duration and quoted shows as typed', async () => {
  const { Ready } = composeStories(FeeEstimate)
  await expectShown(Ready as unknown as Composed, { amount: 'some USDC', duration: 'a while', quoted: 'just now' }, /some USDC.*a while.*just now/)
})
