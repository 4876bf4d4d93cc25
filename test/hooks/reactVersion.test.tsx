import { version } from 'react'
import { version as domVersion } from 'react-dom'

// Guards the React 18 project: if its aliases stopped working, every hook test there would
// silently run on React 19 again.
test('the hook tests run on the React major their project names', () => {
  const expected = process.env.PAYLINK_EXPECTED_REACT
  expect(expected).toMatch(/^(18|19)$/)
  expect(version.split('.')[0]).toBe(expected)
  expect(domVersion).toBe(version)
})
