/** Browser headers the proxy passes to the API; every other one (cookies, a browser-sent key) is dropped. */
export const FORWARDED_REQUEST_HEADERS = ['Content-Type', 'Accept', 'Idempotency-Key', 'X-PAYMENT', 'PAYMENT-SIGNATURE'] as const

/**
 * API headers the proxy passes back; every other one (`Set-Cookie`, `Location`, …) is dropped. `Date`
 * and `Age` go with `Retry-After`: the client counts an HTTP-date Retry-After from the API's own `Date`, not
 * from the device's clock, and counts off the `Age` a cache in front of the API kept the answer;
 * both are exposed too, as a cross-origin page cannot read them otherwise.
 */
export const RETURNED_RESPONSE_HEADERS = [
  'Content-Type',
  'PAYMENT-REQUIRED',
  'PAYMENT-RESPONSE',
  'X-PAYMENT-RESPONSE',
  'Retry-After',
  'Date',
  'Age',
  'X-Request-Id',
] as const
