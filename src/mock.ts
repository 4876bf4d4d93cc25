// The `@paylink/react/mock` entry: a stateful stand-in for the API, as MSW handlers and as a local
// server. Everything but `startMockServer` runs in a browser; that one needs Node (`node:http`).
export { createMockApi, type MockApi, type MockApiOptions } from './mock/createMockApi.js'
export { type MockServer, type MockServerOptions, startMockServer } from './mock/startMockServer.js'
export { MOCK_ROUTES, type MockFault, type MockRoute } from './mock/faults.js'
export { MOCK_SCENARIOS, type MockScenario, QUICK_QUOTE_TTL_MS, SLOW_SETTLE_MS } from './mock/scenarios.js'
export {
  defaultSeed,
  type MockFeeRoute,
  type MockFeeTable,
  type MockPaymentSeed,
  type MockSeed,
  type MockTransferSeed,
  type MockX402Offer,
} from './mock/seed.js'
export type { MockLedgerEntry, MockPaymentRecord, MockState, MockTransferRecord, StoredAnswer } from './mock/state.js'
export {
  BASE_SEPOLIA_USDC,
  MOCK_API_KEY,
  MOCK_LINKS,
  MOCK_PAY_TO,
  MOCK_PAYMENTS,
  MOCK_TRANSFERS,
  MOCK_X402_REASONS,
} from './mock/constants.js'
