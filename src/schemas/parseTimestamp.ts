// A calendar date; then, after `T`, `t` or a space, a time with optional seconds and fraction; then
// a zone: an offset with or without its colon or minutes (`+01:00`, ` +0000`, `+00`), which may be
// followed by the zone's name (Go's `time.Time` String: ` -0700 MST`, ` +0300 +03`), or `Z`, `UTC`,
// `GMT` (any case, after optional spaces), or none.
const TIMESTAMP = /^(\d{4})-(0[1-9]|1[0-2])-(\d\d)(?:[T ](\d\d):([0-5]\d)(?::([0-5]\d)(\.\d+)?)?\s*(?:([+-]\d\d):?([0-5]\d)?(?: [+-]?\w+)?|z|utc|gmt)?)?$/i

/**
 * Reads a timestamp of the API as milliseconds since the epoch, or `NaN` when it is not one: an ISO
 * 8601 calendar date of a real day (`2024-02-30` is `NaN`, not 1 March), optionally with a time and
 * a zone, as servers write them: `2026-01-05T10:00:00Z`, `2026-01-05 10:00:00.123456+01`,
 * `2026-01-05 10:00:00 +0000`, `2026-01-05 10:00:00 UTC`, `2026-01-05 10:00:00.5 -0700 MST`, `2026-01-05`.
 *
 * A time without a zone is UTC, the server's clock, where `Date.parse` would read it in the
 * device's zone (Python's `utcnow().isoformat()` writes it so: an ETA hours off). And it reads
 * the same in every browser: the fields are read here, not by `Date.parse`, as Safari's refuses a
 * space before the time or an offset without its colon, which Chrome's takes: a paid answer would
 * fail validation in one browser alone. The schemas check timestamps with it, and the components
 * read them with it.
 */
export function parseTimestamp(text: string): number {
  // Strings, read as numbers by Date.UTC and the comparisons. Date.UTC, not Date.parse of a string
  // built from them and a Date to read the day back: less work on every response a schema checks.
  const [, year, month, day, hours = 0, minutes = 0, seconds = 0, fraction = '.', offset = '+0', offsetMinutes = 0]: any[] = TIMESTAMP.exec(text) ?? []
  // Date.UTC reads a year below 100 as one of the 1900s; the calendar repeats every 400 years
  // (146 097 days), so the year 400 later, less those days, is exact.
  const y = +year + 400
  // A 30 February or an hour of 24 or more is no timestamp: Date.UTC would carry it into the next day.
  return day > 0 && hours < 24 && Date.UTC(y, month - 1, day) < Date.UTC(y, month, 1)
    ? Date.UTC(y, month - 1, day, hours, minutes - offset * 60 - (offset[0] + offsetMinutes), seconds, +(fraction + '00').slice(1, 4)) - 12_622_780_800_000
    : NaN
}
