// The x402 messages a client reads, checked by hand rather than by zod: they are flat objects of
// strings and numbers, and zod was about half of the x402 entry's bytes. The problems read
// as the zod schemas' did (requirementSchemas.ts, which the mock still parses payments with;
// test/x402/checks.test.ts holds the two to the same verdicts), in the schemas' field order.

/**
 * Checks a value found at `path` (each step after a dot: `.accepts.0`, `''` for the message itself):
 * returns its own problem, if any, and adds those of its fields to `issues` (as `accepts.0: problem`).
 */
export type Check = (value: any, path: string, issues: string[]) => Problem

type Problem = string | false | undefined

/** Runs `check` on the value at `path`, adding every problem found to `issues`. */
export function runCheck(check: Check, value: unknown, path: string, issues: string[]): void {
  const problem = check(value, path, issues)
  if (problem) issues.push(path ? `${path.slice(1)}: ${problem}` : problem)
}

// An object (not null, not an array) whose listed fields pass; other fields are kept as they came.
const object =
  (shape: Record<string, Check>, optional?: 1): Check =>
  (value, path, issues) => {
    if (typeof value !== 'object' || !value || Array.isArray(value)) return !(optional && value === undefined) && 'expected object'
    for (const key in shape) runCheck(shape[key]!, value[key], `${path}.${key}`, issues)
  }

const list =
  (item: Check): Check =>
  (value, path, issues) => {
    if (!Array.isArray(value)) return 'expected array'
    value.forEach((v, i) => runCheck(item, v, `${path}.${i}`, issues))
  }

// As a zod schema does, a value of the wrong type gets that problem only, not its checks'.
const string = (v: unknown): Problem => typeof v !== 'string' && 'expected string'
const nonEmpty: Check = (v) => string(v) || (!v && 'must not be empty')
const amount: Check = (v) => string(v) || (!/^\d+$/.test(v) && 'expected an integer amount in atomic units')
const seconds: Check = (v) => (Number.isFinite(v) ? v <= 0 && 'must be positive' : 'expected number')
const boolean: Check = (v) => typeof v !== 'boolean' && 'expected boolean'
// The reference servers send `null` for absent optional fields as often as they leave them out.
const text: Check = (v) => v != null && typeof v !== 'string' && 'expected string or null'
const extra: Check = (v) => v !== undefined && (typeof v !== 'object' || Array.isArray(v)) && 'expected object or null'

// No `x402Version` in the 402 checks: x402VersionOf reads it first, to choose the check.

/** The JSON body of an x402 v1 402. */
export const paymentRequiredV1Check = object({
  accepts: list(
    object({
      scheme: nonEmpty,
      network: nonEmpty,
      maxAmountRequired: amount,
      resource: text,
      description: text,
      mimeType: text,
      payTo: nonEmpty,
      maxTimeoutSeconds: seconds,
      asset: nonEmpty,
      extra,
    }),
  ),
})

/** The decoded `PAYMENT-REQUIRED` header of an x402 v2 402. */
export const paymentRequiredV2Check = object({
  error: text,
  resource: object({ url: string, description: text, mimeType: text }, 1),
  accepts: list(
    object({
      scheme: nonEmpty,
      network: nonEmpty,
      amount,
      asset: nonEmpty,
      payTo: nonEmpty,
      maxTimeoutSeconds: seconds,
      extra,
    }),
  ),
  extensions: extra,
})

/** The decoded `PAYMENT-RESPONSE` / `X-PAYMENT-RESPONSE` header: the settlement. */
export const settleResponseCheck = object({
  success: boolean,
  errorReason: text,
  errorMessage: text,
  payer: text,
  transaction: string,
  network: string,
  amount: text,
})
