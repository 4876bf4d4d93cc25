import { typeErrors } from './typeErrors.js'

it("createEvmSigner takes wagmi's wallet client and connector client (a bare viem Client) without a cast", () => {
  expect(typeErrors('./evmSigner.ts')).toBe('')
})
