import fc from 'fast-check'
import * as zm from 'zod/mini'
import { issuesText } from '../../src/client/errors.js'
import { toIssues } from '../../src/client/validate.js'
import * as z from '../../src/schemas/z.js'
import { booleanSchema } from '../../src/schemas/primitives.js'
import { type Check, paymentRequiredV1Check, paymentRequiredV2Check, settleResponseCheck } from '../../src/x402/checks.js'
import { parseX402 } from '../../src/x402/decodeX402.js'
import { optionalTextSchema, extraSchema, requirementV1Schema, requirementV2Schema, resourceInfoSchema } from '../../src/x402/requirementSchemas.js'
import { PayLinkX402Error } from '../../src/client/errors.js'

// The zod schemas the client read x402 messages with before its hand-made checks (the mock still
// parses payments with the requirement ones): the checks must give the same verdict and the same
// problems, in the same order.
const zodOf = {
  v1: z.looseObject({ accepts: zm.array(requirementV1Schema) }),
  v2: z.looseObject({
    error: optionalTextSchema,
    resource: z.optional(resourceInfoSchema),
    accepts: zm.array(requirementV2Schema),
    extensions: extraSchema,
  }),
  settle: z.looseObject({
    success: booleanSchema,
    errorReason: optionalTextSchema,
    errorMessage: optionalTextSchema,
    payer: optionalTextSchema,
    transaction: z.string(),
    network: z.string(),
    amount: optionalTextSchema,
  }),
}

function zodVerdict(schema: z.Schema, value: unknown): string | undefined {
  const result = z.safeParse(schema, value)
  return result.success ? undefined : issuesText(toIssues(result.issues))
}

function checkVerdict(check: Check, value: unknown): string | undefined {
  try {
    expect(parseX402(check, value, 'test')).toBe(value)
    return undefined
  } catch (error) {
    expect(error).toBeInstanceOf(PayLinkX402Error)
    expect((error as PayLinkX402Error).reason).toBe('invalid_shape')
    return (error as Error).message.split('\n\nDetails: ')[1]
  }
}

// Values that each field kind accepts or refuses, JSON's and a few more.
const anyValue = fc.constantFrom<unknown>(undefined, null, '', '0', '1500', '-1', '1.5', 'x', 0, 1, -1, 0.5, 300, Number.NaN, Infinity, true, false, {}, [], { name: 'USDC' }, [1])
const fields = (keys: string[]) =>
  fc.record(Object.fromEntries(keys.map((key) => [key, anyValue])), { requiredKeys: [] }) as fc.Arbitrary<Record<string, unknown>>

const v1Requirement = fields(['scheme', 'network', 'maxAmountRequired', 'resource', 'description', 'mimeType', 'payTo', 'maxTimeoutSeconds', 'asset', 'extra', 'other'])
const v2Requirement = fields(['scheme', 'network', 'amount', 'asset', 'payTo', 'maxTimeoutSeconds', 'extra', 'other'])
const valid = {
  v1: { scheme: 'exact', network: 'base', maxAmountRequired: '1', payTo: '0x1', maxTimeoutSeconds: 60, asset: '0x2' },
  v2: { scheme: 'exact', network: 'eip155:8453', amount: '1', asset: '0x2', payTo: '0x1', maxTimeoutSeconds: 60 },
}
// Mostly valid requirements with a field or two changed, so that the deeper checks run too.
const near = (base: Record<string, unknown>, arbitrary: fc.Arbitrary<Record<string, unknown>>) =>
  fc.oneof(arbitrary, arbitrary.map((changes) => ({ ...base, ...changes })), fc.constant(base))
const message = (requirement: fc.Arbitrary<unknown>) =>
  fc.oneof(anyValue, fc.record({ accepts: fc.oneof(anyValue, fc.array(fc.oneof(requirement, anyValue), { maxLength: 3 })) }, { requiredKeys: [] }))

describe('the x402 checks give the verdicts of the zod schemas', () => {
  test('v1 402 bodies', () => {
    fc.assert(
      fc.property(message(near(valid.v1, v1Requirement)), (value) => {
        expect(checkVerdict(paymentRequiredV1Check, value)).toBe(zodVerdict(zodOf.v1, value))
      }),
      { numRuns: 2000 },
    )
  })

  test('v2 PAYMENT-REQUIRED headers', () => {
    const resource = fc.oneof(anyValue, fields(['url', 'description', 'mimeType', 'other']))
    const v2 = fc.tuple(message(near(valid.v2, v2Requirement)), fields(['error', 'extensions']), fc.option(resource, { nil: undefined }))
    fc.assert(
      fc.property(v2, ([value, rest, resource]) => {
        const whole = typeof value === 'object' && value !== null && !Array.isArray(value) ? { ...value, ...rest, ...(resource !== undefined && { resource }) } : value
        expect(checkVerdict(paymentRequiredV2Check, whole)).toBe(zodVerdict(zodOf.v2, whole))
      }),
      { numRuns: 2000 },
    )
  })

  test('settlement headers', () => {
    const settle = fields(['success', 'errorReason', 'errorMessage', 'payer', 'transaction', 'network', 'amount', 'other'])
    const base = { success: true, transaction: '0x1', network: 'base' }
    fc.assert(
      fc.property(fc.oneof(anyValue, near(base, settle)), (value) => {
        expect(checkVerdict(settleResponseCheck, value)).toBe(zodVerdict(zodOf.settle, value))
      }),
      { numRuns: 2000 },
    )
  })

  test('a problem names its field by its path, as before', () => {
    const bad = { accepts: [valid.v2, { ...valid.v2, amount: '1.5', maxTimeoutSeconds: 0 }], resource: { url: 1 } }
    expect(checkVerdict(paymentRequiredV2Check, bad)).toBe(
      'resource.url: expected string; accepts.1.amount: expected an integer amount in atomic units; accepts.1.maxTimeoutSeconds: must be positive',
    )
    expect(checkVerdict(paymentRequiredV1Check, [])).toBe('expected object')
  })
})
