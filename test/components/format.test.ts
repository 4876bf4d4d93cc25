import { durationParts, formatBasisPoints, formatDecimal, formatDuration, formatRelative } from '../../src/components/format.js'

test('decimals are formatted exactly, in the locale', () => {
  expect(formatDecimal('1234.123456789012345678', 'en-US')).toBe('1,234.123456789012345678')
  expect(formatDecimal('0.1', 'en-US')).toBe('0.1')
  expect(formatDecimal('1.5', 'en-US', 2)).toBe('1.50')
  expect(formatDecimal('1234.5', 'de-DE')).toBe('1.234,5')
  // A float would print 0.30000000000000004 for 0.1 + 0.2; a string stays as written.
  expect(formatDecimal('0.30000000000000000001', 'en-US')).toBe('0.30000000000000000001')
})

test('an amount Intl cannot show exactly is shown as written: never a RangeError, ∞ or a non-zero shown as 0', () => {
  const long = `1.${'0'.repeat(120)}1`
  expect(formatDecimal(long, 'en-US')).toBe(long)
  expect(formatDecimal(`0.${'0'.repeat(23)}9`, 'en-US', 2)).toBe(`0.${'0'.repeat(23)}9`)
  expect(formatDecimal('9'.repeat(309), 'en-US')).toBe('9'.repeat(309))
  // Up to 20 fraction digits, Intl formats it exactly.
  expect(formatDecimal(`1000.${'1'.repeat(20)}`, 'en-US')).toBe(`1,000.${'1'.repeat(20)}`)
})

test('durations pick their largest whole unit and read as words', () => {
  expect(durationParts(90)).toEqual([2, 'minute'])
  expect(durationParts(45)).toEqual([45, 'second'])
  expect(durationParts(7_200)).toEqual([2, 'hour'])
  expect(formatDuration(90, 'en-US').duration).toBe('2 minutes')
  expect(formatDuration(1, 'en-US').duration).toBe('1 second')
  expect(formatDuration(120, 'fr-FR').duration).toBe('2 minutes')
  // The number and unit shown, for a label whose words agree with them.
  expect(formatDuration(90, 'ru-RU')).toEqual({ duration: '2 минуты', count: 2, unit: 'minute' })
  expect(formatDuration(-45, 'en-US')).toEqual({ duration: '45 seconds', count: 45, unit: 'second' })
})

test('a duration that rounds up to the next unit reads in that unit: "1 hour", never "60 minutes"', () => {
  expect(formatDuration(3_590, 'en-US').duration).toBe('1 hour')
  expect(formatDuration(3_569, 'en-US').duration).toBe('59 minutes')
  expect(formatDuration(59.6, 'en-US').duration).toBe('1 minute')
  expect(formatDuration(85_000, 'en-US').duration).toBe('1 day')
  expect(formatDuration(84_599, 'en-US').duration).toBe('23 hours')
  // Exactly on the edge (59.5 minutes, 23.5 hours, 59.5 s) rounds up too: never "60 minutes", "24 hours", "60 seconds".
  expect(formatDuration(3_570, 'en-US').duration).toBe('1 hour')
  expect(formatDuration(84_600, 'en-US').duration).toBe('1 day')
  expect(formatDuration(59.5, 'en-US').duration).toBe('1 minute')
  expect(formatRelative(3_590_000, 0, 'en-US')).toBe('in 1 hour')
  expect(formatRelative(0, 3_590_000, 'en-US')).toBe('1 hour ago')
})

test('relative times and shares', () => {
  expect(formatRelative(180_000, 0, 'en-US')).toBe('in 3 minutes')
  expect(formatRelative(0, 10_000, 'en-US')).toBe('10 seconds ago')
  expect(formatBasisPoints(9_000, 'en-US')).toBe('90%')
  expect(formatBasisPoints(1_250, 'en-US')).toBe('12.5%')
})

test('a locale Intl refuses ("en_US", "", "pt_BR") formats in en-US instead of throwing a RangeError', () => {
  for (const locale of ['en_US', '', 'pt_BR']) {
    expect(formatDecimal('1234.5', locale, 2)).toBe('1,234.50')
    expect(formatDuration(90, locale).duration).toBe('2 minutes')
    expect(formatRelative(0, 10_000, locale)).toBe('10 seconds ago')
    expect(formatBasisPoints(1_250, locale)).toBe('12.5%')
  }
  // A valid locale is still the one used.
  expect(formatDecimal('1234.5', 'pt-BR', 2)).toBe('1.234,50')
})

test('a locale the runtime lacks ("english", "xx-XX") formats in en-US, not in the runtime\'s own locale', () => {
  // Intl takes a well-formed tag it has no data for and formats in the runtime's default locale:
  // the server's LANG, the visitor's browser language. Here a runtime whose default is de-DE (Node
  // reads it from LANG at start-up, so it is simulated): a tag it lacks gets German.
  const NumberFormat = Intl.NumberFormat
  const RelativeTimeFormat = Intl.RelativeTimeFormat
  const german = <L extends string | string[] | undefined>(supported: (locales: L) => string[], locales: L) =>
    supported(locales).length ? locales : 'de-DE'
  Object.assign(Intl, {
    NumberFormat: class extends NumberFormat {
      constructor(locales?: string | string[], options?: Intl.NumberFormatOptions) {
        super(german(NumberFormat.supportedLocalesOf, locales), options)
      }
    },
    RelativeTimeFormat: class extends RelativeTimeFormat {
      constructor(locales?: string | string[], options?: Intl.RelativeTimeFormatOptions) {
        super(german(RelativeTimeFormat.supportedLocalesOf, locales), options)
      }
    },
  })
  try {
    // The simulation holds: a tag it lacks, alone, is German.
    expect(new Intl.NumberFormat('english').format(1234.5)).toBe('1.234,5')
    for (const locale of ['english', 'xx-XX', 'tlh']) {
      expect(formatDecimal('1234.5', locale, 2)).toBe('1,234.50')
      expect(formatDuration(90, locale).duration).toBe('2 minutes')
      expect(formatRelative(0, 10_000, locale)).toBe('10 seconds ago')
      expect(formatBasisPoints(1_250, locale)).toBe('12.5%')
    }
    // A locale it has is still the one used.
    expect(formatDecimal('1234.5', 'fr-FR', 2)).toBe('1\u202f234,50')
  } finally {
    Object.assign(Intl, { NumberFormat, RelativeTimeFormat })
  }
})
