import { createTestSigner } from '../../src/mock/createTestSigner.js'
import { requirement } from '../x402/helpers.js'

test('the test signer dates validBefore in whole seconds, a fractional maxTimeoutSeconds rounded up', async () => {
  const now = Math.floor(Date.now() / 1000)
  const payload = (await createTestSigner().signPayment(requirement({ maxTimeoutSeconds: 0.5 }), { x402Version: 2 })) as {
    authorization: { validBefore: string }
  }

  expect(payload.authorization.validBefore).toMatch(/^\d+$/)
  expect(Number(payload.authorization.validBefore)).toBeGreaterThanOrEqual(now + 1)
})
