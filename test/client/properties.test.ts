import fc from 'fast-check'
import { http, HttpResponse } from 'msw'
import * as z from 'zod/mini'
import { estimateFees, getLink, parseDurationSeconds, parseErrorBody, parseFeeAmount, PayLinkHttpError, PayLinkValidationError } from '../../src/client.js'
import { feeEstimateSchema } from '../../src/schemas/fees.js'
import { API, feeFixture, linkFixture, makeClient, rejectionOf, useMswServer } from './helpers.js'

const { server } = useMswServer()

const numRuns = 1_000

const digits = fc.stringMatching(/^\d{1,24}$/)
const decimal = fc
  .tuple(digits, fc.option(digits, { nil: undefined }))
  .map(([whole, fraction]) => (fraction === undefined ? whole : `${whole}.${fraction}`))
// An asset symbol as the API writes it: mixed case, inner `.`, `_`, `-` (`USDC.e`, `cbBTC`), up to 32 characters.
const currencyCode = fc.stringMatching(/^[A-Za-z\d](?:[\w.-]{0,30}[A-Za-z\d])?$/)
const validFee = fc.tuple(decimal, currencyCode).map(([amount, currency]) => ({ amount, currency, raw: `${amount} ${currency}` }))

/** Strings near the format (a valid fee with a character inserted, removed or replaced) as well as arbitrary ones. */
const anyFeeString = fc.oneof(
  fc.string({ unit: 'binary' }),
  validFee.map((f) => f.raw),
  fc
    .tuple(validFee, fc.nat(), fc.string({ unit: 'binary', maxLength: 2 }), fc.nat({ max: 1 }))
    .map(([f, at, insert, drop]) => {
      const i = at % (f.raw.length + 1)
      return f.raw.slice(0, i) + insert + f.raw.slice(i + drop)
    }),
)

describe('parseFeeAmount', () => {
  it('round-trips every valid "<decimal> <CODE>" exactly', () => {
    fc.assert(
      fc.property(validFee, (fee) => {
        expect(parseFeeAmount(fee.raw)).toEqual(fee)
      }),
      { numRuns },
    )
  })

  it('parses or returns undefined for any string, never throws, and a parse always reads back as the input', () => {
    fc.assert(
      fc.property(anyFeeString, (raw) => {
        const parsed = parseFeeAmount(raw)
        if (parsed === undefined) return
        expect(parsed.raw).toBe(raw)
        expect(`${parsed.amount} ${parsed.currency}`).toBe(raw)
        expect(parsed.amount).toMatch(/^\d+(\.\d+)?$/)
      }),
      { numRuns },
    )
  })

  // From plain JavaScript: a field that is missing, or one the schema already parsed (a FeeAmount, seconds as a number).
  it.each([undefined, null, 90, 0.42, { amount: '0.42', currency: 'USDC', raw: '0.42 USDC' }])(
    'parseFeeAmount and parseDurationSeconds return undefined for %j, which is no string',
    (raw) => {
      expect(parseFeeAmount(raw as unknown as string)).toBeUndefined()
      expect(parseDurationSeconds(raw as unknown as string)).toBeUndefined()
    },
  )

  it('the fee schema never throws, and accepts exactly what parseFeeAmount parses', () => {
    fc.assert(
      fc.property(fc.oneof(anyFeeString, fc.anything()), (totalFee) => {
        const result = z.safeParse(feeEstimateSchema, { totalFee, estimatedTime: '90 seconds' })
        const expected = typeof totalFee === 'string' ? parseFeeAmount(totalFee) : undefined
        expect(result.success).toBe(expected !== undefined)
        if (result.success) expect(result.data.totalFee).toEqual(expected)
      }),
      { numRuns },
    )
  })

  it('through estimateFees, a fee string is either parsed exactly or refused with a PayLinkValidationError', async () => {
    let totalFee = ''
    server.use(http.get(`${API}/fees/estimate`, () => HttpResponse.json({ ...feeFixture, totalFee })))
    const client = makeClient()
    const params = { sourceChain: 'solana', destinationChain: 'base', asset: 'USDC', amount: '25' }

    await fc.assert(
      fc.asyncProperty(anyFeeString, async (raw) => {
        totalFee = raw
        const expected = parseFeeAmount(raw)
        if (expected) {
          await expect(estimateFees(client, params)).resolves.toMatchObject({ totalFee: expected })
        } else {
          const error = await rejectionOf(estimateFees(client, params))
          expect(error).toBeInstanceOf(PayLinkValidationError)
          expect(error).toMatchObject({ source: 'response', issues: [expect.objectContaining({ path: 'totalFee' })] })
        }
      }),
      { numRuns },
    )
  })
})

describe('parseErrorBody', () => {
  const status = fc.integer({ min: 400, max: 599 })

  function expectUsable(parsed: ReturnType<typeof parseErrorBody>) {
    expect(typeof parsed.code).toBe('string')
    expect(parsed.code).not.toBe('')
    expect(typeof parsed.message).toBe('string')
    expect(parsed.message).not.toBe('')
    if (parsed.requestId !== undefined) expect(typeof parsed.requestId).toBe('string')
  }

  it('never throws on an arbitrary string and always gives a code and a message', () => {
    fc.assert(
      fc.property(status, fc.string({ unit: 'binary' }), (s, text) => expectUsable(parseErrorBody(s, text))),
      { numRuns },
    )
  })

  it('never throws on arbitrary JSON', () => {
    fc.assert(
      fc.property(status, fc.json(), (s, text) => expectUsable(parseErrorBody(s, text))),
      { numRuns },
    )
  })

  it('never throws on any serialised value', () => {
    fc.assert(
      fc.property(status, fc.anything(), (s, value) => expectUsable(parseErrorBody(s, JSON.stringify(value) ?? ''))),
      { numRuns },
    )
  })

  it('never throws on bodies shaped almost like the contract', () => {
    const field = fc.oneof(fc.string(), fc.anything())
    const body = fc.oneof(
      fc.record({ error: fc.record({ code: field, message: field, requestId: field, details: field }, { requiredKeys: [] }) }),
      fc.record({ error: field, message: field, code: field, requestId: field }, { requiredKeys: [] }),
    )
    fc.assert(
      fc.property(status, body, (s, value) => expectUsable(parseErrorBody(s, JSON.stringify(value)))),
      { numRuns },
    )
  })

  it('keeps the code and message of a contract body exactly', () => {
    const text = fc.string({ minLength: 1 })
    fc.assert(
      fc.property(status, text, text, (s, code, message) => {
        const parsed = parseErrorBody(s, JSON.stringify({ error: { code, message } }))
        expect(parsed).toMatchObject({ code, message })
      }),
      { numRuns },
    )
  })

  it('through the transport, any error body becomes a PayLinkHttpError', async () => {
    let answer = { status: 500, body: '' }
    server.use(http.get(`${API}/links/:code`, () => new HttpResponse(answer.body, { status: answer.status })))
    const client = makeClient({ retry: false })
    const body = fc.oneof(fc.string({ unit: 'binary' }), fc.json(), fc.anything().map((v) => JSON.stringify(v) ?? ''))

    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 400, max: 599 }), body, async (s, text) => {
        answer = { status: s, body: text }
        const error = await rejectionOf(getLink(client, linkFixture.code))
        expect(error).toBeInstanceOf(PayLinkHttpError)
        expect(error).toMatchObject({ status: s })
      }),
      { numRuns: 300 },
    )
  })
})
