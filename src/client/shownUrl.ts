/**
 * A refused URL option (a client's `baseUrl`, a proxy's `upstream`) as its error quotes it: errors
 * land in logs and error trackers, so a value with an `@`, `?` or `#` is not quoted at all. Where
 * a password or a `?key=` ends is unknown in a value the URL parser refuses
 * (`https://user:pa/ss@host`), and the message already says what is wrong. The test is on the
 * quoted text: a `URL` object (from plain JavaScript) is quoted as its `href`, secrets included.
 */
export const shownUrl = (value: unknown, json = JSON.stringify(value)): string =>
  /[@?#]/.test(json) ? 'a value with @, ? or # (not quoted: it may hold a secret)' : json
