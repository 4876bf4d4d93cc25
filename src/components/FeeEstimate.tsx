import { createElement, forwardRef, useRef, useState, useSyncExternalStore } from '../peers/react.js'
import type { HTMLAttributes, MouseEvent } from 'react'
import { noop } from '../client/timerDelay.js'
import { useFeeEstimate } from '../hooks/useFeeEstimate.js'
import { hasFeeParams, placeholderArrivals, quoteEnd } from '../query/estimateFeesQueryOptions.js'
import { retryAfterEnd } from '../query/retryAfterEnd.js'
import { composeEventHandlers } from './composeEventHandlers.js'
import { type DurationUnit, formatDecimal, formatDuration, formatRelative } from './format.js'
import { rootClassName } from './rootClassName.js'
import { useCoarseNow } from './useCoarseNow.js'
import { useTypedFeeParams } from './useTypedFeeParams.js'
import { withDefaults } from './withDefaults.js'
import { usePayLinkClient } from '../hooks/usePayLinkClient.js'
import type { PayLinkHttpError, PayLinkIssue } from '../client/errors.js'
import type { PartialOrUndefined } from '../client/PartialOrUndefined.js'
import { parseTimestamp } from '../schemas/parseTimestamp.js'
import type { FeeEstimate as FeeEstimateData } from '../schemas/fees.js'

// The root exports this component under the name of the data type it shows, and a name exported
// here hides the `export *` one: so the type lives here too, and `import type { FeeEstimate }`
// from the root is the data, as from `@paylink/react/client`.
/** A parsed fee estimate, as `estimateFees` and `useFeeEstimate` give it. */
export type FeeEstimate = FeeEstimateData

/** What a `FeeEstimate` shows, exposed as its `data-state`: `refreshing` keeps the previous quote on screen while a new one loads. */
export type FeeEstimateState = 'idle' | 'loading' | 'ready' | 'refreshing' | 'error'

/** Every text a `FeeEstimate` shows; those with values are functions. */
export interface FeeEstimateLabels {
  /** The accessible name of the whole estimate. */
  title: string
  /** Shown while a parameter is missing. */
  idle: string
  /** Shown while a quote loads and none is on screen. */
  loading: string
  /** Shown when no quote could be had. */
  error: string
  /**
   * Shown instead of `error` when the client refuses a parameter before asking (an amount of
   * "1,5", "abc" or "-5"); `field` is the first refused one: `'amount'`, `'sourceChain'`,
   * `'destinationChain'` or `'asset'`. Optional: without it an app that translated `error` shows its
   * `error`, so no English; one that did not reads "Check the amount: use digits and a dot, like
   * 1.50." for the amount, "Check the transfer details." for another.
   */
  invalid?: ((values: { field: string }) => string) | undefined
  /** The button that asks for a quote again after an error. */
  retry: string
  /**
   * The retry button while the server's `Retry-After` lasts; `relative` is e.g. "in 2 minutes".
   * Optional: without it the button reads `retry` followed by `relative` ("Try again in 2 minutes"),
   * so an app that translated `retry` shows no English.
   */
  retryIn?: ((values: { relative: string }) => string) | undefined
  /** The label of the total fee. */
  totalFee: string
  /** The label of the network (gas) fee. */
  gasFee: string
  /** The label of the platform fee. */
  platformFee: string
  /** The label of the estimated transfer time. */
  estimatedTime: string
  /** An amount with its currency; `amount` is already formatted for the locale. */
  amount: (values: { amount: string; currency: string }) => string
  /**
   * The estimated time; `duration` is e.g. "2 minutes" (never under "1 second"), `count` and `unit`
   * (`2`, `'minute'`) the number and unit it shows, for words that agree with the number, `seconds`
   * the estimate as a number, e.g. for a text of its own below a second.
   */
  duration: (values: { duration: string; count: number; unit: DurationUnit; seconds: number }) => string
  /** The quote's age; `relative` is e.g. "10 seconds ago". */
  quoted: (values: { relative: string }) => string
}

/** The English texts of `FeeEstimate`. */
export const defaultFeeEstimateLabels: FeeEstimateLabels = {
  title: 'Fee estimate',
  idle: 'Fees appear once the transfer details are complete.',
  loading: 'Getting a quote…',
  error: 'Could not get a fee quote.',
  retry: 'Try again',
  totalFee: 'Total fee',
  gasFee: 'Network fee',
  platformFee: 'Platform fee',
  estimatedTime: 'Estimated time',
  amount: (price) => `${price.amount} ${price.currency}`,
  // An estimate of 0 (an instant transfer) would read "about 0 seconds".
  duration: (values) => (values.seconds < 1 ? 'under a second' : `about ${values.duration}`),
  quoted: (values) => `quoted ${values.relative}`,
}

/** The estimate's state from its parameters and query; a fetch in flight wins over an earlier error, and is `loading` then (the quote kept through the error has expired). */
export function feeEstimateState(query: {
  complete: boolean
  hasData: boolean
  isError: boolean
  /** A fetch in flight or waiting for the network (`fetchStatus !== 'idle'`). */
  isFetching: boolean
}): FeeEstimateState {
  if (!query.complete) return 'idle'
  // A quote kept through an error has expired (or is another's): a retry is loading, not refreshing it.
  if (query.isError) return query.isFetching ? 'loading' : 'error'
  if (!query.hasData) return 'loading'
  return query.isFetching ? 'refreshing' : 'ready'
}

/** Props of `FeeEstimate`: the estimate's parameters (quoted once all four are set); the rest go to its root `<div>`. */
export interface FeeEstimateProps extends Omit<HTMLAttributes<HTMLDivElement>, 'children'> {
  /** The chain the transfer leaves from, e.g. `'solana'`. Defaults to none: nothing is quoted (`idle`). */
  sourceChain?: string | undefined
  /** The chain the transfer arrives on, e.g. `'base'`. Defaults to none: nothing is quoted (`idle`). */
  destinationChain?: string | undefined
  /** The asset transferred, e.g. `'USDC'`. Defaults to none: nothing is quoted (`idle`). */
  asset?: string | undefined
  /** The amount transferred, as a decimal string (`'100'`, `'1.50'`; `'1.'` and `'1.0'`, mid-typing, count as `'1'`, `'.5'` as `'0.5'`). Defaults to none: nothing is quoted (`idle`). */
  amount?: string | undefined
  /**
   * How long, in ms, the amount must stay the same before a new amount is quoted, so that typing
   * "125.50" asks once, not at each key. Meanwhile the last quote stays on screen as `refreshing`
   * (the quote of another amount, no longer current). The first quote, another chain or asset, and
   * "Try again" ask at once. 300 ms outlasts the pause between the keys of most typists without
   * feeling slow; `0` (or less, or `NaN`) asks at each change; a longer wait than timers keep
   * (`Infinity`) waits as long as they do, about 24.8 days. Defaults to `300`.
   */
  debounceMs?: number | undefined
  /** Called when the retry button is pressed, before the new quote is asked for; `preventDefault()` cancels it. Not while the button waits out a `Retry-After`. Defaults to none. */
  onRetry?: ((event: MouseEvent<HTMLButtonElement>) => void) | undefined
  /** Texts to replace; the rest, and any left `undefined`, stay English. Defaults to `defaultFeeEstimateLabels`. */
  labels?: PartialOrUndefined<FeeEstimateLabels> | undefined
  /** The locale of amounts, durations and times (one `Intl` refuses, such as `'en_US'`, gives `'en-US'`). Defaults to `'en-US'`, the labels' language: the same on the server and in the browser, so hydration matches. */
  locale?: string | undefined
  /** Leaves out the library's classes, keeping the structure and data attributes. The stylesheet is still needed (or a rule of yours on `[data-paylink-sr-only]`): it keeps the total told to screen readers off the screen. Defaults to `false`. */
  unstyled?: boolean | undefined
}

/** The fees and time of a cross-chain transfer, re-quoted when the quote expires. */
export const FeeEstimate = forwardRef<HTMLDivElement, FeeEstimateProps>(function FeeEstimate(
  { sourceChain, destinationChain, asset, amount, debounceMs = 300, onRetry, labels: customLabels, locale = 'en-US', unstyled, className, ...rest },
  ref,
) {
  // First: outside a provider, the error names this component, not a hook the app never called.
  usePayLinkClient('FeeEstimate')
  const labels = withDefaults(defaultFeeEstimateLabels, customLabels)
  const params = { sourceChain, destinationChain, asset, amount }
  const [quoted, typing] = useTypedFeeParams(params, debounceMs)
  // A failure is the estimate's to show, with its retry, whatever the app's throwOnError.
  const query = useFeeEstimate(quoted, { query: { throwOnError: false } })
  const state = feeEstimateState({
    complete: hasFeeParams(params),
    hasData: query.data !== undefined,
    isError: query.isError,
    // False on a server and while hydrating: the server rendered the quote it had as ready, and
    // React keeps the server's attributes where the client's differ (a quote stale on this device's
    // clock, asked again on mount, would never show as refreshing nor busy). React renders again
    // right after hydration, with the client's value. A fetch paused offline counts: the quote on
    // screen (expired, or another amount's) is no more current while it waits for the network. So
    // does an amount that waits for typing to pause: the quote on screen is another amount's. And a
    // quote past its end whose re-quote waits for the 5 s floor (see estimateFeesQueryOptions): one
    // that lived under 5 s, or came expired, is no longer current either.
    isFetching: useSyncExternalStore(noop, () => query.fetchStatus !== 'idle' || (query.isSuccess && query.isStale), () => false) || typing,
  })
  // A parameter the client refused before asking: only the user can mend it, so the alert says what to mend.
  const error = query.error as { source?: string; issues?: readonly PayLinkIssue[] } | null
  const refused = state === 'error' && error!.source === 'input'
  const field = error?.issues?.[0]?.path ?? ''
  // The quote on screen: the one loaded, while it is ready or refreshing.
  const shown = state === 'ready' || state === 'refreshing' ? query.data : undefined
  // When it arrived on this device: a placeholder's own query has no arrival (0), its quote's is kept.
  const arrived = query.dataUpdatedAt || placeholderArrivals.get(shown!) || 0
  // One that arrived past its end, a device clock ahead of the server's by more than the quote's
  // life (see estimateFeesQueryOptions), is dated at its arrival: "quoted now", not "2 hours ago".
  const quotedAt = shown?.quotedAt
    ? shown.expiresAt && parseTimestamp(shown.expiresAt) <= arrived
      ? arrived
      : parseTimestamp(shown.quotedAt)
    : undefined
  // After a 429 or 503 with Retry-After, the retry button waits it out (a request before it would
  // only be refused again), counting down on the coarse tick and enabled on time by its own timer.
  const retryAt = retryAfterEnd(query)
  // Also renders when the wait ends, which enables the button on time.
  const now = useCoarseNow(retryAt > Date.now() ? retryAt : quotedAt)
  // A render when another amount's quote standing in ends: TanStack drops a placeholder only at a
  // render, and the new quote may take longer (a slow API; a quote without quotedAt has no tick).
  // A clock of its own: the age's keeps its phase.
  useCoarseNow(query.isPlaceholderData ? quoteEnd({ data: shown, dataUpdatedAt: arrived }) : undefined)
  // On a server, and while hydrating a failure it dehydrated, the wait is counted from the failure:
  // the whole Retry-After, alike on both. The second between them would word it apart ("in 1
  // minute", "in 59 seconds"), and React would throw the page's markup away. A mount that hydrates
  // nothing counts from now at once: a remount 30 s in shows "in 30 seconds" from its first frame.
  // Counted back from retryAt, which a failure from a server whose clock is ahead has from when it
  // was first seen: not from now, which a hydration tried again later (a sibling that suspended)
  // would word apart from the server's text.
  const from = useSyncExternalStore(noop, () => 0, () => 1) ? retryAt - ((query.error as PayLinkHttpError | null)?.retryAfterSeconds ?? 0) * 1_000 : Date.now()
  const waiting = retryAt > from
  // The wait's end in words (`in 2 minutes`), for the retry button's text. A second at least: under
  // half of one would round to "now" on a button that does nothing yet.
  const relative = formatRelative(Math.max(retryAt, from + 1_000), from, locale)
  // The retry button leaves with the error, whatever made it leave: its press, or a re-quote it did
  // not ask for (the user back on the tab, the network back). Focus on it would fall to <body>, where
  // a screen reader loses its place (and some browsers start the next Tab at the top): the root, its
  // parent, takes it. React hands the ref null before the button leaves the document, while it still
  // has the focus; one callback for the component's life, which React calls only when the button
  // comes or goes. A press that did not focus the button (Safari) leaves focus where it was.
  const [keepFocus] = useState(() => {
    let button: HTMLButtonElement | null
    return (node: HTMLButtonElement | null) => {
      if (!node && button?.matches(':focus')) button.parentElement!.focus()
      button = node
    }
  })
  // A figure is named after its label: its term is `labels[key]`, its part the key in kebab case (`totalFee` → `total-fee`).
  const row = (key: 'totalFee' | 'gasFee' | 'platformFee' | 'estimatedTime', value: string) =>
    createElement(
      'div',
      { 'data-part': key.replace(/[A-Z]/, '-$&').toLowerCase() },
      createElement('dt', null, labels[key]),
      createElement('dd', null, value),
    )
  const amountOf = (fee: { amount: string; currency: string }) => labels.amount({ amount: formatDecimal(fee.amount, locale), currency: fee.currency })
  // An amount is also named after its field of the quote.
  const money = (key: 'totalFee' | 'gasFee' | 'platformFee', fee = shown![key]) => fee && row(key, amountOf(fee))
  // What the announcement says: the total of the amount asked for, not one that lands while a newer
  // amount waits for typing to pause (the first digit's, asked at once), nor a placeholder's.
  const told = useRef<string | undefined>(undefined)
  if (!typing && !query.isPlaceholderData) told.current = shown && `${labels.totalFee} ${amountOf(shown.totalFee)}`

  // Elements made with createElement, not JSX: in a bundle that turns peers into requires (esbuild's,
  // as size-limit runs it), each module using JSX requires `react/jsx-runtime` on its own.
  return createElement(
    'div',
    {
      role: 'group',
      'aria-label': labels.title,
      'aria-busy': state === 'loading' || state === 'refreshing' || undefined,
      'data-state': state,
      // Focusable from script only: where the retry button hands focus on (see its onClick).
      tabIndex: -1,
      ...rest,
      ref,
      className: rootClassName('paylink-fee-estimate', unstyled, className),
    },
    !shown &&
      // Keyed by state: an error's alert is a new element, so that it is announced.
      createElement(
        'p',
        { key: state, 'data-part': 'message', role: state === 'error' ? 'alert' : undefined },
        refused
          ? (labels.invalid?.({ field }) ??
              // English only beside an English `error`: an app that translated it keeps its own words.
              (labels.error !== defaultFeeEstimateLabels.error
                ? labels.error
                : field === 'amount'
                  ? 'Check the amount: use digits and a dot, like 1.50.'
                  : 'Check the transfer details.'))
          : labels[state as Exclude<FeeEstimateState, 'ready' | 'refreshing'>],
      ),
    state === 'error' &&
      !refused &&
      // None for an amount the client refuses to send ("abc", "1,5" with a decimal comma): asking
      // again cannot work until it changes, and a change asks by itself.
      // aria-disabled, not disabled: the button stays focusable, and its text says when it works.
      createElement(
        'button',
        {
          type: 'button',
          'data-part': 'retry',
          'aria-disabled': waiting || undefined,
          ref: keepFocus,
          onClick: waiting ? undefined : composeEventHandlers(onRetry, () => void query.refetch()),
        },
        waiting ? (labels.retryIn?.({ relative }) ?? `${labels.retry} ${relative}`) : labels.retry,
      ),
    shown &&
      createElement(
        'dl',
        { 'data-part': 'figures' },
        money('totalFee'),
        money('gasFee'),
        money('platformFee'),
        row('estimatedTime', labels.duration({ ...formatDuration(Math.max(shown.estimatedSeconds, 1), locale), seconds: shown.estimatedSeconds })),
      ),
    // The total told to a screen reader when it arrives: a region that is there from the first
    // render (one added with its text is not read), empty until there is a total. Its text changes
    // only with the total: the quote kept on screen for a new amount is not said again, and a
    // re-quote of the same total says nothing. The figures cannot be the region: the age below
    // them changes every tick, and they leave while a quote loads. Errors are the alert's.
    createElement(
      'p',
      { 'data-part': 'announcement', role: 'status', 'aria-live': 'polite', 'aria-atomic': 'true', 'data-paylink-sr-only': '' },
      told.current,
    ),
    quotedAt !== undefined &&
      now !== undefined &&
      // Dated at its arrival when that is earlier: a server clock ahead of ours would otherwise date
      // the quote in the future, "now" for as long as the clocks differ. Never after `now`, which is
      // coarse and may predate the arrival.
      createElement('p', { 'data-part': 'age' }, labels.quoted({ relative: formatRelative(Math.min(quotedAt, arrived || now, now), now, locale) })),
  )
})
