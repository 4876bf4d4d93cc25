import {
  Children,
  cloneElement,
  createElement,
  forwardRef,
  Fragment,
  useEffect,
  useId,
  useState,
} from '../peers/react.js'
import type { ButtonHTMLAttributes, HTMLAttributes, KeyboardEvent, MouseEvent, ReactElement, ReactNode, Ref } from 'react'
import { useQuery } from '../peers/query.js'
import type { PayLinkErrorType } from '../client/errors.js'
import { getLinkQueryOptions } from '../query/getLinkQueryOptions.js'
import { usePayLinkClient } from '../hooks/usePayLinkClient.js'
import { linkPurchase } from '../payment/linkPurchase.js'
import { priceToPay } from '../payment/priceToPay.js'
import type { PurchaseStore } from '../payment/PurchaseStore.js'
import { resourcePurchase } from '../payment/resourcePurchase.js'
import { useFollowedPurchase } from '../payment/usePurchase.js'
import type { SettlementProof } from '../schemas/payment.js'
import type { MaxAmount } from '../x402/maxAmount.js'
import type { PaymentSigner } from '../x402/paymentSigner.js'
import type { SettleResponse } from '../x402/schemas.js'
import { composeEventHandlers } from './composeEventHandlers.js'
import { formatBasisPoints, formatDecimal } from './format.js'
import { mergeSlotProps } from './mergeSlotProps.js'
// Before the labels: an app's bundler lays modules out in import order, and this one gzips smaller
// (PayLinkButton alone 3 B, the root 2 B).
import { buttonState, type PayLinkButtonState } from './payLinkButtonState.js'
import { defaultPayLinkButtonLabels, type PayLinkButtonLabels } from './PayLinkButtonLabels.js'
import { rootClassName } from './rootClassName.js'
import { withDefaults } from './withDefaults.js'
import type { PartialOrUndefined } from '../client/PartialOrUndefined.js'

/** The settlement `onSettled` receives: the API's proof for a link, the x402 settlement header for a `resource`. */
export type PayLinkButtonProof = SettlementProof | SettleResponse

interface PayLinkButtonOwnProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'onError'> {
  /** The wallet that signs. Without one the button is `disabled` (the 402's price still shows where it can be read; a `resource`'s only if all its requirements share it), as with one that can pay none of the 402's offers ("Payment unavailable"). Defaults to none. */
  signer?: PaymentSigner | undefined
  /** Spend cap per asset, in atomic units: a price above it fails before the wallet is asked. Defaults to $0.10 of USDC. */
  maxAmount?: MaxAmount | undefined
  /** Called with the new `data-state` on every change after mount (not for the first state). Defaults to none. */
  onStateChange?: ((state: PayLinkButtonState) => void) | undefined
  /** Called once when the purchase settles, with its proof and, for a `resource`, the paid-for answer (its body unread); for a purchase this button left in flight (signing, verifying, unknown) and that settled while it showed another `code` or `resource`, or one that settled while no button or hook showed it, when it is shown (on mount, or on switching to it). Defaults to none. */
  onSettled?: ((proof: PayLinkButtonProof | undefined, response?: Response) => void) | undefined
  /** Called when the purchase fails (as `onSettled`, also a failure this button left in flight or nobody saw, when it is shown), or when its outcome becomes unknown (a payment being confirmed, not failed). Defaults to none. */
  onError?: ((error: PayLinkErrorType) => void) | undefined
  /** Shows the link's creator/platform split on a second line before paying. Defaults to `false`. */
  showSplit?: boolean | undefined
  /** Renders the only child element (an `<a>`, a design-system button) with the button's props and content merged in. Defaults to `false`. */
  asChild?: boolean | undefined
  /** Texts to replace; the rest, and any left `undefined`, stay English (`defaultPayLinkButtonLabels`). Defaults to none. */
  labels?: PartialOrUndefined<PayLinkButtonLabels> | undefined
  /** The locale of the price and the split, for `Intl` (one it refuses, such as `'en_US'`, gives `'en-US'`). Defaults to `'en-US'`, the labels' language: the same on the server and in the browser, so hydration matches. */
  locale?: string | undefined
  /** Drops the package's classes (and so its look), keeping the structure and the data attributes. The stylesheet is still needed (or a rule of yours on `[data-paylink-sr-only]`): it keeps the announced status ("Waiting for your wallet to sign") off the screen. Defaults to `false`. */
  unstyled?: boolean | undefined
  /** Replaces the button's visible text (with `asChild`: the child's own children do); empty content (`false`, `''`) keeps the state's text. Defaults to the state's text from `labels`. */
  children?: ReactNode
}

/** Props of `PayLinkButton`: what to pay (a link `code`, or any x402 `resource` URL), plus the button's own props. */
export type PayLinkButtonProps = PayLinkButtonOwnProps &
  (
    | {
        /** The code of the link to pay. */
        code: string
        /** Not with `code`. */
        resource?: undefined
      }
    | {
        /**
         * An x402 URL to pay instead of a link (fetched with GET). The price shown, read on mount from
         * its 402, is that of the requirement a click would sign (none when it can sign none).
         */
        resource: string
        /** Not with `resource`. */
        code?: undefined
      }
  )

type StatusKey = `${PayLinkButtonState}Status`

type OwnTextState = Exclude<PayLinkButtonState, 'ready' | 'cancelled' | 'disabled'>

/** A button that pays a payment link (or any x402 URL) once, showing the price and every step of the purchase. */
export const PayLinkButton = forwardRef<HTMLButtonElement, PayLinkButtonProps>(function PayLinkButton(props, ref) {
  // The flags (showSplit, asChild, unstyled, disabled) are only ever tested: `undefined` is their `false`.
  const {
    code,
    resource,
    signer,
    maxAmount,
    onStateChange,
    onSettled,
    onError,
    showSplit,
    asChild,
    labels: labelOverrides,
    locale = 'en-US',
    unstyled,
    className,
    disabled,
    onClick,
    onKeyDown,
    children,
    ...rest
  } = props
  const labels = withDefaults(defaultPayLinkButtonLabels, labelOverrides)
  const linkCode = resource ? undefined : code
  // First: outside a provider, the error names this component, not a hook the app never called.
  const client = usePayLinkClient('PayLinkButton')
  // useLink's query, on this client (useLink would read the provider again), run as it is: with no
  // `query` bag to merge, the button bundles none of usePayLinkQuery's merging. Read again on mount
  // however fresh, and on a new code (stale at once: a new key is read only if stale, and a mount
  // then reads it whatever the app's default refetchOnMount): where no 402 price is shown (before it
  // is read, a wallet that can pay none of its offers), the link's is, and one a page read a minute
  // ago (a product card) may be out of date. Whatever the app's throwOnError, a failure is the
  // button's to show, not its error boundary's. Not an app's default keepPreviousData: another code
  // would show the last link's price as its own while it loads.
  const link = useQuery({ ...getLinkQueryOptions(client, linkCode), placeholderData: undefined, staleTime: 0, refetchOnMount: true, throwOnError: false })
  // One purchase, of the URL or of the link: usePayResource's or usePayLink's, without running both
  // hooks. The lookup gives the same store on every render.
  const store = (resource ? resourcePurchase(resource) : linkCode ? linkPurchase(client, linkCode) : undefined) as
    | PurchaseStore<{ proof?: PayLinkButtonProof; response?: Response }>
    | undefined
  const options = { signer, maxAmount }
  const purchase = useFollowedPurchase(client, store, options)
  // The price a click signs, from the 402 read last (none where it cannot be read; `null` where this
  // wallet can pay none of its offers, and a click could only fail).
  const gatePrice = priceToPay(purchase.paymentRequired, options)
  const state = buttonState(
    purchase.status,
    // Never waits for the link (no `linkLoading`): a price a press can sign is the 402's (below),
    // and a link read that is slow (retrying a 429) must not hide it.
    disabled || !signer || gatePrice === null,
  )
  const actionable = purchase.canPay && !disabled && !['loading', 'disabled'].includes(state)
  // Nothing to pay with: terms that could not be read (a failure with no 402 read and no payment
  // made: no payment failed), or a 402 this wallet can pay none of. One negation: 1 B gzip less.
  const unavailable =
    state === 'failed' ? !(purchase.paymentRequired || (purchase as { payment?: unknown }).payment) : state === 'disabled' && gatePrice === null
  // A new price is said on the button's second line too: a 0.01 that became 0.09 is easy to miss in
  // the label alone, and the next press pays it.
  const priceChanged = state === 'ready' && purchase.priceChanged
  // A wallet slow to answer (set only while signing; a press asks it again), or a payment still
  // being confirmed after the polling gave up, says so on screen, as `unknown` does. `isStale` is
  // only ever set while verifying: the payment is followed then only.
  const slow = purchase.walletSlow || purchase.isStale
  // The visible second line is the status when something went wrong or is being confirmed.
  const statusShown = priceChanged || slow || unavailable || ['cancelled', 'failed', 'unknown'].includes(state)

  // Runs after every render and reports only a change, with that render's callbacks: new callbacks
  // alone report nothing. Starts at the first state so that mount reports nothing; StrictMode's
  // second effect run sees no change. Another purchase (a new code or resource; a store is kept per
  // API and code, so switching back finds the same one) is a new baseline, as its outcome came
  // before (reporting it could fulfil an order twice), unless this button left it in flight: then
  // its outcome is this button's to report, once, when it shows the purchase again.
  // `priceChanged` and `at`: the requirements whose new price was last put on screen and when, for the click handler below; `error`: the error last shown;
  // `priced`: the purchase last shown with terms read; `retry`: the next read of the terms is to be
  // said (a "Try again" reading terms that could not be read, or "Payment unavailable" shown since
  // the last press).
  // A purchase that ended while no hook showed it (a checkout closed while the wallet was open) is
  // reported by the buttons that show it first (on mount, or on switching to it), as if they had left
  // it in flight. Read while rendering: subscribing, before the effect below runs, clears it.
  const unseen = store?.unseen
  // `store` starts unset: the purchase shown on mount is switched to, as any later one, and
  // StrictMode's second run of the effect finds it the same, so reports its unseen outcome no more.
  // Built on each render, kept from the first: cheaper in the bundle than an initializer function.
  const [seen] = useState<{ state: PayLinkButtonState; store?: unknown; left: Map<unknown, PayLinkButtonState>; priceChanged?: unknown; at?: number; used?: boolean; retry?: boolean; error?: unknown; priced?: unknown }>({
    state,
    left: new Map(),
    error: unseen ? undefined : purchase.error,
  })
  useEffect(() => {
    const { paymentRequired, proof, error, response } = purchase
    if (paymentRequired) seen.priced = store
    if (priceChanged && seen.priceChanged !== paymentRequired) {
      seen.priceChanged = paymentRequired
      seen.at = performance.now()
    }
    // `left` keeps the state last shown of the purchase shown, and of those this button left in
    // flight: their outcome is still this button's to report. Another purchase left is forgotten.
    const same = seen.store === store
    if (!same && !['signing', 'verifying', 'unknown'].includes(seen.state)) seen.left.delete(seen.store)
    const was = (unseen && !same && 'verifying') || seen.left.get(store) || state
    if (seen.state !== state) onStateChange?.(state)
    seen.left.set((seen.store = store), (seen.state = state))
    // Of the states that show their status, `failed` and `unknown` have an error (`cancelled` none),
    // as has `disabled` after a click that found nothing this wallet can pay: that click showed
    // `disabled` with the fresh 402 already, so its error comes without a change of state. An error
    // already shown is not new: a failure, then a wallet that pays none of the offers.
    // The error last shown is kept: one that came while the button was disabled (a wallet gone
    // while it signed) is reported once the button shows it.
    if (statusShown) {
      if (error && error !== seen.error && (was !== state || same)) onError?.(error)
      seen.error = error
      // Once "Payment unavailable" was said, the next read of the terms is said too, unless a
      // press of this button starts it (the click sets `retry` afresh): one that comes by itself
      // (back online), or from another button or the app's reset, is news nothing else tells.
      seen.retry ||= unavailable
    }
    if (was !== state && state === 'settled') {
      if (response) onSettled?.(proof, response)
      else onSettled?.(proof)
    }
  })

  // The price shown is the 402's, the one a press signs. The link's own (its 402 asks for it in
  // every requirement) stands in only where no press can sign: before a 402 is read, or for one this
  // wallet can pay none of (`null`: disabled). Not for a 402 whose price cannot be read (an asset of
  // unknown decimals): with nothing to compare it to, the link's could be read before or after
  // those terms, at another price (three defects of the same kind: a press signed more than shown).
  // Nor when the read on mount failed: the link's is then an old one. None
  // either while a failure is on record (a failed purchase that read terms, on screen while disabled,
  // or those terms being read again): the next press reads them again, and that 402's price (one a
  // click refused: over maxAmount) need not be what it signs. `unknown` has a text of its own.
  const price = !unavailable && purchase.error ? undefined : gatePrice ?? ((gatePrice !== null && purchase.paymentRequired) || link.isError ? undefined : link.data?.price)
  const shownPrice = price && { amount: formatDecimal(price.amount, locale, 2), currency: price.currency }
  // The button text is the price where a click would pay; each other state has a text of its own.
  const text = ['ready', 'cancelled', 'disabled'].includes(state)
    ? shownPrice
      ? labels.pay(shownPrice)
      : labels.payWithoutPrice
    : labels[state as OwnTextState]
  const statusText = slow
    ? labels[`${state as 'signing' | 'verifying'}SlowStatus`]
    : priceChanged
      ? labels.priceChangedStatus(shownPrice)
      : // "Loading the price" and "Ready to pay" are said for a "Try again" that reads terms that
        // could not be read only, or a read of them no press of this button started (`retry`, set
        // in the effect below). There the first stands between two "Payment unavailable"s, which
        // Orca would otherwise take for one, and the second is news. Said on load by each button of
        // a page, a screen reader would queue them once per button; said for a press's own read (a
        // URL's, terms gone stale), which goes on to the wallet or fails within milliseconds, they
        // and the outcome came as changes Orca 43.1 read as the outcome twice (Chromium and
        // Firefox, a URL's first press refused).
        !['ready', 'loading'].includes(state) || seen.retry
        ? // One template for both keys: 2 B gzip less than naming unavailableStatus whole.
          labels[`${unavailable ? 'unavailable' : state}Status` as StatusKey | 'unavailableStatus']
        : ''
  // The split is shown before paying only.
  const splits = showSplit && ['ready', 'loading', 'disabled'].includes(state) ? link.data?.splits : undefined
  const split =
    splits &&
    labels.split({ creator: formatBasisPoints(splits.creator, locale), platform: formatBasisPoints(splits.platform, locale) })

  // With what is paid: roots rendered apart (islands hydrated without an identifierPrefix, any two
  // Preact roots) give the same useId, and a button named by another's label reads its price.
  // Escaped: aria-labelledby splits ids at white space, which a code may hold ("spring sale").
  const id = useId() + escape(resource ?? code!)
  // A part of the content: its id (`id` + name) and `data-paylink-part` are its name, and so is its
  // class, but a visible second line's (`detail`). The button's elements are made with createElement,
  // not JSX: its bundle then carries no `react/jsx-runtime` (20 B gzip).
  const span = (name: string, content: ReactNode, detail?: boolean, attributes?: HTMLAttributes<HTMLSpanElement>) =>
    createElement(
      'span',
      { id: id + name, className: unstyled ? undefined : `paylink-button-${detail ? 'detail' : name}`, 'data-paylink-part': name, ...attributes },
      content,
    )
  // With asChild, the consumer's element is rendered in place of the button, with its own content
  // as the label. Children.only throws unless the children are exactly one element.
  const child = asChild && (Children.only(children) as ReactElement<{ children?: ReactNode; 'aria-label'?: string }>)
  // No aria-busy on the button, though it is busy signing and verifying: a screen reader may hold
  // back a live region's changes inside a busy element until it is no longer busy (ARIA allows it,
  // Chromium and Firefox do), and the region is inside.
  // Why the live region is inside the button: the component renders one root, the button itself.
  // ARIA makes a button's children presentational, so some browser and screen-reader pairs do
  // not expose a region inside it; for those, the button's name (aria-labelledby) changes with
  // the state too, for screen readers that speak a name change of the focused element, which is
  // the button the user just clicked. Where the region is exposed, it adds the polite
  // announcement: Orca 43 (Chromium 156, Firefox ESR 153) hears the region, and not the name. The name is the visible text only (label, then the second line when there is
  // one), so that a voice-control user can say what they see (WCAG 2.5.3); the region, while not
  // shown, stays out of it so nothing is read twice, and it is visually hidden, never
  // display:none or aria-hidden, which would silence it.
  // One element, a Fragment, as the child's content: a child component that takes a single child
  // (Children.only, a Slot) would throw on four.
  const body = createElement(
    Fragment,
    null,
    // Empty content (`{label && …}` while label is unset gives `false`, a CMS text '') leaves the
    // state's text, not a blank button with no name.
    span('label', (asChild ? (child as ReactElement<{ children?: ReactNode }>).props : props).children || text),
    // A space between the lines, for text read from the content (a flex container drops it visually).
    ' ',
    split && span('split', split, true),
    span('status', statusText, statusShown, {
      role: 'status',
      'aria-live': 'polite',
      'aria-atomic': true,
      'data-paylink-sr-only': statusShown ? undefined : '',
    } as HTMLAttributes<HTMLSpanElement>),
  )

  // Not once this button was pressed (a press, or a "Try again", that found a fresh 402 this wallet
  // can pay none of, with or without a failure): a natively disabled button loses the focus the
  // press left on it to <body>, and a screen reader its place with it. aria-disabled keeps both
  // there, where "Payment unavailable" is read. The app's `disabled` is a <button>'s own, whatever
  // came before: no press, no onClick, no tab stop.
  const nativelyDisabled = state === 'disabled' && (disabled || !seen.used) && !asChild
  const rootProps = {
    'data-state': state,
    // A consumer's aria-label (on the button, or on the asChild element: an icon-only link) must be
    // able to rename the button, and aria-labelledby would win over it. The ids are joined as
    // rootClassName and mergeSlotProps join classes (filter, join): gzip then spells it once (7 B).
    'aria-labelledby': rest['aria-label'] || (child && child.props['aria-label']) ? undefined : [id + 'label', split && id + 'split', statusShown && id + 'status'].filter(Boolean).join(' '),
    // In flight the button stays focusable (aria-disabled, not disabled): focus is not thrown away mid-purchase.
    'aria-disabled': (!actionable && !nativelyDisabled) || undefined,
    ...rest,
    className: rootClassName('paylink-button', unstyled, className),
    onClick: composeEventHandlers(onClick, (event: MouseEvent<HTMLButtonElement>) => {
      // An <a href> as the child (asChild) must not navigate away while the wallet is open.
      if (asChild) event.preventDefault()
      // Not the second click of a double click (detail 2), nor a press within half a second of a new
      // price (a quick second press of a key): either was aimed at the price the first press saw,
      // and that press may have come back with a new one (priceChanged), for a press of its own.
      // Where the terms were never read, "Try again" reads them (starts over): the wallet opens on
      // the next press, at a price the button has shown; the read starts half a second after
      // "Loading the price" is announced (PurchaseStore's `load`), for a screen reader. Once a price
      // was shown, a press checks the fresh terms against it (priceChanged).
      if (actionable && event.detail < 2 && !(priceChanged && performance.now() - seen.at! < 500)) {
        seen.used = true
        void ((seen.retry = unavailable && seen.priced !== store) ? purchase.reset() : purchase.pay())
      }
    }),
    onKeyDown: composeEventHandlers(onKeyDown, (event: KeyboardEvent<HTMLButtonElement>) => {
      // A held Enter repeats its click every few ms: one press pays at most once, whatever comes back.
      if (event.repeat && event.key === 'Enter') event.preventDefault()
    }),
  }

  if (child) return cloneElement(child, mergeSlotProps(rootProps, child, ref as Ref<HTMLElement>), body)
  return createElement('button', { type: 'button', disabled: nativelyDisabled, ...rootProps, ref }, body)
})
