import type { PayLinkClient } from '../client/createPayLinkClient.js'
import { PayLinkError, type PayLinkErrorType, type PayLinkPaymentError, paymentError } from '../client/errors.js'
import { identities, identityHashes } from '../client/transport.js'
import { purchases } from './forgetPurchases.js'
import { onlineManager } from '../peers/query.js'
import type { Payment, SettlementProof } from '../schemas/payment.js'
import { signPaymentHeader } from '../x402/createPaymentHeader.js'
import { randomKey } from '../x402/randomKey.js'
import { flowRank } from '../x402/flowRank.js'
import { toCaip2 } from '../x402/networks.js'
import { paymentHeaderName } from '../x402/paymentHeaders.js'
import { assetKey, type MaxAmount } from '../x402/maxAmount.js'
import type { PaymentRequired, PaymentRequirement } from '../x402/paymentRequired.js'
import type { PaymentSigner } from '../x402/paymentSigner.js'
import { selectPaymentRequirement, type SelectPaymentRequirementOptions } from '../x402/selectPaymentRequirement.js'

/** Where a purchase stands. `cancelled` means the wallet refused: nothing was sent, and paying again is allowed. */
export type PurchaseStatus =
  | 'idle'
  | 'loading'
  | 'ready'
  | 'signing'
  | 'verifying'
  | 'settled'
  | 'failed'
  | 'cancelled'
  | 'unknown'

/** A snapshot of a purchase of a link. */
export interface PurchaseState {
  /** Where the purchase stands. */
  status: PurchaseStatus
  /** The requirements of the last 402, once known. */
  paymentRequired?: PaymentRequired | undefined
  /**
   * `true` when the last click signed nothing because the requirements it was about to sign (fresh
   * ones, or those a failed click left) ask more than those shown before (or another scheme,
   * network or asset): they are the ones shown now, and the next click pays them. Cleared
   * once requirements are read again or signing starts. A button of your own should not pay on the
   * second click of a double click (`event.detail > 1`): it was aimed at the old price.
   */
  priceChanged?: boolean | undefined
  /**
   * `true` while `signing` once the wallet has not answered for 20 s: it may never (a popup closed
   * without a refusal, a phone gone away). `pay` then asks it again, abandoning that request:
   * whatever it signs later is dropped unsent.
   */
  walletSlow?: boolean | undefined
  /** The payment, once the server accepted it (`verified` or `settled`). */
  payment?: Payment | undefined
  /** The settlement proof, once the server accepted the payment. */
  proof?: SettlementProof | undefined
  /** Why the purchase failed, or why its outcome is unknown. */
  error?: PayLinkErrorType | undefined
}

/** A snapshot of a purchase whose seller answers an accepted payment with `A`. */
export type PurchaseSnapshot<A> = Pick<PurchaseState, 'status' | 'paymentRequired' | 'priceChanged' | 'walletSlow' | 'error'> & Partial<A>

/** A signed payment whose outcome is not known yet: resent as it is, never signed again. */
export interface PendingPurchase {
  /** The base64 payment header, exactly as signed. */
  paymentHeader: string
  /** The purchase's one `Idempotency-Key`. */
  idempotencyKey: string
  /**
   * The seller takes the money before its handler runs (x402's `upfront`, `escrow`): its handler's
   * refusal may come after a charge. Read on the first send after signing only: a payment resent
   * (after a reload too) is `unknown` on any refusal.
   */
  settlesFirst?: boolean
}

/** What `pay` needs from the caller. */
export interface PayOptions {
  /** The wallet that signs; asked at most once per purchase. Without one, `pay` can only resend a payment already signed. */
  signer: PaymentSigner | undefined
  /** Spend cap per asset, in atomic units. Defaults to $0.10 of USDC. */
  maxAmount?: MaxAmount | undefined
  /** Picks among the payable requirements. Defaults to the first. */
  selectRequirement?: ((payable: PaymentRequirement[]) => PaymentRequirement | undefined) | undefined
}

/**
 * A seller's answer: how to pay (a 402), what it sent back for an accepted payment, a refusal
 * made without acting on the request (`error`), or a 402 to a paid request that gives only the
 * x402 reason of its failure (`x402Reason`). The keys are the snapshot's own where they can be.
 */
export type GateAnswer<A> = { paymentRequired: PaymentRequired } | { accepted: A } | { error: PayLinkErrorType } | { x402Reason: string }

// A gate's answer as the store reads it: the field of its kind set, the others `undefined`.
type AnswerFields<A> = { paymentRequired?: PaymentRequired; accepted?: A; error?: PayLinkErrorType; x402Reason?: string }

/** Sends a purchase's request to its seller: without a payment to learn the requirements, or with the signed one. */
export type PurchaseGate<A> = (payment?: PendingPurchase) => Promise<GateAnswer<A>>

/** One purchase: its snapshot for `useSyncExternalStore`, and what a user can do with it. */
export interface PurchaseStore<A> {
  /** Talks to the seller for every request of the purchase: the latest caller's (see `sharedPurchase`). */
  gate: PurchaseGate<A>
  /**
   * `true` when the purchase ended (`settled` or `failed`) while no hook showed it (a checkout
   * closed while the wallet was open), until one subscribes: its outcome is still to be reported,
   * and its paid-for answer (a URL's) is kept for that hook.
   */
  unseen?: boolean | undefined
  /** Subscribes to changes. */
  subscribe(listener: () => void): () => void
  /** The current snapshot. */
  getSnapshot(): PurchaseSnapshot<A>
  /** Starts the purchase's life: resumes a payment signed before a reload, else fetches the requirements. Idempotent. */
  start(): void
  /**
   * Pays: signs once and sends. A click while a purchase is in flight does nothing, but while a
   * wallet is `walletSlow` it abandons that request and asks again; in `unknown` it resends the
   * same signed payload instead of signing again; after `settled`, call `reset` first.
   * A click about to sign requirements other than those last shown with a price (fresh ones, or
   * those a failed click left) that ask more (or another scheme, asset or network) signs nothing:
   * they become the ones shown (`ready`, `priceChanged`), for the next click.
   */
  pay(options: PayOptions): Promise<void>
  /**
   * Takes in a later report of the accepted payment (from polling `GET /payments/{id}`): ends the
   * purchase when it is terminal, and makes its outcome `unknown` when it is an error that stopped
   * the polling (then `pay` resends the kept payment). `undefined` (no report yet) changes nothing.
   */
  observe(report: Payment | Error | undefined): void
  /**
   * Abandons the purchase and starts over with fresh requirements. While `signing` it abandons the
   * wallet's request (one that never answers), and drops unsent whatever that wallet returns later;
   * while `verifying` it does nothing. In `unknown` this forgets a payment that may have gone
   * through: offer it only when the user knows it did not. After a read of the terms that failed
   * on screen ("Payment unavailable") they are asked for 500 ms after the purchase turns `loading`
   * (a `pay` meanwhile asks at once), and a failure is shown, a URL's preview's too.
   */
  reset(): void
}

/**
 * The purchase kept under `key` for the API of `scope` (a client), made on first use: every hook
 * (and every remount) showing it shares it, so one click is one purchase and a remount during
 * signing cannot start a second one. Its requests go through the latest caller's `gate` (a link's
 * verify endpoint, or any x402 URL); keys of links and of URLs start apart (`link:`, `url:`), so a
 * URL never shares a link's purchase or stored payment.
 *
 * Signs at most once per purchase: the signed payload and its idempotency key are kept (in memory
 * and in `sessionStorage`, under the key and a hash of the API) until the purchase is `settled` or `failed` (not while an
 * accepted payment is still settling), and any retry or resume resends that same payload. With
 * `preview`, the requirements read on mount only show the price: each purchase asks for fresh ones,
 * and a preview that fails leaves the purchase payable. Requirements other than those last shown with
 * a price (fresh ones, or those a failed click left) are signed only within the terms shown, when a
 * price was shown (see `pay`). While a hook shows it, coming back online reads terms that could not
 * be read again and resends a payment whose outcome is `unknown`.
 */
export function sharedPurchase<A extends object>(scope: object, key: string, gate: PurchaseGate<A>, preview?: boolean): PurchaseStore<A> {
  const id = `${identities.get(scope as PayLinkClient)} ${key}`
  let store = purchases.get(id) as PurchaseStore<A> | undefined
  if (store) {
    store.gate = gate
    return store
  }

  type State = PurchaseSnapshot<A> & { payment?: Payment }
  // What the store itself sets; an accepted answer's own fields come in through `update`.
  type Fields = PurchaseSnapshot<{ payment?: Payment }>
  let state = { status: 'idle' } as State
  const listeners = new Set<() => void>()
  let pending: PendingPurchase | undefined
  let loading: Promise<PaymentRequired | undefined> | undefined
  // The click in flight, set synchronously before any await, so a second click in the same tick is
  // refused. A reset while signing aborts and clears it: the abandoned click then sees it is no
  // longer its own, and its signer that it should ask the wallet nothing more.
  let busy: AbortController | undefined
  // The requirements last shown with a price: a read of start's (or reset's), those a click found
  // dearer, or those a click starts signing (a cancel leaves them on screen). Neither a failure nor
  // a click's read that went no further replaces them (a click that failed on dearer requirements
  // showed "Try again", not their price), so a later click is held to them.
  let shown: PaymentRequired | undefined

  // The paid-for answer (a URL's Response): each hook reads a copy (usePurchase), so the store's own
  // stays unread and holds every byte until it is let go, once no hook shows the purchase. Not
  // before one has: a button that left the purchase signing gets the answer when it shows the
  // purchase again. The answer comes as the purchase settles, so `unseen` (below) says whether a
  // hook has shown it since: it is let go in `subscribe`.
  const set = (next: Fields) => {
    // An ended purchase has nothing left to resend. Not before: a payment accepted as `verified` may
    // still fail, and a reload meanwhile must get it back by resending, not pay again. Its outcome is
    // unseen if no hook shows it as it ends; a later step (the paid-for answer let go) is no outcome.
    if (['settled', 'failed'].includes(next.status) && next.status !== state.status) keep(), (store!.unseen = !listeners.size)
    state = next as State
    for (const listener of listeners) listener()
  }
  // Most steps keep what is known (requirements, payment) and change the status and the error.
  const update = (fields: Fields) => set({ ...state, ...fields })
  // sessionStorage can be missing (a server), blocked (privacy settings) or full: the purchase then
  // lives in memory only, which still covers remounts but not a reload.
  // Stored under the key and a hash of the API's identity (base URL and headers): the tab's storage
  // is shared by every user and API the page talks to, and a payment found under another's key
  // would be resent under their session (or forgotten when their purchase ends); hashed, as the
  // headers may hold a bearer token or an API key. The hash is made with the client's transport
  // (`identityHashes`): a scope `createPayLinkClient` did not make has none (`undefined`). Written
  // here, not by a helper: a function call costs the button's bundle 9 B gzip.
  const stored = `paylink:purchase:${key} ${identityHashes.get(scope as PayLinkClient)}`
  const keep = (purchase?: PendingPurchase) => {
    pending = purchase
    try {
      if (purchase) sessionStorage.setItem(stored, JSON.stringify(purchase))
      else sessionStorage.removeItem(stored)
    } catch {
      // In memory only.
    }
  }

  // Signing or sending now: `busy` covers a click's whole run (fresh requirements, signing, sending),
  // `verifying` a resumed payment and an accepted one still settling.
  const inFlight = () => busy || state.status === 'verifying'

  // Whether a failure of the request in flight stays quiet: only while previews alone wait for it.
  let quiet: boolean | undefined
  // Whether the last read of the requirements failed on screen ("Payment unavailable").
  let unread: boolean | undefined
  // Ends the hold of a read after a failure shown (below) at once.
  let wake: (() => void) | undefined
  // Concurrent calls share one request; a purchase that joins a preview's request shows its failure,
  // as does a preview read again after a failure shown (a reset: "Try again").
  const load = (isPreview?: boolean) => {
    // A click joining a held read ends the hold: it signs with its own options, which a hold would
    // make half a second old (a spend cap lowered meanwhile; FC_SEED=-1726900135 of the URL money property).
    if (busy) wake?.()
    // Only a preview keeps quiet, joining a quiet read or reading after no failure shown (one test
    // of isPreview: 2 B gzip less).
    quiet = (loading ? quiet : !unread) && isPreview
    return (loading ??= (async () => {
      update({ status: 'loading' })
      try {
        // Read again after a failure shown, by a reset ("Try again"), the terms are asked for half a
        // second after the purchase turns `loading`: refused again within milliseconds, a live
        // region went from "Payment unavailable" to "Loading the price" and back before Orca 43.1
        // read the change, and it spoke the outcome twice (Chromium) or not at all (Firefox, taking
        // it for a repeat). Not a click's read: the wallet would be asked with the options of half a
        // second before (a spend cap lowered since).
        unread &&= !busy && (await new Promise<undefined>((resolve) => setTimeout((wake = resolve as () => void), 500)))
        const { paymentRequired, error, accepted }: AnswerFields<A> = await store!.gate()
        if (paymentRequired) {
          set({ status: 'ready', paymentRequired })
          if (!busy) shown = paymentRequired
          return paymentRequired
        }
        // A URL (`preview`) that asks no payment (one the user has unlocked already, or a free one)
        // answered the request itself: a click (`busy`) gets that answer, as from fetchWithPayment.
        // Else it is thrown as nothing: a preview keeps quiet, and a link whose unpaid verify says
        // `paid` (an API breaking the contract) fails: no purchase settles for a payment nobody made.
        if (accepted && busy && preview) return void accept(accepted)
        throw error
      } catch (error) {
        set(quiet ? { status: 'ready' } : { status: 'failed', error: toPayLinkError(error) })
        unread = !quiet
      }
    })().finally(() => (loading = undefined)))
  }

  // `resent`: `pending` may have reached the seller already (sent before, or kept from before a
  // reload), so a refusal of it is no proof that it did not go through. Only the send right after
  // signing is a first one.
  async function send(resent?: boolean): Promise<void> {
    // An earlier answer's payment is followed again only once this answer brings it back: a poll
    // during the resend could otherwise end the purchase, then the answer reopen it.
    update({ status: 'verifying', error: undefined, payment: undefined, walletSlow: undefined })
    let answer: AnswerFields<A> | undefined
    let lost: unknown
    try {
      answer = await store!.gate(pending)
    } catch (cause) {
      lost = cause
    }
    // No answer, a 402 to a paid request, or a refusal of a payload sent before (a 401 once the
    // session expired, to a payment accepted earlier) is ambiguous: the payload is kept, never re-signed.
    const { paymentRequired: required, error: refusal, accepted, x402Reason = required?.error } = answer ?? {}
    if (!answer || required || x402Reason || (resent && refusal)) {
      return update({ status: 'unknown', error: paymentError('outcome_unknown', 'The payment is being confirmed', undefined, lost ?? refusal, x402Reason) })
    }
    if (refusal) return update({ status: 'failed', error: refusal })
    accept(accepted!)
  }

  function accept(accepted: A): void {
    const { payment } = accepted as { payment?: Payment }
    // Nothing of an earlier failed click stays (from load, where no send cleared it first).
    update({ ...accepted, error: undefined, priceChanged: undefined, status: payment ? 'verifying' : 'settled' })
    // Settled at once (no payment to follow): nothing to follow, and observe does nothing.
    observe(payment)
  }

  function observe(report: Payment | Error | undefined): void {
    if (state.status !== 'verifying' || !state.payment) return
    // The same error as a lost answer's (gzip shares the text): the payload is kept, to be resent.
    if (report instanceof Error) {
      return update({ status: 'unknown', error: paymentError('outcome_unknown', 'The payment is being confirmed', undefined, report) })
    }
    if (report?.id !== state.payment.id) return
    const { status } = report
    if (status === 'settled') update({ status: status as 'settled', payment: report })
    else if (['failed', 'expired'].includes(status)) {
      const message = status === 'expired' ? 'The payment expired before it settled' : 'The payment failed to settle'
      update({ status: 'failed', payment: report, error: paymentError('payment_refused', message, undefined, undefined, report.failureReason) })
    }
  }

  purchases.set(
    id,
    (store = {
      gate,
      subscribe(listener) {
        listeners.add(listener)
        store!.unseen = false
        // Back online (as TanStack Query's onlineManager has it: the browser's events, or the app's own
        // source, such as React Native's NetInfo), a purchase on screen goes on where the network left it,
        // as the queries beside it do: terms that could not be read are read again (a "Try again"), and a
        // payment whose outcome was lost is resent (the same payload, never signed again). Each hook that
        // shows the purchase follows the network with a listener of its own (onlineManager keeps a Set:
        // one function for all would go with the first hook that goes), and the first call changes the
        // status the others test. `pay` without a signer only resends.
        const unfollow = onlineManager.subscribe(
          (online) =>
            online && (state.status === 'failed' && unread ? store!.reset() : state.status === 'unknown' && store!.pay({} as PayOptions)),
        )
        return () => {
          unfollow()
          listeners.delete(listener)
          // After a turn: StrictMode and a remount subscribe again at once.
          // Its body cancelled, the answer goes (`void`: undefined). A body that failed (the connection
          // dropped mid-body) refuses the cancel: nothing is left to let go.
          setTimeout(() => {
            const { response } = state as { response?: Response }
            if (!store!.unseen && !listeners.size && response) update({ response: void response.body?.cancel().catch(Boolean) } as unknown as Fields)
            // One that only shows a price is let go, and read afresh when shown again: a feed would
            // otherwise keep one per link for the page's life. One signed, in flight or ended stays.
            if (['ready', 'loading', 'cancelled'].includes(state.status) && !busy && !listeners.size && purchases.get(id) === store) purchases.delete(id)
          })
        }
      },
      getSnapshot: () => state,
      start() {
        // Listed again if a server-side sweep (below) dropped it before it mounted, unless another took its place.
        purchases.get(id) ?? purchases.set(id, store!)
        if (state.status !== 'idle') return
        try {
          // JSON.parse(null) is null, whose read throws: nothing kept. A header that is not a string or
          // does not decode (paymentHeaderName throws for either) was never signed here, and resending
          // it could only end in `unknown` for good.
          const kept = JSON.parse(sessionStorage.getItem(stored)!) as Partial<PendingPurchase>
          if (typeof kept.idempotencyKey === 'string' && paymentHeaderName(kept.paymentHeader!)) pending = kept as PendingPurchase
        } catch {
          // Storage blocked, or an entry that is not a signed payment: in memory only.
        }
        void (pending ? send(true) : load(preview))
      },
      async pay(options) {
        // A child's effect runs before the hook's own: a pay() (or reset) before start() must still
        // find a payment kept from before a reload, and resend it rather than sign another.
        store!.start()
        // Set only while signing: asking the wallet again abandons its request.
        if (state.walletSlow) store!.reset()
        const { status } = state
        if (status === 'settled' || inFlight()) return
        const click = (busy = new AbortController())
        try {
          // A payload is kept only while its outcome is unknown once nothing is in flight: resent, never signed again.
          if (pending) return await send(true)
          if (!options.signer) return
          let required = state.paymentRequired
          // Requirements read before (on mount, or by a failed click) expire with their shortest-lived offer.
          // Offline (as the browser says), they are read again, which fails there: a payment signed now
          // could not be sent, and once sent and lost it is `unknown` for good (never signed again).
          // Where there is no navigator (Node), or it does not say (React Native), nothing changes.
          // Offer by offer, not Math.min(...offers): spread as arguments, 200 000 of them overflow the stack.
          if (!required || preview || globalThis.navigator?.onLine === false || required.accepts.some((r) => Date.now() - required!.receivedAt >= r.maxTimeoutSeconds * 1000)) {
            required = await load()
          }
          if (!required) return
          try {
            // The pick with this click's options, or none where nothing is payable (or no price was shown).
            const pick = (from: PaymentRequired | undefined) => {
              try {
                return selectPaymentRequirement(from!, options as SelectPaymentRequirementOptions)
              } catch {
                // None.
              }
            }
            let requirement: PaymentRequirement | undefined = selectPaymentRequirement(required, options as SelectPaymentRequirementOptions)
            const was = shown !== required && pick(shown)
            // The user agreed to the price shown, not to whatever came next (a fresh read, or one a
            // failed click left). A seller may list its offers in another order in each 402: the
            // app's selectRequirement then picks again among the offers on the terms shown, which
            // become the requirements on screen, so the price shown is that of the offer signed.
            if (was && differs(was, requirement)) {
              const same = { ...required, accepts: required.accepts.filter((fresh) => !differs(was, fresh)) }
              if (!(requirement = pick(same))) return set({ status: 'ready', paymentRequired: (shown = required), priceChanged: true })
              required = same
            }
            // What a cancel or a failure leaves on screen with its price: the baseline from now on.
            set({ status: 'signing', paymentRequired: (shown = required) })
            // Left to run out: it marks only this click's signing, and only while it lasts.
            setTimeout(() => state.status === 'signing' && busy === click && update({ walletSlow: true } as Fields), 20_000)
            const value = await signPaymentHeader(requirement, options.signer, required, click.signal)
            if (busy !== click) return
            // The server only compares keys.
            keep({ paymentHeader: value, idempotencyKey: randomKey(), settlesFirst: !!flowRank(requirement) })
          } catch (error) {
            if (busy !== click) return
            // By its reason, as priceToPay reads one (7 B gzip less than `instanceof` in the button's
            // bundle): only a PayLinkPaymentError (signPaymentHeader's, for any failure of the wallet)
            // has `wallet_rejected`.
            const refused = (error as PayLinkPaymentError | null)?.reason === 'wallet_rejected'
            return set({ status: refused ? 'cancelled' : 'failed', paymentRequired: required, error: refused ? undefined : toPayLinkError(error) })
          }
          await send()
        } finally {
          // An abandoned click must not end the one after the reset.
          if (busy === click) busy = undefined
        }
      },
      observe,
      reset() {
        // A wallet that never answers must not hold the purchase; a paid request may be moving money.
        // Before start() there is nothing to forget yet, but maybe a kept payment to resume.
        if (state.status !== 'idle' && (!inFlight() || state.status === 'signing')) {
          busy = void busy?.abort()
          keep()
          set({ status: 'idle' })
        }
        store!.start()
      },
    }),
  )
  // A server renders purchases but never starts them: one no hook started or showed is let go.
  setTimeout(() => state.status === 'idle' && !listeners.size && purchases.get(id) === store && purchases.delete(id))
  return store
}

// After sharedPurchase, which calls them only once the module is loaded: an app's bundle of this
// order gzips smaller (PayLinkButton alone 2 B).
// One spelling per term: a v1 network name as its CAIP-2 id (a v1 and a v2 402 name the same
// network apart), an address as maxAmount's keys compare it.
const termKey = (id: string) => toCaip2(id) ?? assetKey(id)

/**
 * Whether signing `fresh` would pay more than `was` (the pick of the requirements shown: the price
 * the button showed) asked, or pay otherwise (another scheme, network or asset). Not the payee: the
 * user never sees it, the same server names it in both, and a seller may give a new address in every 402.
 */
const differs = (was: PaymentRequirement, fresh: PaymentRequirement) =>
  BigInt(fresh.amount) > BigInt(was.amount) || (['scheme', 'asset', 'network'] as const).some((k) => termKey(was[k]) !== termKey(fresh[k]))

// Each of the family is a member of the union: the cast only says so of a `PayLinkError` typed as the base.
const toPayLinkError = (error: unknown) =>
  (error instanceof PayLinkError ? error : new PayLinkError('The payment could not be completed', { cause: error })) as PayLinkErrorType
