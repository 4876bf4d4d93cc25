/** Browser headers the proxy passes to the API; every other one (cookies, a browser-sent key) is dropped. */
export const FORWARDED_REQUEST_HEADERS = ['Content-Type', 'Accept', 'Idempotency-Key', 'X-PAYMENT', 'PAYMENT-SIGNATURE'] as const

/** API headers the proxy passes back; every other one (`Set-Cookie`, `Location`, …) is dropped. */
export const RETURNED_RESPONSE_HEADERS = [
  'Content-Type',
  'PAYMENT-REQUIRED',
  'PAYMENT-RESPONSE',
  'X-PAYMENT-RESPONSE',
  'Retry-After',
  'X-Request-Id',
] as const
