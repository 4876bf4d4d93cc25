import { createTestSigner } from '../../src/mock/createTestSigner.js'
import { isWalletRejection } from '../../src/x402/createPaymentHeader.js'
import { signerSupports } from '../../src/x402/signerSupports.js'
import { requirement } from '../x402/helpers.js'

test('the test signer dates validBefore in whole seconds, a fractional maxTimeoutSeconds rounded up', async () => {
  const now = Math.floor(Date.now() / 1000)
  const payload = (await createTestSigner().signPayment(requirement({ maxTimeoutSeconds: 0.5 }), { x402Version: 2 })) as {
    authorization: { validBefore: string }
  }

  expect(payload.authorization.validBefore).toMatch(/^\d+$/)
  expect(Number(payload.authorization.validBefore)).toBeGreaterThanOrEqual(now + 1)
})

test('the test signer pays any EVM network, not only the mock\'s, as the stories\' wallet must', () => {
  const signer = createTestSigner()
  for (const network of ['eip155:84532', 'base-sepolia', 'eip155:137', 'polygon', 'eip155:8453']) expect(signerSupports(signer, network)).toBe(true)
  expect(signerSupports(signer, 'solana')).toBe(false)
})

test('a rejecting test signer refuses as the docs say a user does: a UserRejectedRequestError, code 4001, that the package reads as a refusal', async () => {
  const signer = createTestSigner({ rejects: true })
  const error = await signer.signPayment(requirement(), { x402Version: 2 }).catch((e: unknown) => e)
  expect(error).toMatchObject({ name: 'UserRejectedRequestError', code: 4001, message: 'User rejected the request.' })
  expect(isWalletRejection(error)).toBe(true)
  expect(signer.calls).toBe(1)
})

test('the test signer takes delayMs to sign', async () => {
  vi.useFakeTimers()
  try {
    const signed = vi.fn()
    void createTestSigner({ delayMs: 1_000 }).signPayment(requirement(), { x402Version: 2 }).then(signed)
    await vi.advanceTimersByTimeAsync(999)
    expect(signed).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(1)
    expect(signed).toHaveBeenCalledOnce()
  } finally {
    vi.useRealTimers()
  }
})
