import * as z from '../schemas/z.js'
import { issuesText, PayLinkX402Error } from '../client/errors.js'
import { ownIssues } from '../client/validate.js'

/** Parses an x402 message with `schema`, or throws a `PayLinkX402Error` (`invalid_shape`) naming each bad field. */
export function parseX402<S extends z.Schema>(schema: S, value: unknown, source: string): z.output<S> {
  // As validate parses (parseInto): no result object to build and read.
  const found = { issues: [] as z.RawIssue[] }
  const [data, failed] = z.parseInto(found, schema, value)
  if (!failed) return data as z.output<S>
  throw new PayLinkX402Error({ reason: 'invalid_shape', source, details: issuesText(ownIssues(found.issues)) })
}

/** Reads `x402Version` from a decoded message: 1 or 2, or a `PayLinkX402Error` (`unsupported_version`). */
export function x402VersionOf(value: unknown, source: string): 1 | 2 {
  // A primitive has no own x402Version: reading it gives undefined, as for an object without one.
  const version = (value as { x402Version?: unknown } | null | undefined)?.x402Version
  if (version === 1 || version === 2) return version
  throw new PayLinkX402Error({
    reason: version === undefined ? 'invalid_shape' : 'unsupported_version',
    source,
    // Any other value is named by its type only: a server may echo what the client sent (a signed
    // payment) in any field, and an error goes to logs. Nor can JSON show every value (a BigInt).
    details: `x402Version is ${typeof version == 'number' || version == null ? version : `a ${typeof version}`}, not 1 or 2`,
  })
}
