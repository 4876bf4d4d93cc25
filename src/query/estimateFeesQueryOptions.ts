import { estimateFees } from '../actions/estimateFees.js'
import type { PayLinkClient } from '../client/createPayLinkClient.js'
import type { PayLinkErrorType } from '../client/errors.js'
import type { PartialOrUndefined } from '../client/PartialOrUndefined.js'
import { timerDelay } from '../client/timerDelay.js'
import type { FeeEstimate, FeeEstimateParams } from '../schemas/fees.js'
import { feesKey } from './payLinkKeys.js'
import { afterRetryAfter } from './retryAfterEnd.js'
import type { TaggedQueryOptions } from './types.js'
import { parseTimestamp } from '../schemas/parseTimestamp.js'

type Options<TError = PayLinkErrorType> = TaggedQueryOptions<FeeEstimate, ReturnType<typeof feesKey>, TError>

/**
 * When each quote kept as a placeholder arrived on this device: the query it stands in for has no
 * arrival (its `dataUpdatedAt` is 0), and a quote's age counts from it where the clocks differ.
 */
export const placeholderArrivals = new WeakMap<FeeEstimate, number>()

// Each quote's arrival (its dataUpdatedAt) and when this device first read it: a hydrated one's
// arrival is the server's, maybe in our future. Per arrival, not per quote: a re-quote equal to the
// last one keeps the last one's object (TanStack's structural sharing), and its own arrival must
// count, or it is over at once and asked again every second.
const firstSeen = new WeakMap<FeeEstimate, [arrival: number, seen: number]>()

// When the quote ends, on this device's clock (ms since the epoch): at `expiresAt`, or sooner when
// its life on the server's clock (`quotedAt` to `expiresAt`), counted from its arrival, ends first:
// a device clock minutes slow would otherwise show a quote minutes past its end. (A quote cached
// before it was sent keeps its `expiresAt`; a life that is not positive says nothing.) One that
// arrives past its `expiresAt` is a device clock ahead of the server's by more than its life (an
// hour off after a time-zone mistake): its life from its arrival, or it would be asked for again
// every 5 s for as long as the clocks differ. Without `expiresAt` (optional in the API), 30 s after
// its arrival: it would otherwise be shown as current for ever. (Without a quote, 30 s after 0: the
// staleTime of a query without data.) An arrival after now is a quote fetched on a server whose clock
// is ahead (hydrated): it lives no longer than its life from when this device first saw it (kept, or a
// remount, a focus, would give it its whole life again), not for as long as the clocks differ. Never
// before `floor` ms after that arrival. (FeeEstimate renders at it too: see its clock.)
export function quoteEnd({ data: fee, dataUpdatedAt }: { data?: FeeEstimate | undefined; dataUpdatedAt: number }, floor = 0): number {
  let seen = fee && firstSeen.get(fee)
  // An arrival in our future is a server's, maybe one already seen before a re-quote kept the object
  // (a page's state hydrated again): it keeps the reading it had, not a new life from now.
  if (fee && seen?.[0] !== dataUpdatedAt) firstSeen.set(fee, (seen = [dataUpdatedAt, dataUpdatedAt > Date.now() && seen ? seen[1] : Date.now()]))
  // First seen in the future: the device's clock was set back since (an NTP correction, a time zone
  // put right). Seen now, on the clock as it reads now, or the quote would stay current for the whole
  // jump (an hour back, an hour past its end; the re-quote's timer put off to then at every render).
  if (seen && seen[1] > Date.now()) seen[1] = Date.now()
  dataUpdatedAt = Math.min(dataUpdatedAt, seen ? seen[1] : Date.now())
  if (!fee?.expiresAt) return dataUpdatedAt + 30_000
  const end = parseTimestamp(fee.expiresAt)
  const life = end - parseTimestamp(fee.quotedAt!)
  return Math.max(dataUpdatedAt + floor, life > 0 ? (end > dataUpdatedAt ? Math.min(end, dataUpdatedAt + life) : dataUpdatedAt + life) : end)
}


/**
 * Whether every parameter of a fee estimate is present. An amount that is a lone `"."` or `"-"`
 * (the first key of `".5"`, `"-1"`) is not there yet: incomplete, not a bad amount.
 */
export function hasFeeParams(params: PartialOrUndefined<FeeEstimateParams> | undefined): params is FeeEstimateParams {
  return !!(params?.sourceChain && params.destinationChain && params.asset && params.amount && !/^[-.]$/.test(params.amount))
}

/**
 * Query options for a fee estimate: disabled until every parameter is present, the previous
 * estimate kept on screen while the parameters change, and a new quote fetched when `expiresAt` passes
 * (30 s after its arrival for a quote without one; not while the last quote failed), and nothing asked automatically before the `Retry-After` of a
 * failure: not on a focus, a reconnect, a mount or a return to the same parameters (the query is
 * disabled until then; `refetch()` still asks). An amount ending in a dot (`'1.'`) is quoted as `'1'`, one starting with it (`'.5'`)
 * as `'0.5'`, one whose fraction ends in zeros without them (`'1.50'` as `'1.5'`, `'1.00'` as `'1'`),
 * and keyed so: `payLinkKeys.fees(params)` of the amount as given is its key.
 */
export function estimateFeesQueryOptions<TError = PayLinkErrorType>(client: PayLinkClient, params: PartialOrUndefined<FeeEstimateParams> | undefined): Options<TError> {
  const queryKey = feesKey(params) as Options<TError>['queryKey']
  return {
    queryKey,
    // The key's parameters, its amount as feeAmount makes it: "1." sent as "1", so its quote stays on
    // screen instead of an error. The context as the request options: the action reads only its `signal`.
    queryFn: (context) => estimateFees(client, queryKey[2] as FeeEstimateParams, context),
    // Who is asked: a PayLinkProvider mounting keeps the answers of its own API (a loader's prefetch).
    client,
    // A function of the query from TanStack Query 5.48 on (the package's peer floor); false while a
    // parameter is missing. As `enabled`, one rule holds back every automatic ask before a failure's
    // Retry-After, a return to the same parameters included (a query without data fetches on a mount
    // or a key change whatever its staleTime). It flips to true without a fetch of its own: TanStack
    // compares it with itself, so the next trigger, or refetch(), asks. (Not for polling, which a
    // disabled query stops: see pollUntilSettled.)
    enabled: hasFeeParams(params) && afterRetryAfter,
    retry: false,
    // TanStack's keepPreviousData, without the import it costs every bundle with this factory, for a
    // quote still current only: an expired one (a failed re-quote, parameters left incomplete a while)
    // would be shown as the new parameters' being refreshed. A function per call: TanStack hands the
    // placeholder of the last key on to the next without asking while the function stays the same,
    // so a quote standing in for a slow one, expired meanwhile, would stand in for the next amount.
    // None while a parameter is missing: TanStack would carry that query's placeholder, unasked, to the next.
    placeholderData: hasFeeParams(params)
      ? (previous, query) => (query && quoteEnd(query.state) > Date.now() ? (placeholderArrivals.set(previous!, query.state.dataUpdatedAt), previous) : undefined)
      : undefined,
    // Counted by TanStack from the answer (dataUpdatedAt), not from now.
    staleTime: ({ state }) => Math.max(0, quoteEnd(state) - state.dataUpdatedAt),
    // Only while a quote is on screen (success). The floor keeps a server whose clock runs ahead
    // (quotes that arrive expired) from being asked in a loop. It counts from the quote's arrival:
    // TanStack reads this again at each render and restarts its timer when it changes, so a floor
    // counted from now put the re-quote off by up to 5 s at a render in a quote's last 5 s. Past the
    // end (and the floor), a re-quote is under way, waits for the tab's focus, or is due now: a
    // render right at the due time (the one that shows the quote expired) sets the timer again, so
    // 1 s, not a whole 5 s more. After a failure the old quote's expiry has passed: polling would
    // re-ask every few seconds, past any Retry-After, with a new alert each time. Retry or new
    // parameters ask again.
    refetchInterval: ({ state }) => {
      const left = quoteEnd(state, 5_000) - Date.now()
      return state.status === 'success' && (left > 0 ? timerDelay(left) : 1_000)
    },
  }
}
