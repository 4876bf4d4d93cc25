import msw from 'msw/package.json' with { type: 'json' }
import { getResponse } from 'msw'
import { createMockApi, MOCK_LINKS } from '../../src/mock.js'

// Guards the msw 3 project: if its alias stopped working, the mock's tests there would silently
// run on msw 2 again.
test('the mock runs on the msw major its project names', async () => {
  const expected = process.env.PAYLINK_EXPECTED_MSW
  expect(expected).toMatch(/^(2|3)$/)
  expect(msw.version.split('.')[0]).toBe(expected)
  const response = await getResponse(createMockApi({ apiKeys: false }).handlers, new Request(`https://api.paylink.test/pub/v1/links/${MOCK_LINKS.demo}`))
  expect(response?.status).toBe(200)
  expect(await response?.json()).toMatchObject({ code: MOCK_LINKS.demo })
})

// Where the msw 3 project runs the tests behind setupServer too (on Node 22.12 and later), they must
// reach msw 3's msw/node, not msw 2's: the same module as msw 3's file.
if (process.env.PAYLINK_MSW3_SETUP_SERVER) {
  test("setupServer is msw 3's where Node runs it", async () => {
    const msw3Node = new URL('../msw3/node_modules/msw/lib/node/index.js', import.meta.url).pathname
    expect(await import('msw/node')).toBe(await import(/* @vite-ignore */ msw3Node))
  })
}
