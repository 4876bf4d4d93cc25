import { useEffect, useState } from '../peers/react.js'
import type { PartialOrUndefined } from '../client/PartialOrUndefined.js'
import { hasFeeParams } from '../query/estimateFeesQueryOptions.js'
import { feesKey } from '../query/payLinkKeys.js'
import { timerDelay } from '../client/timerDelay.js'
import type { FeeEstimateParams } from '../schemas/fees.js'

type Params = PartialOrUndefined<FeeEstimateParams>

// The parameters as they are asked for: "1." and "1" are one quote, and wait for nothing.
const keyOf = (params: Params) => JSON.stringify(feesKey(params))

/**
 * The parameters to quote, and whether a newer amount waits: an amount edited over a complete set
 * (a user typing "125.50") is asked for once it has stayed the same `delay` ms, the last set asked
 * for standing in meanwhile. The first complete set, another chain or asset, and an amount cleared
 * go at once: nothing is being typed there, or no quote would stand in. The first render keeps the
 * given set, so a server and hydration render what they did without it.
 */
export function useTypedFeeParams(params: Params, delay: number): [Params, boolean] {
  const [asked, setAsked] = useState(params)
  const key = keyOf(params)
  const waits = delay > 0 && hasFeeParams(params) && hasFeeParams(asked) && keyOf({ ...asked, amount: params.amount }) === key && keyOf(asked) !== key
  useEffect(() => {
    // The same set again keeps its object: no render for nothing (on every mount).
    if (!waits) return setAsked((last) => (keyOf(last) === key ? last : params))
    const id = setTimeout(setAsked, timerDelay(delay), params)
    return () => clearTimeout(id)
    // `key` is `params`, as asked for.
  }, [key, waits, delay])
  return [waits ? asked : params, waits]
}
