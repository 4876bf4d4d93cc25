import { measureBundle } from '../scripts/measureBundle.mjs'
import { flush, record } from './record.js'

// The same measure as the budgets, to the byte: size-limit's own (scripts/measureBundle.mjs), on
// the built dist/, beside the same measure of the x402 reference client installed as a dev dependency.
const BUDGETS: [string, string, string, number | undefined][] = [
  ['@paylink/react (everything)', './dist/index.js', '*', 16_000],
  ['@paylink/react/client (everything)', './dist/client.js', '*', 11_000],
  ['@paylink/react/x402 (everything)', './dist/x402.js', '*', undefined],
  ['@paylink/react/evm (viem external)', './dist/evm.js', '*', 2_000],
  ['PayLinkButton alone', './dist/index.js', '{ PayLinkButton }', 12_000],
  ['BridgeStatusBadge alone', './dist/index.js', '{ BridgeStatusBadge }', 8_000],
  ['FeeEstimate alone', './dist/index.js', '{ FeeEstimate }', 8_000],
  ['AttentionTracker alone', './dist/index.js', '{ AttentionTracker }', undefined],
]
const REACT_ONLY = ['react', 'react-dom', 'react/*', 'react-dom/*', '@tanstack/react-query']

afterAll(() => flush('sizes'))

test('bundle bytes per entry and per component', async () => {
  for (const [name, entry, imports, budget] of BUDGETS) {
    const { gzip } = await measureBundle(entry, imports)
    record({
      group: 'bundle (min+gz)',
      name,
      value: gzip,
      unit: 'B',
      ...(budget !== undefined && { target: `<= ${budget}`, met: gzip <= budget }),
    })
  }
  const anchor = await measureBundle('@x402/fetch', '*', REACT_ONLY)
  record({ group: 'bundle (min+gz)', name: '@x402/fetch (anchor, viem bundled)', value: anchor.gzip, unit: 'B' })
  const anchorEvm = await measureBundle('./bench/anchors/x402FetchEvm.ts', '*', REACT_ONLY)
  record({ group: 'bundle (min+gz)', name: '@x402/fetch + @x402/evm (anchor)', value: anchorEvm.gzip, unit: 'B' })
  const ours = await measureBundle('./dist/x402.js', '*')
  const evm = await measureBundle('./dist/evm.js', '*')
  record({
    group: 'bundle (min+gz)',
    name: 'ratio: @x402/fetch + @x402/evm ÷ @paylink/react/x402 + /evm',
    value: Number((anchorEvm.gzip / (ours.gzip + evm.gzip)).toFixed(1)),
    unit: '×',
  })
})
