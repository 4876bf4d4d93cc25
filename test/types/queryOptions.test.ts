import { typeErrors } from './typeErrors.js'

it('the query and mutation factories carry their data and PayLinkError types into TanStack Query', () => {
  expect(typeErrors('./queryOptions.ts')).toBe('')
})
