import { typeErrors } from './typeErrors.js'

it('the query and mutation factories carry their data and error (PayLinkErrorType) types into TanStack Query', () => {
  expect(typeErrors('./queryOptions.ts')).toBe('')
})
