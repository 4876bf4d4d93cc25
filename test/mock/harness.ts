import { setupServer } from 'msw/node'
import { createPayLinkClient } from '../../src/client.js'
import { createMockApi, MOCK_API_KEY, type MockApiOptions } from '../../src/mock.js'

/** Where the tests' client thinks the API is; the mock's handlers answer on any origin. */
export const BASE_URL = 'https://api.paylink.test'

/** The tests' clock starts here, and is put back after each test. */
export const START = Date.parse('2026-03-01T12:00:00.000Z')

/** A mock API on its own clock behind `setupServer`, reset after each test, and a client without retries. */
export function mockHarness(options: MockApiOptions = {}) {
  const clock = { now: START }
  const mock = createMockApi({ now: () => clock.now, ...options })
  const server = setupServer(...mock.handlers)
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
  afterEach(() => {
    clock.now = START
    mock.reset()
  })
  afterAll(() => server.close())
  const client = createPayLinkClient({ baseUrl: BASE_URL, apiKey: MOCK_API_KEY, retry: false })
  return { mock, clock, client }
}
