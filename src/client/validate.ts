import * as z from '../schemas/z.js'
import { type PayLinkEndpoint, type PayLinkIssue, PayLinkValidationError } from './errors.js'

// What the issue lists read of an issue, raw (from z.parseInto) or finalised (zod/mini's, in the mock).
type RawIssue = { readonly code: string; readonly path?: PropertyKey[]; readonly message?: string; readonly expected?: unknown; readonly keys?: readonly string[] }

/** Parses `value` with `schema`, or throws a `PayLinkValidationError` naming the endpoint and every bad field. */
export function validate<S extends z.Schema>(
  schema: S,
  value: unknown,
  endpoint: PayLinkEndpoint | undefined,
  source: 'input' | 'response',
): z.output<S> {
  // Parsed as the object schemas parse their fields (parseInto): no result object to build and read.
  const found = { issues: [] as z.RawIssue[] }
  const [data, failed] = z.parseInto(found, schema, value)
  if (!failed) return data as z.output<S>
  throw new PayLinkValidationError({ endpoint, source, issues: ownIssues(found.issues) })
}

// After validate, which calls it: an app's bundle of this order gzips smaller (PayLinkButton alone
// and the root 1 B; the client entry 1 B larger).
/**
 * Turns the issues of the package's own schemas into `{ path, message }` pairs with a dotted path.
 * zod's core ships no locale (that is what keeps it small), and a locale the app loads for its own
 * schemas must not reword ours: the zod issues the package raises get their text here. Our own
 * checks (`rule`) carry their message, and raise no other kind of issue.
 */
export function ownIssues(issues: readonly RawIssue[]): PayLinkIssue[] {
  return issues.map((issue) => ({
    path: (issue.path ?? []).map(String).join('.'),
    message:
      issue.code === 'invalid_type'
        ? `expected ${issue.expected}`
        : issue.code === 'unrecognized_keys'
          ? `unknown field ${issue.keys!.map((key) => JSON.stringify(key)).join(', ')}`
          : issue.message!,
  }))
}

/**
 * `record`, or a `PayLinkValidationError` on `key` (`id`, a link's `code`) when the API answered
 * about another record than the one asked for (a cache or a router gone wrong): another payment's
 * status must never pass for this one's (an error ends the polling that waits for it), nor another
 * link's title and price for this one's.
 */
export function sameRecord<T>(record: T, id: string, endpoint: PayLinkEndpoint, key = 'id' as keyof T & string): T {
  if (record[key] === id) return record
  throw new PayLinkValidationError({ endpoint, source: 'response', issues: [{ path: key, message: `expected ${JSON.stringify(id)}` }] })
}
