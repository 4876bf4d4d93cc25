import { typeErrors } from './typeErrors.js'

it('app code typed with PayLinkError (a variable, a handler, instanceof, TanStack generics) still compiles', () => {
  expect(typeErrors('./previousTypes.tsx')).toBe('')
})
