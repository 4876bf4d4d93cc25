// Guards `npm run test:node24`: if its Node stopped being the one it names (a PATH or binary mix-up),
// the Node-facing tests would silently run on the machine's Node 20 again.
test('the tests run on the Node the run names, and at least on the Node the README asks for', () => {
  const [major = 0, minor = 0] = process.versions.node.split('.').map(Number)
  const expected = process.env.PAYLINK_EXPECTED_NODE
  if (expected) expect(major).toBe(Number(expected))
  expect(major > 20 || (major === 20 && minor >= 19)).toBe(true)
})
