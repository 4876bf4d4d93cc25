// Budgets of issue 7, minified + gzip, measured on dist/ (`npm run size` builds first). Peers in
// package.json (react, react-dom, @tanstack/react-query, viem, msw) stay external; zod is bundled.
// A component's budget is one line: component('PayLinkButton', '12 kB').
const check = (name, path, imports, limit) => ({ name, path, import: imports, limit, gzip: true })
const component = (name, limit) => check(`${name} alone`, 'dist/index.js', `{ ${name} }`, limit)

module.exports = [
  check('everything from @paylink/react', 'dist/index.js', '*', '16 kB'),
  check('everything from @paylink/react/client', 'dist/client.js', '*', '11 kB'),
  check('@paylink/react/evm (viem external)', 'dist/evm.js', '*', '2 kB'),
  component('PayLinkButton', '12 kB'),
  component('BridgeStatusBadge', '8 kB'),
  component('FeeEstimate', '8 kB'),
]
