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
