import { typeErrors } from './typeErrors.js'

it("a signer of the app's own is a PaymentSigner with its payload typed as an interface, a type or a class's", () => {
  expect(typeErrors('./customSigner.ts')).toBe('')
})
