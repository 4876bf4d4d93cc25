import { composeStories, setProjectAnnotations } from '@storybook/react-vite'
import preview from '../../.storybook/preview.js'
import * as PayLinkButton from '../../stories/PayLinkButton.stories.js'

// A designer goes back to a story they saw a minute ago, or presses the Interactions panel's
// "Rerun": Storybook renders and plays it again in the same page, without loading its file again.
// What the file keeps at module scope (a story's args, its test signer and what it counted) is
// still there from the first visit; the mock, the purchases and the page's clock are the story's
// own again. A play that passed once must pass again, or the panel shows the story as failing.
setProjectAnnotations(preview)

// The stories that count what their wallet signed: their signer lives in their args, made once per file.
const { FailsToSettle, Signing, SigningSlow, PriceChangedUnreadable } = composeStories(PayLinkButton)

test.each([
  ['FailsToSettle', FailsToSettle],
  ['Signing', Signing],
  ['SigningSlow', SigningSlow],
  ['PriceChangedUnreadable', PriceChangedUnreadable],
])('PayLinkButton %s plays again on a second visit', async (_, Story) => {
  await Story.run()
  await Story.run()
})
