import { parseTimestamp } from './parseTimestamp.js'
import * as z from './z.js'

// Checks are plain functions under `rule`: every zod check or format class used (regex,
// minLength, int, …) adds its code to every bundle, while `rule` is one class for all. A schema
// built at a module's top level lands in every bundle that imports the module, so the schemas
// that only some endpoints need live in their own files.

/**
 * A check from a plain test: when `test` fails, an issue saying `message`, after which the other
 * checks still run (an issue without `continue`, as `z.typeCheck` raises, ends them). A plain check, as zod's `refine`
 * would add its custom-schema class to every bundle.
 */
export function rule<T>(test: (value: T) => boolean, message: string) {
  return z.check<T>((ctx) => {
    if (!test(ctx.value)) ctx.issues.push({ code: 'custom', input: ctx.value, message, continue: true })
  })
}

/**
 * A string status whose known values are typed, while a value the client does not know yet
 * passes as a plain string: the contract says an unknown state must never crash a client. A type
 * to cast `z.string` to, so that it costs no code.
 */
export type OpenEnum<T extends readonly string[]> = z.Schema<T[number] | (string & {}), string>

// For the types whose zod classes cost more than this check: `number`, `boolean`, the `… | null`
// of the x402 servers (z.string and x402's listOf are built on it too).
export { typed } from './z.js'

/** One of `values`, else an issue listing them. */
export function oneOf<const T extends readonly string[]>(values: T) {
  const message = `expected one of ${values.map((v) => JSON.stringify(v)).join(', ')}`
  return checkedString((s) => values.includes(s), message) as unknown as z.Schema<T[number], T[number]>
}

/** A string that `test` accepts, else an issue with `message`. */
export function checkedString(test: (s: string) => boolean, message: string) {
  return z.withChecks(z.string, rule(test, message))
}

// parseTimestamp gives a finite number or NaN: Number.isFinite (which the number schema calls
// too) tells them apart, and a bundle need not name isNaN.
/** A timestamp `parseTimestamp` reads: an ISO 8601 date of a real day, with an optional time and zone. */
export const timestampSchema = checkedString((s) => Number.isFinite(parseTimestamp(s)), 'expected an ISO 8601 timestamp')

/** A non-empty string. */
export const nonEmptyStringSchema = checkedString((s) => s !== '', 'must not be empty')

export type { Price } from './price.js'
