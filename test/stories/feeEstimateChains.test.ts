import { estimateFees } from '../../src/client.js'
import { mockHarness } from '../mock/harness.js'

// A designer picks a chain in the FeeEstimate stories' Source and Destination controls: each pair
// of two different chains they offer must be one the stories' mock quotes, or the Ready story turns
// into "Could not get a fee quote." for no reason on screen (a transfer to the chain it leaves
// from is no transfer: the API refuses it, and so does the mock).
// `navigator`: storybook/test, which the stories import, resets its clipboard stub on `window`.
vi.stubGlobal('window', { navigator: {} })
const { default: meta } = await import('../../stories/FeeEstimate.stories.js')
vi.unstubAllGlobals()
const { client } = mockHarness(meta.parameters?.paylinkMock?.options)

const pairs = meta.argTypes.sourceChain.options.flatMap((sourceChain) =>
  meta.argTypes.destinationChain.options.filter((destinationChain) => destinationChain !== sourceChain).map((destinationChain) => ({ sourceChain, destinationChain })),
)

test.each(pairs)('the FeeEstimate stories quote $sourceChain to $destinationChain', async (chains) => {
  const estimate = await estimateFees(client, { ...meta.args, ...chains })
  expect(estimate.totalFee.currency).toBe(meta.args.asset)
})
