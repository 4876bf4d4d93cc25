import { typeErrors } from './typeErrors.js'

it("narrowing an error of a hook, a query or the button by name or by class gives that class's fields", () => {
  expect(typeErrors('./errors.tsx')).toBe('')
})
