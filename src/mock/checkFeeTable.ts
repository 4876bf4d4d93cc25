import { PayLinkConfigError } from '../client/errors.js'
import type { MockFeeTable } from './seed.js'

// A decimal as the handler reads it (parseDecimal): `'0.12'`, `'.5'`, `'1.'`.
const DECIMAL = /^(\d+\.?\d*|\.\d+)$/

/**
 * Throws a `PayLinkConfigError` for a fee table whose figures no estimate can be computed from: a
 * `platformFeeBps` that is not a whole number from 0 to 10 000 (`12.5`), a route's `gasFee` that is
 * not a decimal (`'0.40 USDC'`, `'-1'`), an `estimatedSeconds` that is not a plain decimal number
 * of seconds (`-5`; `1e21`, which the answer would write as `1e+21 seconds`, which the client
 * refuses), a `quoteTtlMs` below 0 or not a number. Each would otherwise fail every estimate of the
 * route, far from the seed that set it.
 */
export function checkFeeTable({ platformFeeBps, routes, quoteTtlMs }: MockFeeTable): void {
  const refuse = (field: string, value: string | number, rule: string) => {
    throw new PayLinkConfigError(`Mock seed fees.${field} must be ${rule}, not ${typeof value === 'string' ? JSON.stringify(value) : value}`)
  }
  if (!(Number.isInteger(platformFeeBps) && platformFeeBps >= 0 && platformFeeBps <= 10_000)) {
    refuse('platformFeeBps', platformFeeBps, 'a whole number of basis points from 0 to 10000')
  }
  // NaN fails `>= 0`; Infinity is a quote that never expires.
  if (!(quoteTtlMs >= 0)) refuse('quoteTtlMs', quoteTtlMs, 'a number of ms from 0 (Infinity: never expires)')
  routes.forEach(({ gasFee, estimatedSeconds }, i) => {
    if (!DECIMAL.test(gasFee)) refuse(`routes[${i}].gasFee`, gasFee, 'a decimal amount such as "0.12"')
    // As the answer writes it (`${estimatedSeconds} seconds`), which the client reads as digits only.
    if (!/^\d+(\.\d+)?$/.test(String(estimatedSeconds))) refuse(`routes[${i}].estimatedSeconds`, estimatedSeconds, 'a number of seconds from 0, in plain digits')
  })
}
