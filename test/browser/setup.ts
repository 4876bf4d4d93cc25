import { forgetPurchases } from '../../src/payment/forgetPurchases.js'

// The events in test/browser are the browser's own, not acted out, so React's act() warnings do not
// apply. Before each test: Testing Library turns them on in a beforeAll of its own, which runs after
// any of this file's.
beforeEach(() => {
  ;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false
})

// Each test is a new page: no stubbed global, no purchase of the last one, in memory or stored.
afterEach(() => {
  vi.unstubAllGlobals()
  forgetPurchases()
  sessionStorage.clear()
})
