/** Browser headers the proxy passes to the API; every other one (cookies, a browser-sent key) is dropped. */
export const FORWARDED_REQUEST_HEADERS = ['Content-Type', 'Accept', 'Idempotency-Key', 'X-PAYMENT', 'PAYMENT-SIGNATURE'] as const

/**
 * API headers the proxy passes back; every other one (`Set-Cookie`, `Location`, …) is dropped. `Date`
 * goes with `Retry-After`: the client counts an HTTP-date Retry-After from the API's own `Date`, not
 * from the device's clock; it is exposed too, as a cross-origin page cannot read it otherwise.
 */
export const RETURNED_RESPONSE_HEADERS = [
  'Content-Type',
  'PAYMENT-REQUIRED',
  'PAYMENT-RESPONSE',
  'X-PAYMENT-RESPONSE',
  'Retry-After',
  'Date',
  'X-Request-Id',
] as const
