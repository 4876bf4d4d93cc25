import { PayLinkX402Error } from '../client/errors.js'
import { decodeBase64Json } from './base64.js'
import { type Check, runCheck } from './checks.js'

/**
 * Checks an x402 message with `check` and returns it as it came (other fields included), or throws
 * a `PayLinkX402Error` (`invalid_shape`) naming each bad field.
 */
export function parseX402<T>(check: Check, value: unknown, source: string): T {
  const issues: string[] = []
  runCheck(check, value, '', issues)
  if (!issues.length) return value as T
  throw new PayLinkX402Error({ reason: 'invalid_shape', source, details: issues.join('; ') })
}

/** Reads `x402Version` from a decoded message: 1 or 2, or a `PayLinkX402Error` (`unsupported_version`). */
export function x402VersionOf(value: unknown, source: string): 1 | 2 {
  // A primitive has no `x402Version` either: optional chaining reads undefined off it.
  const version = (value as { x402Version?: unknown } | null | undefined)?.x402Version
  if (version === 1 || version === 2) return version
  let shown: string | undefined
  try {
    shown = JSON.stringify(version)
  } catch {
    // A BigInt or a circular object in a body that a caller, not JSON, made: still the typed error.
    shown = `a ${typeof version}`
  }
  throw new PayLinkX402Error({
    reason: version === undefined ? 'invalid_shape' : 'unsupported_version',
    source,
    details: `x402Version is ${shown}; this client speaks 1 and 2`,
  })
}

/** Decodes a base64 x402 header into its JSON and its version. */
export function decodeX402Header(value: string, source: string): [json: unknown, version: 1 | 2] {
  const json = decodeBase64Json(value, source)
  return [json, x402VersionOf(json, source)]
}
