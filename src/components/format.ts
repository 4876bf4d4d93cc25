// An invalid locale would throw from the render as soon as data arrives, blanking the app. Intl
// checks the locale anyway, so catching its refusal costs no extra work while the locale is valid
// (a second check, e.g. Intl.getCanonicalLocales, would run on every figure). Options that Intl
// refuses still throw, from the en-US attempt. A well-formed tag Intl has no data for ('english',
// 'xx-XX') it does not refuse: alone, it would format in the runtime's own locale (the server's LANG,
// the visitor's browser), neither en-US nor the same on both sides; en-US after it is taken instead.
function make<O, F>(Format: new (locales: string | string[], options: O) => F, locale: string | undefined, options: O): F {
  try {
    return new Format([locale!, 'en-US'], options)
  } catch {
    return new Format('en-US', options)
  }
}

/**
 * Formats a decimal string exactly in the locale's style (`"1234.5"` → `"1,234.5"` in en-US), with
 * no trip through floating point: Intl formats decimal strings as written. An amount Intl cannot
 * show exactly (a fraction over 20 digits, or past a double's range) is shown as written.
 */
export function formatDecimal(amount: string, locale: string | undefined, minimumFractionDigits = 0): string {
  const fraction = amount.split('.')[1]?.length ?? 0
  // Intl throws a RangeError past 20 fraction digits in older engines (100 in current ones), and
  // shows ∞ past a double's range: either would break or belie the component showing it.
  if (fraction > 20 || amount.length > 300) return amount
  // Not more fraction digits than written: an engine older than Intl.NumberFormat v3 (Firefox 115,
  // Safari 15.3) reads the string as a float, and 20 digits of 0.1 are 0.10000000000000000555.
  const format = make(Intl.NumberFormat, locale, {
    minimumFractionDigits,
    maximumFractionDigits: Math.max(fraction, minimumFractionDigits),
  })
  return format.format(amount as unknown as number)
}

/** The unit a duration is worded in. */
export type DurationUnit = 'day' | 'hour' | 'minute' | 'second'

// Each unit from the duration that the next smaller one would round up to a whole one of it: 3 590 s
// is 60 minutes rounded, so "1 hour".
const UNITS: [DurationUnit, number, number][] = [
  ['day', 86_400, 84_600],
  ['hour', 3_600, 3_570],
  ['minute', 60, 59.5],
]

/** The largest whole unit of a duration, rounded: 90 s → `[2, 'minute']`, 45 s → `[45, 'second']`, 3 590 s → `[1, 'hour']`. */
export function durationParts(seconds: number): [number, DurationUnit] {
  const abs = Math.abs(seconds)
  for (const [unit, size, from] of UNITS) if (abs >= from) return [Math.round(seconds / size), unit]
  return [Math.round(seconds), 'second']
}

/**
 * A duration in words in the locale (`unitDisplay: 'long'`) with the count and unit it shows:
 * `{ duration: "2 minutes", count: 2, unit: 'minute' }`, so that a label can agree with the number.
 */
export function formatDuration(seconds: number, locale: string | undefined): { duration: string; count: number; unit: DurationUnit } {
  const [value, unit] = durationParts(seconds)
  const count = Math.abs(value)
  return { duration: make(Intl.NumberFormat, locale, { style: 'unit', unit, unitDisplay: 'long' }).format(count), count, unit }
}

/** A time relative to now in the locale, e.g. `"in 3 minutes"`, `"10 seconds ago"`. */
export function formatRelative(targetMs: number, nowMs: number, locale: string | undefined): string {
  const [value, unit] = durationParts((targetMs - nowMs) / 1000)
  return make(Intl.RelativeTimeFormat, locale, { numeric: 'auto' }).format(value, unit)
}

/** A share in basis points as a percentage in the locale: 9000 → `"90%"`. */
export function formatBasisPoints(bps: number, locale: string | undefined): string {
  return make(Intl.NumberFormat, locale, { style: 'percent', maximumFractionDigits: 2 }).format(bps / 10_000)
}
