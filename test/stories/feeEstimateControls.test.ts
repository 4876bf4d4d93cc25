import { estimateFees } from '../../src/client.js'
import { mockHarness } from '../mock/harness.js'

// A designer picks an asset in the FeeEstimate stories' control: each one offered must be one the
// mock quotes, or the Ready story turns into "Could not get a fee quote." for no reason on screen.
const { client } = mockHarness()

test('every asset the FeeEstimate stories offer is quoted by the mock, in that asset', async () => {
  // `navigator`: storybook/test, which the stories import, resets its clipboard stub on `window`.
  vi.stubGlobal('window', { navigator: {} })
  const { default: meta } = await import('../../stories/FeeEstimate.stories.js')
  const quoted = await Promise.all(
    meta.argTypes.asset.options.map(async (asset) => (await estimateFees(client, { ...meta.args, asset })).totalFee.currency),
  )
  expect(quoted).toEqual(meta.argTypes.asset.options)
})
