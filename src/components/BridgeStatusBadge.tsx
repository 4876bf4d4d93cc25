import { createElement, forwardRef, Fragment } from '../peers/react.js'
import type { HTMLAttributeAnchorTarget, HTMLAttributes } from 'react'
import { useBridgeStatus } from '../hooks/useBridgeStatus.js'
import { type PollingOptions, stopsPolling } from '../query/pollUntilSettled.js'
import { TERMINAL_TRANSFER_STATUSES, TRANSFER_STATUSES } from '../schemas/transfer.js'
import { type DurationUnit, formatDuration, formatRelative } from './format.js'
import { rootClassName } from './rootClassName.js'
import { useCoarseNow } from './useCoarseNow.js'
import { withDefaults } from './withDefaults.js'
import { usePayLinkClient } from '../hooks/usePayLinkClient.js'
import type { PartialOrUndefined } from '../client/PartialOrUndefined.js'
import { parseTimestamp } from '../schemas/parseTimestamp.js'

/** What a `BridgeStatusBadge` shows, exposed as its `data-state`. */
export type BridgeStatusBadgeState =
  | 'loading'
  | (typeof TRANSFER_STATUSES)[number]
  | 'stale'
  | 'error'
  | 'unknown'

/** Every text a `BridgeStatusBadge` shows; those with values are functions. */
export interface BridgeStatusBadgeLabels {
  /** Shown until the first status arrives. */
  loading: string
  /** The transfer's status `pending`. */
  pending: string
  /** The transfer's status `source_confirmed`. */
  source_confirmed: string
  /** The transfer's status `in_transit`. */
  in_transit: string
  /** The transfer's status `completed`. */
  completed: string
  /** The transfer's status `failed`. */
  failed: string
  /** The transfer's status `refunded`. */
  refunded: string
  /** Shown once polling gave up (`maxDurationMs`) before a final status. */
  stale: string
  /** Shown when there is no status to show: no such transfer, or reading it failed. */
  error: string
  /**
   * The API's `failureReason` of a `failed` or `refunded` transfer, shown after the status: the
   * service's own text, usually English. Return its translation, or `''` to leave it out. Defaults
   * to the reason as the API sent it.
   */
  reason?: ((values: { reason: string; status: 'failed' | 'refunded' }) => string) | undefined
  /** A status this version does not know, as the API sent it. */
  unknown: (values: { status: string }) => string
  /**
   * Time left until `estimatedCompletionAt`: `duration` is e.g. "3 minutes", `relative` e.g. "in 3
   * minutes", and `count` and `unit` (`3`, `'minute'`) are the number and unit they show, for words
   * that agree with the number (Russian "about" takes "1 минуты" but "3 минут").
   */
  eta: (values: { duration: string; relative: string; count: number; unit: DurationUnit }) => string
  /** `estimatedCompletionAt` has passed but the transfer has not completed. */
  etaPassed: string
  /** The accessible name of the link to the source transaction. */
  sourceTx: (values: { chain: string }) => string
  /** The accessible name of the link to the destination transaction. */
  destinationTx: (values: { chain: string }) => string
}

/** The English texts of `BridgeStatusBadge`. */
export const defaultBridgeStatusBadgeLabels: BridgeStatusBadgeLabels = {
  loading: 'Checking the transfer…',
  pending: 'Transfer pending',
  source_confirmed: 'Confirmed on the source chain',
  in_transit: 'In transit',
  completed: 'Transfer completed',
  failed: 'Transfer failed',
  refunded: 'Transfer refunded',
  stale: 'Taking longer than usual',
  error: 'Could not check the transfer',
  unknown: (values) => `Transfer status: ${values.status}`,
  eta: (values) => `about ${values.duration} left`,
  etaPassed: 'any moment now',
  sourceTx: (values) => `Source transaction on ${values.chain}`,
  destinationTx: (values) => `Destination transaction on ${values.chain}`,
}

/**
 * The badge's state from its query: `error` when there is no transfer to show or when an error
 * stopped polling before a terminal status (a poll that failed otherwise keeps the last status on
 * screen while polling goes on), `stale` once polling gave up.
 */
export function bridgeStatusBadgeState(query: {
  status: string | undefined
  isStale: boolean
  isError: boolean
  /** The query's error, judged by `stopsPolling`. Defaults to none: a known status is then shown whatever `isError` says. */
  error?: { name: string } | null | undefined
}): BridgeStatusBadgeState {
  // Nothing will bring that status up to date (a 404, an answer that breaks the contract): it would
  // stay on screen for good, and turn "stale" after maxDurationMs, long after the transfer ended.
  if (stopsPolling(query.error) && !(TERMINAL_TRANSFER_STATUSES as readonly (string | undefined)[]).includes(query.status)) return 'error'
  if (query.status === undefined) return query.isError ? 'error' : 'loading'
  if (query.isStale) return 'stale'
  return (TRANSFER_STATUSES as readonly string[]).includes(query.status) ? (query.status as BridgeStatusBadgeState) : 'unknown'
}

/** Props of `BridgeStatusBadge`; the rest go to its root `<div>`. */
export interface BridgeStatusBadgeProps extends Omit<HTMLAttributes<HTMLDivElement>, 'children'> {
  /** The transfer to follow. */
  transferId: string
  /**
   * The block-explorer URL of a transaction, or `undefined` for none; without it no links are shown.
   * Only an http(s) URL, or a relative one, becomes a link: a `javascript:` or `data:` URL that a
   * transaction id from the API made (`new URL(tx, base)`) is dropped. Defaults to none.
   */
  explorerUrl?: ((chain: string, tx: string) => string | undefined) | undefined
  /** Where explorer links open, e.g. `'_blank'`. Defaults to the current tab. */
  linkTarget?: HTMLAttributeAnchorTarget | undefined
  /** The polling policy passed to `useBridgeStatus`. Defaults to its policy (2 s growing to 30 s, stale after 30 minutes). */
  polling?: PollingOptions | undefined
  /** Texts to replace; one given as `undefined` (a missing translation) keeps its default. Defaults to `defaultBridgeStatusBadgeLabels`. */
  labels?: PartialOrUndefined<BridgeStatusBadgeLabels> | undefined
  /** The locale of durations and times. Defaults to `'en-US'`, the labels' language: the same on the server and in the browser, so hydration matches. */
  locale?: string | undefined
  /** Leaves out the library's classes, keeping the structure and data attributes. Defaults to `false`. */
  unstyled?: boolean | undefined
}

// Against an http base, a relative URL stays http; the URL parser also drops the tabs, newlines and
// leading spaces that a `java\tscript:` hides behind, as the browser's does before following it.
const isHttp = (href: string) => {
  try {
    return /^https?:$/.test(new URL(href, 'http://a').protocol)
  } catch {}
}

/**
 * A live status badge for a cross-chain transfer, followed until it completes, fails or is refunded.
 * An `aria-live` given goes to its live region (the status and failure reason), other props to the root.
 */
export const BridgeStatusBadge = forwardRef<HTMLDivElement, BridgeStatusBadgeProps>(function BridgeStatusBadge(
  // aria-live is the live region's (an app's `assertive` for a failure it must not miss): on the
  // root, it would make the whole badge live, the ticking time left and the link names with it.
  { transferId, explorerUrl, linkTarget, polling, labels: customLabels, locale = 'en-US', unstyled, className, 'aria-live': live = 'polite', ...rest },
  ref,
) {
  // First: outside a provider, the error names this component, not a hook the app never called.
  usePayLinkClient('BridgeStatusBadge')
  const labels = withDefaults(defaultBridgeStatusBadgeLabels, customLabels)
  // Only the fields it needs (no rest, no spread): each field read is a field TanStack re-renders for.
  // A failure is the badge's to show, whatever the app's throwOnError.
  const { data: transfer, isStale, isError, error } = useBridgeStatus(transferId, { polling, query: { throwOnError: false } })
  const state = bridgeStatusBadgeState({ status: transfer?.status, isStale, isError, error })
  // Only while the transfer moves: a status this version does not know is a newer API's step on
  // the way (it is polled on as one), and the API's own estimate is all that says how long it takes.
  const etaAt =
    ['pending', 'source_confirmed', 'in_transit', 'unknown'].includes(state) && transfer?.estimatedCompletionAt
      ? parseTimestamp(transfer.estimatedCompletionAt)
      : undefined
  // Not re-read with each answer: one that leaves the ETA as it was leaves the time left as shown.
  const now = useCoarseNow(etaAt)

  const eta =
    etaAt !== undefined &&
    now !== undefined &&
    // Under half a second left would read "about 0 seconds left" until the next tick.
    (etaAt - now >= 500
      ? labels.eta({ ...formatDuration((etaAt - now) / 1000, locale), relative: formatRelative(etaAt, now, locale) })
      : // A status this version does not know may be a newer API's end: "any moment now" for good.
        state !== 'unknown' && labels.etaPassed)
  const failureReason = ['failed', 'refunded'].includes(state) && transfer!.failureReason
  const reason = failureReason && (labels.reason?.({ reason: failureReason, status: state as 'failed' }) ?? failureReason)
  // The explorer link of one side of the transfer: its part, fields and label are named after the side.
  // (Its locals are default parameters: an arrow with no body is smaller once minified.)
  const link = (
    side: 'source' | 'destination',
    chain = transfer?.[`${side}Chain`],
    tx = transfer?.[`${side}Tx`],
    href = tx && explorerUrl?.(chain!, tx),
  ) =>
    href &&
    isHttp(href) &&
    createElement(
      Fragment,
      null,
      ' ',
      createElement('a', { 'data-part': `${side}-tx`, href, target: linkTarget, rel: 'noopener noreferrer' }, labels[`${side}Tx`]({ chain: chain! })),
    )

  // Elements made with createElement, not JSX: in a bundle that turns peers into requires (esbuild's,
  // as size-limit runs it), each module using JSX requires `react/jsx-runtime` on its own.
  return createElement(
    'div',
    { 'data-state': state, ...rest, ref, className: rootClassName('paylink-bridge-status-badge', unstyled, className) },
    createElement('span', { 'data-part': 'indicator', 'aria-hidden': 'true' }),
    // The live region holds only what a change should say: WebKit re-reads every live ancestor of
    // changed text, so the ticking time left or the link names inside it would be spoken again.
    createElement(
      'span',
      { 'data-part': 'status', role: 'status', 'aria-live': live, 'aria-atomic': 'true' },
      // One child, keyed by the state: a new status replaces it whole, so that the region gets a
      // single insertion. A label whose text changed and a reason added beside it were two changes,
      // each read whole (aria-atomic): Firefox with Orca read the region twice. The child is a block
      // (a flex item), which Firefox exposes as one object, and Chromium leaves out; the span inside
      // it lays out the label and the reason (a flex container, which Firefox would leave out,
      // reporting each of its items as inserted, each read whole again).
      createElement(
        'span',
        { key: state },
        createElement(
          'span',
          null,
          createElement('span', { 'data-part': 'label' }, state === 'unknown' ? labels.unknown({ status: transfer!.status }) : labels[state]),
          // The space keeps the two apart in the region's text: an element, as a bare text node between
          // two flex items is not laid out, and Chromium then left it out ("Transfer failedThe …").
          // The stylesheet takes it out of the flex flow (the gap spaces the two on screen) but keeps
          // it laid out; unstyled, it is an ordinary space. The reason: `dir="auto"` isolates the
          // API's English in an Arabic page ("mint.", not ".The …") as a <bdi> would, but Chromium
          // exposed the <bdi> as an object of its own, whose text Orca read alone before the region.
          reason && createElement('span', { 'data-part': 'separator' }, ' '),
          reason && createElement('span', { 'data-part': 'reason', dir: 'auto' }, reason),
        ),
      ),
    ),
    // Spaces between the parts, as between the label and the reason: unstyled, nothing else keeps
    // "Transfer pending" from "about 3 minutes left" (a flex badge drops them).
    eta && ' ',
    // The instant as HTML's datetime spells it: the API's own spelling may not be one (a Postgres
    // `2026-01-05 10:00:00+00`).
    eta && createElement('time', { 'data-part': 'eta', dateTime: new Date(etaAt).toISOString() }, eta),
    link('source'),
    link('destination'),
  )
})
