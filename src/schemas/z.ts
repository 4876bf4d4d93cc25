import {
  $ZodCheck,
  type $ZodIssue,
  type $ZodLooseShape,
  type $ZodRawIssue,
  $ZodNever,
  $ZodObject,
  $ZodOptional,
  type $ZodType,
  $ZodUnknown,
  type $loose,
  type $strict,
  type input,
  type output,
  type ParsePayload,
} from 'zod/v4/core'

// The few zod constructors the package's schemas need, built on zod's core classes, which zod/mini
// wraps. The wrapper puts methods on every schema (parse, check, clone, brand, …) that a bundle
// then carries whole: about 0.7 kB gzip in every component's bundle. Parsing, issues and types are
// zod's own; only the construction is done here.

export type { $ZodIssue as Issue, $ZodRawIssue as RawIssue, input, output, output as infer }

/** A zod schema with output `O` and input `I`. */
export type Schema<O = unknown, I = O> = $ZodType<O, I>

/** What `safeParse` gives: the output, or every issue zod raised, each with its path. */
export type SafeParseResult<T> = { success: true; data: T; issues?: undefined } | { success: false; data?: undefined; issues: $ZodRawIssue[] }

// zod's own safeParse wraps failures in a $ZodError (an Error subclass, with message formatting and
// issue finalising) that the package never shows: it turns issues into its own errors. Running the
// schema as zod's parse does, without that wrapper, keeps about 0.4 kB gzip out of every bundle.
/** Parses `value` with `schema` (synchronously: the package's schemas have no async checks). */
export function safeParse<S extends Schema>(schema: S, value: unknown): SafeParseResult<output<S>> {
  const { value: data, issues } = schema._zod.run({ value, issues: [] }, { async: false }) as ParsePayload<output<S>>
  return issues.length ? { success: false, issues } : { success: true, data }
}

/** A check: a plain function over the parse payload, as zod runs it. */
export type Check<T> = $ZodCheck<T>

/** A check running `fn` on the value, which may push issues or replace `payload.value`. */
export function check<T>(fn: (payload: ParsePayload<T>) => void): Check<T> {
  const ch = new $ZodCheck({ check: 'custom' }) as Check<T>
  ch._zod.check = fn
  return ch
}

/** `schema` with `checks` run after its own, in order (zod/mini's `.check()`). */
export function withChecks<S extends Schema>(schema: S, ...checks: Check<output<S>>[]): S {
  const def = schema._zod.def
  return new schema._zod.constr({ ...def, checks: [...(def.checks ?? []), ...checks] }) as S
}

// A check over `unknown` rather than zod's string class, which also carries coercion and a
// template-literal pattern the package never uses: the same issue (invalid_type, expected string),
// about 55 B gzip less in every bundle.
/** A string. */
export const string = (): Schema<string> =>
  withChecks(
    unknown(),
    check((payload) => {
      if (typeof payload.value !== 'string') payload.issues.push({ code: 'invalid_type', expected: 'string', input: payload.value })
    }),
  ) as Schema<string>

/** Any value. */
export const unknown = (): $ZodUnknown => new $ZodUnknown({ type: 'unknown' })

/** `inner`, or `undefined`. */
export const optional = <T extends Schema>(inner: T): $ZodOptional<T> => new $ZodOptional({ type: 'optional', innerType: inner }) as $ZodOptional<T>

/** An object with `shape`, keeping unknown extra fields as they came. */
export const looseObject = <T extends $ZodLooseShape>(shape: T): $ZodObject<T, $loose> =>
  new $ZodObject({ type: 'object', shape, catchall: unknown() }) as $ZodObject<T, $loose>

/** An object with `shape` and no other field. */
export const strictObject = <T extends $ZodLooseShape>(shape: T): $ZodObject<T, $strict> =>
  new $ZodObject({ type: 'object', shape, catchall: new $ZodNever({ type: 'never' }) }) as $ZodObject<T, $strict>
