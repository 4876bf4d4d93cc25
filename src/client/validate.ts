import * as z from 'zod/mini'
import { type PayLinkEndpoint, type PayLinkIssue, PayLinkValidationError } from './errors.js'

type RawIssue = z.core.$ZodIssue

// zod/mini ships no locale (that is what keeps it small), so its messages all read "Invalid input";
// these say what was expected instead.
function describe(issue: RawIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      return `expected ${issue.expected}`
    case 'invalid_value':
      return `expected one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}`
    case 'too_small':
      return issue.origin === 'string' ? 'must not be empty' : `must be at least ${issue.minimum}`
    case 'too_big':
      return `must be at most ${issue.maximum}`
    case 'invalid_format':
      return `has an invalid format`
    case 'invalid_union':
      return 'matches none of the allowed shapes'
    default:
      return issue.message && issue.message !== 'Invalid input' ? issue.message : 'is invalid'
  }
}

/** Turns zod issues into `{ path, message }` pairs with a dotted path. */
export function toIssues(issues: readonly RawIssue[]): PayLinkIssue[] {
  return issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: describe(issue) }))
}

/** Parses `value` with `schema`, or throws a `PayLinkValidationError` naming the endpoint and every bad field. */
export function validate<S extends z.ZodMiniType>(
  schema: S,
  value: unknown,
  endpoint: PayLinkEndpoint | undefined,
  source: 'input' | 'response',
): z.output<S> {
  const result = z.safeParse(schema, value)
  if (result.success) return result.data
  throw new PayLinkValidationError({ endpoint, source, issues: toIssues(result.error.issues), cause: result.error })
}
