import { readFileSync } from 'node:fs'

// Guards `npm run test:node24`: if its Node stopped being the one it names (a PATH or binary mix-up),
// the Node-facing tests would silently run on the machine's Node 20 again.
test('the tests run on the Node the run names, and at least on the Node package.json asks for', () => {
  const [major = 0, minor = 0] = process.versions.node.split('.').map(Number)
  const expected = process.env.PAYLINK_EXPECTED_NODE
  if (expected) expect(major).toBe(Number(expected))
  const { engines } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { engines: { node: string } }
  const [floorMajor = Infinity, floorMinor = 0] = /^>=(\d+)\.(\d+)$/.exec(engines.node)!.slice(1).map(Number)
  expect(major > floorMajor || (major === floorMajor && minor >= floorMinor)).toBe(true)
})
