/**
 * A refused URL option (a client's `baseUrl`, a proxy's `upstream`) as its error quotes it: errors
 * land in logs and error trackers, so a value with an `@`, `?` or `#` is not quoted at all. Where
 * a password or a `?key=` ends is unknown in a value the URL parser refuses
 * (`https://user:pa/ss@host`), and the message already says what is wrong.
 */
export const shownUrl = (value: unknown): string =>
  typeof value === 'string' && /[@?#]/.test(value) ? 'a value with @, ? or # (not quoted: it may hold a secret)' : JSON.stringify(value)
