import { createTestSigner, type TestSignerOptions } from '../../src/mock/createTestSigner.js'

/**
 * A wallet for the payment stories, accepted by the mock: `testSigner()` signs at once,
 * `testSigner({ delayMs: 1500 })` keeps the `signing` state on screen, `testSigner({ rejects: true })`
 * refuses like a user would. Its `calls` counts the signatures asked for.
 */
export function testSigner(options: TestSignerOptions = {}) {
  return createTestSigner(options)
}
