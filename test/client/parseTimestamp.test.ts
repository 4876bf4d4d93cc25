import fc from 'fast-check'
import { parseTimestamp } from '../../src/client.js'
import { inTimeZone } from '../timeZone.js'
import { strictDateParse } from './helpers.js'

const at = (iso: string) => new Date(iso).getTime()

describe('parseTimestamp', () => {
  it.each([
    ['2026-01-05T10:00:00Z', '2026-01-05T10:00:00.000Z'],
    ['2026-01-05T10:00Z', '2026-01-05T10:00:00.000Z'],
    ['2026-01-05t10:00:00z', '2026-01-05T10:00:00.000Z'],
    ['2026-01-05 10:00:00+01:00', '2026-01-05T09:00:00.000Z'],
    ['2026-01-05T10:00:00.123456-0530', '2026-01-05T15:30:00.123Z'],
    ['2026-01-05T10:00:00.5+05:45', '2026-01-05T04:15:00.500Z'],
    // Ruby's Time#to_s, Postgres' timestamptz, RFC 3339's lower case.
    ['2026-01-05 10:00:00 +0000', '2026-01-05T10:00:00.000Z'],
    ['2026-01-05 10:00:00 UTC', '2026-01-05T10:00:00.000Z'],
    ['2026-01-05 10:00:00+00', '2026-01-05T10:00:00.000Z'],
    ['2026-01-05 10:00:00-03', '2026-01-05T13:00:00.000Z'],
    // Go's time.Time String(): the offset, then the zone's name, which the offset makes redundant.
    ['2026-01-05 10:00:00.123 +0000 UTC', '2026-01-05T10:00:00.123Z'],
    ['2026-01-05 10:00:00.123456789 -0700 MST', '2026-01-05T17:00:00.123Z'],
    ['2026-01-05 10:00:00 +0300 +03', '2026-01-05T07:00:00.000Z'],
    ['2024-02-29T23:59:59.999Z', '2024-02-29T23:59:59.999Z'],
    ['2026-01-05', '2026-01-05T00:00:00.000Z'],
    // Years below 100, which Date.UTC alone would read as 19xx, and the leap days of years 0 and 2000.
    ['0050-03-01T12:00:00Z', '0050-03-01T12:00:00.000Z'],
    ['0000-02-29', '0000-02-29T00:00:00.000Z'],
    ['2000-02-29', '2000-02-29T00:00:00.000Z'],
  ])('reads %j as %s', (text, iso) => {
    expect(parseTimestamp(text)).toBe(at(iso))
  })

  it("reads a time without a zone as UTC, the server's clock, not the device's zone", () =>
    // 9 hours ahead of UTC.
    inTimeZone('Asia/Tokyo', () => {
      expect(new Date(2026, 0, 5).getTimezoneOffset()).toBe(-540)
      // Python's datetime.utcnow().isoformat().
      expect(parseTimestamp('2026-01-05T10:00:00.250000')).toBe(at('2026-01-05T10:00:00.250Z'))
      expect(parseTimestamp('2026-01-05 10:00')).toBe(at('2026-01-05T10:00:00Z'))
    }))

  it.each([
    '',
    '1',
    '1717000000',
    'foo 1',
    '2024-02-30T00:00:00Z',
    '2023-02-29',
    '1900-02-29',
    '0100-02-29',
    '2026-01-00',
    '2026-04-31T10:00:00Z',
    '2026-13-05',
    '2026-01-05T25:00:00Z',
    '2026-01-05T24:00:00Z',
    '2026-01-05T10:60:00Z',
    '2026-01-05T10:00:61Z',
    '2026-01-05T10',
    '2026-01-05T10:00:00 GMT+0100',
    '2026-01-05T10:00:00Zjunk',
    '2026-01-05T10:00:00+01:60',
    '2026-01-05T10:00:00+0100MST',
    'January 5, 2026 10:00 UTC',
    'Mon, 05 Jan 2026 10:00:00 GMT',
  ])('reads %j as not a timestamp (NaN)', (text) => {
    expect(parseTimestamp(text)).toBeNaN()
  })

  // Safari reads only the strict ISO form: a space before the time, an offset without its colon or
  // minutes, more than three digits of fraction are NaN there. The same answer must read the same
  // in every browser, or a paid answer fails validation in one of them alone.
  it('reads every spelling alike in an engine whose Date.parse takes only the strict ISO form', () => {
    const restore = strictDateParse()
    try {
      for (const [text, iso] of [
        ['2026-01-05 10:00:00+01:00', '2026-01-05T09:00:00Z'],
        ['2026-01-05T10:00:00.123456-0530', '2026-01-05T15:30:00.123Z'],
        ['2026-01-05 10:00:00 +0000', '2026-01-05T10:00:00Z'],
        ['2026-01-05 10:00:00+00', '2026-01-05T10:00:00Z'],
        ['2026-01-05', '2026-01-05T00:00:00Z'],
      ]) {
        expect(parseTimestamp(text!), text).toBe(at(iso!))
      }
    } finally {
      restore()
    }
  })

  it('reads back any instant written with any offset, in each spelling servers use', () => {
    const pad = (n: number, width = 2) => String(Math.abs(n)).padStart(width, '0')
    fc.assert(
      fc.property(
        // 2 January of year 0 to 30 December 9999, whole milliseconds (a local date of years 0 to
        // 9999); offsets as far as ±23:59.
        fc.integer({ min: -62_167_132_800_000, max: 253_402_214_399_999 }),
        fc.integer({ min: -(23 * 60 + 59), max: 23 * 60 + 59 }),
        fc.constantFrom('T', ' '),
        fc.constantFrom(':', ''),
        (ms, offset, separator, colon) => {
          const local = new Date(ms + offset * 60_000).toISOString().slice(0, 23).replace('T', separator)
          const zone = `${offset < 0 ? '-' : '+'}${pad(Math.trunc(offset / 60))}${colon}${pad(offset % 60)}`
          expect(parseTimestamp(local + zone)).toBe(ms)
        },
      ),
      { numRuns: 2_000 },
    )
  })
})
