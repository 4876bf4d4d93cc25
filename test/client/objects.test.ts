import fc from 'fast-check'
import { $ZodNever, $ZodObject, $ZodOptional, $ZodString, type $ZodType } from 'zod/v4/core'
import { nonEmptyStringSchema, rule } from '../../src/schemas/common.js'
import { linkSchema } from '../../src/schemas/link.js'
import { numberSchema } from '../../src/schemas/primitives.js'
import * as z from '../../src/schemas/z.js'

// The package parses strings, objects and optional fields with its own checks (src/schemas/z.ts) instead of
// zod's object and optional classes. These properties hold them to zod's: on any input, the same verdict, the same output with its keys
// in the same order, and the same issues in the same order.

const zodLoose = (shape: Record<string, $ZodType>) => new $ZodObject({ type: 'object', shape, catchall: z.unknown() })
const zodStrict = (shape: Record<string, $ZodType>) => new $ZodObject({ type: 'object', shape, catchall: new $ZodNever({ type: 'never' }) })
const zodOptional = (inner: $ZodType) => new $ZodOptional({ type: 'optional', innerType: inner })

// Fields of every kind the package's schemas use: required and optional, aborting and continuing
// checks, a field that accepts `undefined`, and nested objects (built by each side its own way).
const leaves = (optional: (inner: z.Schema) => z.Schema) => ({
  id: nonEmptyStringSchema,
  count: numberSchema,
  note: optional(z.string),
  later: optional(z.withChecks(numberSchema, rule((n: number) => n > 0, 'must be positive'))),
  // Checks over an optional field: it stays optional.
  capped: z.withChecks(optional(numberSchema) as z.Schema<number | undefined>, rule((n) => !(n! >= 100), 'must be below 100')),
  small: z.withChecks(numberSchema, rule((n: number) => n < 10, 'must be below 10')),
  anything: z.unknown(),
})
const ours = {
  loose: z.looseObject({ ...leaves(z.optional), inner: z.looseObject({ a: z.string }), maybe: z.optional(z.strictObject({ b: numberSchema })) }),
  strict: z.strictObject({ ...leaves(z.optional), inner: z.strictObject({ a: z.string }) }),
}
const theirs = {
  loose: zodLoose({ ...leaves(zodOptional), inner: zodLoose({ a: z.string }), maybe: zodOptional(zodStrict({ b: numberSchema })) }),
  strict: zodStrict({ ...leaves(zodOptional), inner: zodStrict({ a: z.string }) }),
}
// An object check after the fields: it runs unless a field's issue aborted, on both sides alike.
const checked = <S extends z.Schema>(schema: S) => z.withChecks(schema, rule(() => false, 'the object check ran'))

// Mostly valid objects, so that outputs get compared too: each field valid, absent, undefined or
// anything at all, plus extra fields (`__proto__` and names found on Object.prototype among them).
const valid = {
  id: fc.string({ minLength: 1 }),
  count: fc.integer(),
  note: fc.string(),
  later: fc.integer({ min: -2, max: 5 }),
  capped: fc.integer({ min: 90, max: 110 }),
  small: fc.integer({ min: -5, max: 9 }),
  anything: fc.anything(),
  inner: fc.record({ a: fc.string() }),
  maybe: fc.record({ b: fc.integer() }),
}
const field = (arbitrary: fc.Arbitrary<unknown>) =>
  fc.oneof(
    { weight: 6, arbitrary: arbitrary.map((v) => [v]) },
    { weight: 1, arbitrary: fc.constant([]) },
    { weight: 1, arbitrary: fc.constant([undefined]) },
    { weight: 1, arbitrary: fc.anything().map((v) => [v]) },
  )
const extras = fc.uniqueArray(fc.tuple(fc.constantFrom('extra', 'a', 'b', '__proto__', 'toString', 'constructor'), fc.anything()), {
  selector: ([key]) => key,
  maxLength: 2,
})
// Object.fromEntries makes `__proto__` an own field, as JSON.parse does.
const input = fc.oneof(
  {
    weight: 8,
    arbitrary: fc.tuple(fc.record(Object.fromEntries(Object.entries(valid).map(([k, v]) => [k, field(v)]))), fc.option(extras, { nil: [] })).map(
      ([fields, more]) => Object.fromEntries([...Object.entries(fields).flatMap(([k, v]) => (v.length ? [[k, v[0]]] : [])), ...more]),
    ),
  },
  { weight: 1, arbitrary: fc.anything() },
)

// Keys in order at every level, then the values: toEqual alone ignores the order of keys.
const layout = (v: unknown): unknown =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? Object.keys(v).map((k) => [k, layout((v as Record<string, unknown>)[k])]) : v
const issuesOf = (issues: readonly z.RawIssue[] = []) =>
  issues.map(({ code, path, message, expected, keys: unrecognized, continue: goOn }: z.RawIssue & { expected?: unknown; keys?: unknown }) => ({
    code,
    path: path ?? [],
    message,
    expected,
    keys: unrecognized,
    continue: goOn,
  }))

// The package's one departure from zod's optional: a `null` where the inner schema refuses null
// reads as absent. zod is given such a null as `undefined`, and must then agree in everything.
const optionalFields = ['note', 'later', 'capped', 'maybe']
const nullAsAbsent = (fields: string[]) => (value: unknown) =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, v === null && fields.includes(k) ? undefined : v]))
    : value

// zod's run, unwrapped: the raw issues (no $ZodError, no messages) on both sides, for a like-for-like comparison.
type Parsed = { success: true; data: unknown; issues?: undefined } | { success: false; data?: undefined; issues: z.RawIssue[] }
function safeParse(schema: z.Schema | $ZodType, value: unknown): Parsed {
  const { value: data, issues } = schema._zod.run({ value, issues: [] }, { async: false }) as { value: unknown; issues: z.RawIssue[] }
  return issues.length ? { success: false, issues } : { success: true, data }
}

// Same verdict, same issues in the same order, and the same output with its keys in the same order.
const parsesAlike = (mine: z.Schema, zods: $ZodType, asZodReads: (value: unknown) => unknown) => (value: unknown) => {
  const a = safeParse(mine, value)
  const b = safeParse(zods, asZodReads(value))
  expect(a.success).toBe(b.success)
  expect(issuesOf(a.issues)).toEqual(issuesOf(b.issues))
  if (a.success) expect(layout(a.data)).toEqual(layout(b.data))
}

describe.each(['loose', 'strict'] as const)('a %s object', (kind) => {
  it.each([
    ['alone', ours[kind], theirs[kind]],
    ['with a check of its own', checked(ours[kind]), checked(theirs[kind])],
  ])('%s parses as zod’s object does', (_name, mine, zods) => {
    fc.assert(fc.property(input, parsesAlike(mine, zods, nullAsAbsent(optionalFields))), { numRuns: 2_000 })
  })
})

it('keeps an unknown `__proto__` field out of the output and the output a plain object', () => {
  const body = JSON.parse(
    '{"code":"c","creatorId":"u","chainType":"solana","model":"payment","splits":{"creator":1,"platform":2},"createdAt":"2026-01-01T00:00:00Z","__proto__":{"polluted":true}}',
  )
  const result = safeParse(linkSchema, body)

  expect(result.success).toBe(true)
  expect(Object.getPrototypeOf(result.data)).toBe(Object.prototype)
  expect((result.data as Record<string, unknown>).polluted).toBeUndefined()
})

it.each([
  ['a number', numberSchema],
  ['a checked number', z.withChecks(numberSchema, rule((n: number) => n > 0, 'must be positive'))],
  ['an object', z.looseObject({ a: z.string })],
  ['a string it replaces by its length', z.withChecks(z.string, z.check<string>((p) => void (p.value = p.value.length as never)))],
])('an optional %s parses as zod’s optional does', (_name, inner) => {
  const mine = z.optional(inner)
  const zods = zodOptional(inner)
  const value = fc.oneof(fc.constant(undefined), fc.integer({ min: -3, max: 3 }), fc.string(), fc.record({ a: fc.anything() }), fc.anything())
  fc.assert(fc.property(value, parsesAlike(mine, zods, (v) => (v === null ? undefined : v))), { numRuns: 1_000 })
  expect(mine._zod.optin).toBe('optional')
})

it('an optional field reads null as absent where its schema refuses null, and keeps it where it takes null', () => {
  const schema = z.looseObject({
    payer: z.optional(z.string),
    extra: z.optional(z.typed((v): v is string | null => v === null || typeof v === 'string', 'string or null')),
    id: z.string,
  })

  expect(safeParse(schema, { payer: null, extra: null, id: 'p' })).toEqual({ success: true, data: { payer: undefined, extra: null, id: 'p' } })
  // A required field is not made optional by it.
  expect(issuesOf(safeParse(schema, { id: null }).issues)).toEqual([expect.objectContaining({ code: 'invalid_type', path: ['id'], expected: 'string' })])
})

it('a string parses as zod’s string does', () => {
  fc.assert(fc.property(fc.oneof(fc.string(), fc.anything()), parsesAlike(z.string, new $ZodString({ type: 'string' }), (v) => v)), { numRuns: 1_000 })
})
