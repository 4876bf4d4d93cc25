import fc from 'fast-check'
import { PayLinkX402Error } from '../../src/client/errors.js'
import { encodeBase64Json } from '../../src/x402/base64.js'
import { decodePaymentRequired } from '../../src/x402/paymentRequired.js'
import { decodePaymentResponse, paymentHeaderName } from '../../src/x402/paymentHeaders.js'
import v1Fixture from '../fixtures/x402-v1-402.json'

const v2 = {
  x402Version: 2,
  error: 'Payment required',
  resource: { url: 'https://api.test/weather', description: 'Weather', mimeType: '' },
  accepts: [
    {
      scheme: 'exact',
      network: 'eip155:84532',
      amount: '1000',
      asset: '0x036CbD53842c5426634e7929541eC2318f3dCF7e',
      payTo: '0x209693Bc6afc0C5328bA36FaF03C514EF312287C',
      maxTimeoutSeconds: 300,
      extra: { name: 'USDC', version: '2' },
    },
  ],
}

const withHeader = (value: string, body: unknown = {}) => ({ headers: new Headers({ 'PAYMENT-REQUIRED': value }), body })
const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64')

function x402Error(run: () => unknown): PayLinkX402Error {
  try {
    run()
  } catch (error) {
    expect(error).toBeInstanceOf(PayLinkX402Error)
    return error as PayLinkX402Error
  }
  throw new Error('expected a PayLinkX402Error, nothing was thrown')
}

describe('decodePaymentRequired', () => {
  test('reads a v2 header with an empty {} body', () => {
    const decoded = decodePaymentRequired(withHeader(encodeBase64Json(v2)))
    expect(decoded).toMatchObject({ x402Version: 2, error: 'Payment required', resource: v2.resource })
    expect(decoded.accepts).toEqual([
      {
        x402Version: 2,
        scheme: 'exact',
        network: 'eip155:84532',
        amount: '1000',
        asset: v2.accepts[0]!.asset,
        payTo: v2.accepts[0]!.payTo,
        maxTimeoutSeconds: 300,
        extra: { name: 'USDC', version: '2' },
        resource: 'https://api.test/weather',
        description: 'Weather',
        raw: v2.accepts[0],
      },
    ])
  })

  test('the v2 header wins over a v1 body', () => {
    expect(decodePaymentRequired(withHeader(encodeBase64Json(v2), v1Fixture)).x402Version).toBe(2)
  })

  test('a header that says v1 is no v2 header: the v1 body is read, and named in errors', () => {
    const v1Header = encodeBase64Json({ ...v2, x402Version: 1 })
    const decoded = decodePaymentRequired(withHeader(v1Header, v1Fixture))
    expect(decoded).toMatchObject({ x402Version: 1, error: 'X-PAYMENT header is required' })
    expect(decoded.accepts[0]!.amount).toBe('1000')
    const error = x402Error(() => decodePaymentRequired(withHeader(v1Header, {})))
    expect(error.source).toBe('402 body')
    expect(error.reason).toBe('invalid_shape')
  })

  test('a v1 requirement names its own resource; the v1 body has no resource or extensions of its own', () => {
    const body = { ...v1Fixture, resource: { url: 'https://elsewhere.test' }, extensions: { bazaar: {} } }
    const decoded = decodePaymentRequired({ headers: new Headers(), body })
    expect(decoded).not.toHaveProperty('resource')
    expect(decoded).not.toHaveProperty('extensions')
    expect(decoded.accepts[0]).toMatchObject({ resource: 'http://127.0.0.1:4021/weather', description: '' })
    const bare = { ...v1Fixture, accepts: [{ ...v1Fixture.accepts[0], resource: null, description: undefined }] }
    const [requirement] = decodePaymentRequired({ headers: new Headers(), body: bare }).accepts
    expect(requirement).not.toHaveProperty('resource')
    expect(requirement).not.toHaveProperty('description')
  })

  test('reads a v1 body when there is no header', () => {
    const decoded = decodePaymentRequired({ headers: new Headers(), body: v1Fixture })
    expect(decoded.x402Version).toBe(1)
    expect(decoded.accepts[0]).toMatchObject({ x402Version: 1, network: 'base-sepolia', amount: '1000' })
  })

  test('tolerates null in optional fields, as the reference servers send them', () => {
    const nulls = { ...v2, error: null, resource: { url: 'u', description: null }, accepts: [{ ...v2.accepts[0], extra: null }] }
    const decoded = decodePaymentRequired(withHeader(encodeBase64Json(nulls)))
    expect(decoded.error).toBeUndefined()
    expect(decoded.accepts[0]!.extra).toEqual({})
    // As sent, nulls included: a v2 payment echoes it to the server as `accepted`.
    expect(decoded.accepts[0]!.raw).toStrictEqual(nulls.accepts[0])
  })

  test.each([[{}], [5], [['insufficient_funds']]])('a v2 402 whose error is not text (%j) is read without it: a message the server got wrong leaves its offers payable', (error) => {
    const decoded = decodePaymentRequired(withHeader(encodeBase64Json({ ...v2, error })))
    expect(decoded.error).toBeUndefined()
    expect(decoded.accepts).toEqual([expect.objectContaining({ amount: v2.accepts[0]!.amount, payTo: v2.accepts[0]!.payTo })])
  })

  test.each([
    ['v2 header', (accepts: unknown[]) => withHeader(encodeBase64Json({ ...v2, accepts }))],
    ['v1 body', (accepts: unknown[]) => ({ headers: new Headers(), body: { ...v1Fixture, accepts } })],
  ])('in a %s, an offer that cannot be read is left out, and does not hide the others', (where, answer) => {
    const good: object = where === 'v1 body' ? v1Fixture.accepts[0]! : v2.accepts[0]!
    // A scheme of a later x402, with its amount elsewhere; a requirement with a numeric amount.
    const later = { scheme: 'upto', network: 'eip155:8453', maxAmount: '5000', asset: '0xA', payTo: '0xB', maxTimeoutSeconds: 60 }
    const numeric = { ...good, maxAmountRequired: 1000, amount: 1000 }
    const decoded = decodePaymentRequired(answer([later, good, numeric]))
    expect(decoded.accepts).toHaveLength(1)
    expect(decoded.accepts[0]!.raw).toStrictEqual(good)
    // None readable: the error names every bad offer's field, by its index.
    const error = x402Error(() => decodePaymentRequired(answer([later, numeric])))
    expect(error.reason).toBe('invalid_shape')
    expect(error.message).toMatch(/accepts\.0\.(amount|maxAmountRequired)/)
    expect(error.message).toMatch(/accepts\.1\.(amount|maxAmountRequired)/)
    // No offer at all is no error here: nothing is payable, which the purchase says.
    expect(decodePaymentRequired(answer([])).accepts).toEqual([])
  })

  // Each would be a raw error (BigInt's SyntaxError on "0.01") or a mistyped field further on.
  test.each<[string, object, string]>([
    ['a decimal amount', { amount: '0.01', maxAmountRequired: '0.01' }, 'expected an integer amount in atomic units'],
    ['an amount in exponent form', { amount: '1e3', maxAmountRequired: '1e3' }, 'expected an integer amount in atomic units'],
    ['an amount with a unit', { amount: 'USDC 5', maxAmountRequired: 'USDC 5' }, 'expected an integer amount in atomic units'],
    ['an extra that is text', { extra: 'USDC' }, 'expected object or null'],
    ['an extra that is a list', { extra: ['USDC', '2'] }, 'expected object or null'],
    ['a timeout past 2^53', { maxTimeoutSeconds: 2 ** 53 }, 'must be under 2^53'],
  ])('an offer with %s is left out beside a good one, and alone is invalid_shape saying why', (_, bad, why) => {
    const answers = [
      (accepts: unknown[]) => withHeader(encodeBase64Json({ ...v2, accepts })),
      (accepts: unknown[]) => ({ headers: new Headers(), body: { ...v1Fixture, accepts } }),
    ]
    for (const [answer, good] of [[answers[0]!, v2.accepts[0]!], [answers[1]!, v1Fixture.accepts[0]!]] as const) {
      expect(decodePaymentRequired(answer([{ ...good, ...bad }, good])).accepts.map((r) => r.raw)).toStrictEqual([good])
      expect(x402Error(() => decodePaymentRequired(answer([{ ...good, ...bad }]))).message).toContain(why)
    }
  })

  test('a v1 offer whose description, resource or mimeType is not text is left out; alone, invalid_shape says so', () => {
    const good = v1Fixture.accepts[0]!
    for (const field of ['description', 'resource', 'mimeType']) {
      const bad = { ...good, [field]: 5 }
      expect(decodePaymentRequired({ headers: new Headers(), body: { ...v1Fixture, accepts: [bad, good] } }).accepts.map((r) => r.raw)).toStrictEqual([good])
      const error = x402Error(() => decodePaymentRequired({ headers: new Headers(), body: { ...v1Fixture, accepts: [bad] } }))
      expect(error.message).toContain(`accepts.0.${field}: expected string or null`)
    }
  })

  test('a v2 resource without its url is invalid_shape naming resource.url', () => {
    const error = x402Error(() => decodePaymentRequired(withHeader(encodeBase64Json({ ...v2, resource: { description: 'Weather' } }))))
    expect(error.reason).toBe('invalid_shape')
    expect(error.message).toContain('resource.url')
  })

  test('a 402 of 100 000 offers none of which can be read is still the typed invalid_shape, not a stack overflow', () => {
    const body = { ...v1Fixture, accepts: Array.from({ length: 100_000 }, () => ({})) }
    const error = x402Error(() => decodePaymentRequired({ headers: new Headers(), body }))
    expect(error.reason).toBe('invalid_shape')
    expect(error.message).toContain('accepts.99999.scheme')
  })

  test('malformed base64 is malformed_base64', () => {
    const error = x402Error(() => decodePaymentRequired(withHeader('%%%not base64')))
    expect(error.reason).toBe('malformed_base64')
    // Which part of the 402 was unreadable (the header, not the body), and why, in words.
    expect(error.shortMessage).toBe('Could not read the x402 PAYMENT-REQUIRED header: malformed base64')
  })

  test('a header that cannot be decoded falls back to a v2 body; beside a v1 body or none, its error stands', () => {
    const v2Body = { ...v2, error: 'from the body' }
    for (const broken of ['%%%not base64', b64('{"x402Version":'), encodeBase64Json({ ...v2, x402Version: 3 })]) {
      const decoded = decodePaymentRequired(withHeader(broken, v2Body))
      expect(decoded).toMatchObject({ x402Version: 2, error: 'from the body', resource: v2.resource })
      expect(decoded.accepts.map((r) => r.raw)).toEqual(v2.accepts)
    }
    expect(x402Error(() => decodePaymentRequired(withHeader('%%%not base64', v1Fixture))).reason).toBe('malformed_base64')
    expect(x402Error(() => decodePaymentRequired(withHeader(b64('{"x402Version":'), null))).reason).toBe('malformed_json')
  })

  test('base64 of something that is not JSON is malformed_json', () => {
    expect(x402Error(() => decodePaymentRequired(withHeader(b64('{"x402Version":')))).reason).toBe('malformed_json')
  })

  test('accepts that is not a list is invalid_shape, saying so, in a v1 body and in a v2 header', () => {
    const v1 = x402Error(() => decodePaymentRequired({ headers: new Headers(), body: { ...v1Fixture, accepts: 'none' } }))
    const v2Header = x402Error(() => decodePaymentRequired(withHeader(encodeBase64Json({ ...v2, accepts: { 0: v2.accepts[0] } }))))
    for (const error of [v1, v2Header]) {
      expect(error.reason).toBe('invalid_shape')
      expect(error.message).toContain('accepts: expected array')
    }
  })

  test('a missing field is invalid_shape and names the field', () => {
    const { accepts: _, ...noAccepts } = v2
    const error = x402Error(() => decodePaymentRequired(withHeader(encodeBase64Json(noAccepts))))
    expect(error.reason).toBe('invalid_shape')
    expect(error.message).toContain('accepts')
    const noAmount = { ...v2, accepts: [{ ...v2.accepts[0], amount: undefined }] }
    expect(x402Error(() => decodePaymentRequired(withHeader(encodeBase64Json(noAmount)))).message).toContain('accepts.0.amount')
  })

  describe.each([
    ['v2 header', (maxTimeoutSeconds: number) => withHeader(encodeBase64Json({ ...v2, accepts: [{ ...v2.accepts[0], maxTimeoutSeconds }] }))],
    [
      'v1 body',
      (maxTimeoutSeconds: number) => ({ headers: new Headers(), body: { ...v1Fixture, accepts: [{ ...v1Fixture.accepts[0], maxTimeoutSeconds }] } }),
    ],
  ])('maxTimeoutSeconds in a %s', (_, answer) => {
    test.each([2 ** 53, 1e21])('%s, which no payment can be dated with, is invalid_shape naming the field', (maxTimeoutSeconds) => {
      const error = x402Error(() => decodePaymentRequired(answer(maxTimeoutSeconds)))
      expect(error.reason).toBe('invalid_shape')
      expect(error.message).toContain('accepts.0.maxTimeoutSeconds')
      // The largest that can still be dated, and a fraction (as @x402/core accepts), are read as sent.
      for (const fine of [Number.MAX_SAFE_INTEGER, 0.5]) {
        expect(decodePaymentRequired(answer(fine)).accepts[0]!.maxTimeoutSeconds).toBe(fine)
      }
    })
  })

  test('an unknown version is unsupported_version', () => {
    expect(x402Error(() => decodePaymentRequired(withHeader(encodeBase64Json({ ...v2, x402Version: 3 })))).reason).toBe(
      'unsupported_version',
    )
    expect(x402Error(() => decodePaymentRequired({ headers: new Headers(), body: { ...v1Fixture, x402Version: 0 } })).reason).toBe(
      'unsupported_version',
    )
  })

  test('a version JSON cannot show (a BigInt, a circular object) is still unsupported_version', () => {
    const circular: Record<string, unknown> = {}
    circular.self = circular
    for (const x402Version of [2n, circular]) {
      const error = x402Error(() => decodePaymentRequired({ headers: new Headers(), body: { x402Version } }))
      expect(error.reason).toBe('unsupported_version')
    }
    expect(x402Error(() => decodePaymentRequired({ headers: new Headers(), body: { x402Version: 2n } })).message).toContain('x402Version is a bigint')
  })

  test('a version that is not a number is named by its type only: an echoed secret is not quoted', () => {
    const secret = 'eyJ4NDAyVmVyc2lvbiI6Miwic2lnbmF0dXJlIjoiMHhzZWNyZXQifQ=='
    const error = x402Error(() => decodePaymentRequired({ headers: new Headers(), body: { x402Version: secret } }))
    expect(error.reason).toBe('unsupported_version')
    expect(error.message).toContain('x402Version is a string, not 1 or 2')
    expect(JSON.stringify({ ...error, message: error.message })).not.toContain(secret)
    expect(x402Error(() => decodePaymentRequired({ headers: new Headers(), body: { x402Version: 3 } })).message).toContain('x402Version is 3, not 1 or 2')
    expect(x402Error(() => decodePaymentRequired({ headers: new Headers(), body: { x402Version: null } })).message).toContain('x402Version is null, not 1 or 2')
  })

  test('a 402 with neither header nor x402 body is invalid_shape', () => {
    expect(x402Error(() => decodePaymentRequired({ headers: new Headers(), body: {} })).reason).toBe('invalid_shape')
  })

  test('property: on any header string and any body it returns or throws a PayLinkX402Error, nothing else', () => {
    const headerValue = fc.oneof(
      fc.string(),
      fc.base64String(),
      fc.jsonValue().map((v) => encodeBase64Json(v)),
      fc.record({ x402Version: fc.constantFrom(1, 2, 3), accepts: fc.array(fc.jsonValue()) }).map((v) => encodeBase64Json(v)),
    )
    const body = fc.oneof(fc.jsonValue(), fc.anything({ withBigInt: true }), fc.constant(v1Fixture))
    fc.assert(
      fc.property(fc.option(headerValue), body, (header, value) => {
        let headers: Headers
        try {
          headers = new Headers(header === null ? {} : { 'PAYMENT-REQUIRED': header })
        } catch {
          return // not a value an HTTP header can carry
        }
        try {
          decodePaymentRequired({ headers, body: value })
        } catch (error) {
          expect(error).toBeInstanceOf(PayLinkX402Error)
        }
      }),
      { numRuns: 1000 },
    )
  })
})

describe('decodePaymentResponse', () => {
  test('prefers PAYMENT-RESPONSE, falls back to X-PAYMENT-RESPONSE, else undefined', () => {
    const settle = (tx: string) => encodeBase64Json({ success: true, transaction: tx, network: 'base', payer: '0xabc' })
    const both = new Headers({ 'PAYMENT-RESPONSE': settle('0x2'), 'X-PAYMENT-RESPONSE': settle('0x1') })
    expect(decodePaymentResponse(both)?.transaction).toBe('0x2')
    expect(decodePaymentResponse(new Headers({ 'X-PAYMENT-RESPONSE': settle('0x1') }))?.transaction).toBe('0x1')
    expect(decodePaymentResponse(new Headers())).toBeUndefined()
  })

  test("reads a failed settlement's non-ASCII reason from URL-safe base64, and base64 padded wrongly", () => {
    // Its standard base64 has both '+' and '/', which URL-safe base64 writes as '-' and '_'.
    const failed = { success: false, errorReason: 'insufficient_funds', errorMessage: 'Solde insuffisant ? 残高不足です' }
    const standard = encodeBase64Json(failed)
    expect(standard).toMatch(/\+.*\/|\/.*\+/)
    const urlSafe = standard.replace(/\+/g, '-').replace(/\//g, '_')
    expect(decodePaymentResponse(new Headers({ 'PAYMENT-RESPONSE': urlSafe }))).toEqual(failed)
    // One '=' short or one too many: the bytes are all there all the same.
    const paid = { success: true, transaction: '0xabcd', network: 'eip155:84532' }
    const unpadded = encodeBase64Json(paid).replace(/=+$/, '')
    expect(unpadded.length % 4).toBe(2)
    for (const header of [`${unpadded}=`, `${unpadded}===`]) {
      expect(decodePaymentResponse(new Headers({ 'X-PAYMENT-RESPONSE': header }))).toEqual(paid)
    }
  })

  test('a malformed settlement header is a PayLinkX402Error that names the header', () => {
    expect(x402Error(() => decodePaymentResponse(new Headers({ 'PAYMENT-RESPONSE': b64('{"success":1}') }))).reason).toBe(
      'invalid_shape',
    )
    for (const name of ['PAYMENT-RESPONSE', 'X-PAYMENT-RESPONSE']) {
      const error = x402Error(() => decodePaymentResponse(new Headers({ [name]: '%%%' })))
      expect(error).toMatchObject({ reason: 'malformed_base64', source: `${name} header` })
      expect(error.message).toBe(`Could not read the x402 ${name} header: malformed base64`)
    }
  })
})

describe('paymentHeaderName', () => {
  test('names the header of the version the payload encodes, and refuses one it cannot read, naming the payment header', () => {
    expect(paymentHeaderName(encodeBase64Json({ x402Version: 2 }))).toBe('PAYMENT-SIGNATURE')
    expect(paymentHeaderName(encodeBase64Json({ x402Version: 1 }))).toBe('X-PAYMENT')
    for (const [header, reason] of [
      ['%%%', 'malformed base64'],
      [encodeBase64Json({ x402Version: 3 }), 'unsupported version'],
    ]) {
      expect(x402Error(() => paymentHeaderName(header!)).message).toContain(`Could not read the x402 payment header: ${reason}`)
    }
  })
})
