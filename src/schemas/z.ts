import {
  type $ZodCheck,
  type $ZodLooseShape,
  type $ZodRawIssue,
  type $ZodObject,
  type $ZodOptional,
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

export type { $ZodOptional as Optional, $ZodRawIssue as RawIssue, input, output, output as infer }

/** A zod schema with output `O` and input `I`. */
export type Schema<O = unknown, I = O> = $ZodType<O, I>

/** A check: a plain function over the parse payload, as zod runs it. */
export type Check<T> = $ZodCheck<T>

// The functions are declared in the order that gzips smallest in an app's bundle (object and
// parseInto early, the functions before the constants): PayLinkButton alone 4 B less,
// BridgeStatusBadge 3 B. The constants stay in the order they are built in.

// What zod's run machinery reads of a check (its definition's `when`, the `onattach` hooks a schema
// calls when built, and `check`), as zod's $ZodCheck class would set it: the class, with zod's
// class-building call behind it, cost every bundle 20 to 30 B gzip for what is a plain function.
/** A check running `fn` on the value, which may push issues or replace `payload.value`. */
export function check<T>(fn: (payload: ParsePayload<T>) => void): Check<T> {
  return { _zod: { def: {}, onattach: [], check: fn } } as unknown as Check<T>
}

/** `schema` with `checks` run after its own, in order (zod/mini's `.check()`). */
export function withChecks<S extends Schema>(schema: S, ...checks: Check<output<S>>[]): S {
  const { def, optin } = schema._zod
  const checked = new schema._zod.constr({ ...def, checks: [...(def.checks ?? []), ...checks] }) as S
  // An `optional` stays optional: the mark is on the schema, not in its definition. The package's
  // schemas are optional both ways or neither (z.optional; no defaults), so one mark gives both.
  checked._zod.optin = checked._zod.optout = optin as 'optional' | undefined
  return checked
}

// zod's object class, with the shape normalising, symbol keys, defaults, async fields and
// memoising it supports, was the largest part of zod in every bundle (about 0.6 kB gzip). The
// package's objects need one case: string keys, each field required or `optional`, extra fields
// kept (loose) or refused (strict). This check parses that case as zod's object does, field by
// field with zod's own schemas, giving the same output (keys in the same order) and the same
// issues in the same order; test/client/objects.test.ts compares the two on random input.
function object<T extends $ZodLooseShape>(shape: T, strict: boolean) {
  return withChecks(
    // Not an object: zod's issue, and the fields are not checked.
    typed((value): value is object => typeof value === 'object' && value !== null && !Array.isArray(value), 'object'),
    check((payload) => {
      const input = payload.value as Record<string, unknown>
      const output: Record<string, unknown> = {}
      for (const key of Object.keys(shape)) {
        const present = key in input
        // An absent optional field is left out, not parsed.
        if (!present && shape[key]!._zod.optin) continue
        const [value, failed] = parseInto(payload, shape[key]!, input[key], key)
        if (!present && !failed) payload.issues.push({ code: 'invalid_type', expected: 'nonoptional', input: undefined, path: [key] })
        // Absent, a required field has an issue by now, and a failed parse's output is never read.
        output[key] = value
      }
      const extra: string[] = []
      for (const key in input) {
        if (Object.hasOwn(shape, key)) continue
        if (strict) extra.push(key)
        // Copied by assignment, a `__proto__` field would replace the output's prototype.
        else if (key !== '__proto__') output[key] = input[key]
      }
      // `continue`: the object's own checks still run, as with zod's object.
      if (extra.length) payload.issues.push({ code: 'unrecognized_keys', keys: extra, input, continue: true })
      payload.value = output
    }),
  )
}

/**
 * Parses `value` with `schema` inside a check (or into any list of issues): its issues join
 * `payload`'s, their paths under `key` when given. Returns the output and how many issues it raised:
 * the count, read as a flag (0 none), costs every bundle 2 B gzip less than a boolean.
 */
export function parseInto(payload: { issues: $ZodRawIssue[] }, schema: Schema, value: unknown, key?: PropertyKey): [unknown, number] {
  const { value: output, issues } = schema._zod.run({ value, issues: [] }, { async: false }) as ParsePayload
  for (const issue of issues) payload.issues.push(key === undefined ? issue : { ...issue, path: [key, ...(issue.path ?? [])] })
  return [output, issues.length]
}

/**
 * A check that `is` accepts the value, else zod's issue for a value of the wrong type, saying what
 * was `expected` (`expected ${expected}` to the package's errors), which ends the checks (its
 * parent's included).
 */
export function typeCheck<T>(is: (value: T) => boolean, expected: string): Check<T> {
  return check((payload) => {
    if (!is(payload.value)) payload.issues.push({ code: 'invalid_type', expected: expected as 'string', input: payload.value })
  })
}

/** Any value that `is` accepts, typed by it (else the issue of `typeCheck`). */
export const typed = <T>(is: (value: unknown) => value is T, expected: string) => withChecks(unknown(), typeCheck(is, expected)) as Schema<T>

// No `type` in the definition: zod reads it to describe a schema (JSON Schema), never to parse.
/** Any value. */
export const unknown = (): $ZodUnknown => new $ZodUnknown({} as never)

// A check over `unknown` rather than zod's string class, which also carries coercion and a
// template-literal pattern the package never uses: the same issue (invalid_type, expected string),
// about 55 B gzip less in every bundle. One schema, not one per field: a schema is never changed
// (withChecks makes a new one), and each call `string()` cost a bundle's fields 2 B.
/** A string. */
export const string = typed((value): value is string => typeof value === 'string', 'string')

// As with objects above: zod's optional class carries what the package never uses (defaults,
// async inner schemas, the optional-in/out lattice); this check gives zod's result for the one
// case used, `inner` or `undefined`, and marks itself optional for the object check.
// One difference: many services write `null` for a field they leave out; where `inner` refuses
// null, null reads as `undefined`, or such a service's paid answers would all fail validation
// and become unknown purchases. Where `inner` takes null (x402's fields), null stays.
/** `inner`, or `undefined` (also for `null` when `inner` refuses null). */
export const optional = <T extends Schema>(inner: T): $ZodOptional<T> => {
  const schema = withChecks(
    unknown(),
    check((payload) => {
      if (payload.value === null && parseInto({ issues: [] }, inner, null)[1]) payload.value = undefined
      if (payload.value !== undefined) payload.value = parseInto(payload, inner, payload.value)[0]
    }),
  )
  schema._zod.optin = schema._zod.optout = 'optional'
  return schema as unknown as $ZodOptional<T>
}

/** An object with `shape`, keeping unknown extra fields as they came. */
export const looseObject = <T extends $ZodLooseShape>(shape: T) => object(shape, false) as unknown as $ZodObject<T, $loose>

/** An object with `shape` and no other field. */
export const strictObject = <T extends $ZodLooseShape>(shape: T) => object(shape, true) as unknown as $ZodObject<T, $strict>
