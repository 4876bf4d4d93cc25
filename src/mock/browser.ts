// The `@paylink/react/mock/browser` entry: everything of `@paylink/react/mock` but the Node server,
// for `setupWorker` and Storybook. Bundlers that resolve every import before tree-shaking (webpack)
// would otherwise fail on `node:http`, and Vite warns about it.
export { createMockApi, type MockApi, type MockApiOptions } from './createMockApi.js'
export { MOCK_ERROR_BODIES, type MockErrorBody } from './errorBody.js'
export { MOCK_ROUTES, type MockFault, type MockRoute } from './faults.js'
export { MOCK_SCENARIOS, type MockScenario, QUICK_QUOTE_TTL_MS, SLOW_SETTLE_MS } from './scenarios.js'
export {
  defaultSeed,
  type MockFeeRoute,
  type MockFeeTable,
  type MockPaymentSeed,
  type MockSeed,
  type MockTransferSeed,
  type MockX402Offer,
} from './seed.js'
export type { MockLedgerEntry, MockPaymentRecord, MockState, MockTransferRecord, StoredAnswer } from './state.js'
export {
  BASE_SEPOLIA_USDC,
  MOCK_API_KEY,
  MOCK_LINKS,
  MOCK_PAY_TO,
  MOCK_PAYMENTS,
  MOCK_TRANSFER_REASONS,
  MOCK_UNKNOWN_STATUS,
  MOCK_TRANSFERS,
  MOCK_X402_REASONS,
} from './constants.js'
export type { MockX402Version } from './x402/versions.js'
export { createTestSigner, type TestSignerOptions } from './createTestSigner.js'
export { forgetPurchases } from '../payment/forgetPurchases.js'
