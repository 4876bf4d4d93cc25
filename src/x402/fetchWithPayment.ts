import { PayLinkConfigError, PayLinkPaymentError, paymentError } from '../client/errors.js'
import { createPaymentHeader } from './createPaymentHeader.js'
import { abortable } from '../client/timedFetch.js'
import { decodePaymentRequired } from './paymentRequired.js'
import { readPaymentResponse } from './paymentHeaders.js'
import { selectPaymentRequirement, type SelectPaymentRequirementOptions } from './selectPaymentRequirement.js'
import { isRefusal } from './isRefusal.js'
import { flowRank } from './flowRank.js'
import { sendX402, type X402Answer } from './sendX402.js'

/** Options of `fetchWithPayment`: the signer, the spend cap, and the transport. */
export interface FetchWithPaymentOptions extends SelectPaymentRequirementOptions {
  /** Aborts the request (and the paid retry); the abort is rethrown as it is. Defaults to the request's own signal (`init.signal`). */
  signal?: AbortSignal | undefined
  /** Time-out of each of the (at most two) requests until its headers arrive (a 402's body included), in ms; signing is not timed. Defaults to `15000`. */
  timeoutMs?: number | undefined
  /** The `fetch` to send with. Defaults to the global `fetch`. */
  fetch?: typeof fetch | undefined
}

// Without AbortSignal.any: each answer's body keeps the controller that ends it (see sendOptions).
const bodies = new WeakMap<object, AbortController>()
const unfollow = new FinalizationRegistry<() => void>((remove) => remove())

/**
 * Fetches any x402 URL and pays it when it answers 402: decodes the requirements (v1 or v2), picks
 * one within `maxAmount`, signs once and retries once with the payment header. Returns the
 * `Response` as `fetch` would, so it drops in wherever `fetch` goes and the paid-for body is never
 * lost to a bad settlement header; read the settlement with `decodePaymentResponse(response.headers)`.
 * A 402, a 5xx, a 408/409/425/429 (unless its settlement header says `success`: the payment went
 * through, and that answer is returned), a 4xx without a readable settlement header from a server
 * that takes the money before its handler runs (`upfront`, `escrow`), or no answer to the paid retry
 * throws a `PayLinkPaymentError` `outcome_unknown` (the payment may have gone through: never pay
 * again on your own; resend the same `error.paymentHeader` to learn the outcome). Without a usable `signer` it throws a
 * `PayLinkConfigError` before anything is sent.
 */
export async function fetchWithPayment(
  // The DOM lib's `RequestInfo | URL`, spelled out: a Node app without the DOM lib (Node's types
  // only) has no `RequestInfo`, and its tsc would read the input as `any`.
  input: string | URL | Request,
  init: RequestInit | undefined,
  options: FetchWithPaymentOptions,
): Promise<Response> {
  // Checked before sending: found out later, it would be a raw TypeError after the first request went out.
  const signer = options?.signer
  const missing = !signer
    ? 'options.signer'
    : !Array.isArray(signer.networks)
      ? 'signer.networks'
      : typeof signer.signPayment != 'function' && 'signer.signPayment'
  if (missing) throw new PayLinkConfigError(`fetchWithPayment needs ${missing}`)
  let request: Request
  try {
    request = new Request(input, init)
  } catch (cause) {
    throw new PayLinkConfigError('fetchWithPayment could not build the request', { cause, details: String(cause) })
  }
  if (request.headers.has('PAYMENT-SIGNATURE') || request.headers.has('X-PAYMENT')) {
    throw paymentError('already_has_payment', 'The request already carries a payment header; it is not paid again')
  }
  const signal = options.signal ?? request.signal
  const send = options.fetch ?? fetch
  const sendOptions = {
    ...options,
    signal,
    // Each fetch follows its time-out's signal (set by sendX402), which its body outlives: the
    // caller's abort must end that body too (a paid stream, a large download), as it would a plain
    // fetch's. AbortSignal.any follows both and leaves no listener on the caller's, which may
    // outlive many calls (a server's shutdown signal, an app's); before Safari 17.4 and Firefox 124,
    // a controller of its own follows them with listeners, as AbortSignal.any does: reached weakly,
    // kept by the answer's body (or the request under way) alone, and the listener on the caller's
    // signal removed once it is collected. Held by the listener, it kept every request's.
    fetch: async (input: RequestInfo | URL, init?: RequestInit) => {
      const sources = [init!.signal!, signal]
      let either = AbortSignal.any?.(sources)
      let own: AbortController | undefined
      if (!either) {
        const ref = new WeakRef((own = new AbortController()))
        const follow = function (this: AbortSignal) {
          ref.deref()?.abort(this.reason)
        }
        for (const source of sources) source.addEventListener('abort', follow)
        unfollow.register(own, () => signal.removeEventListener('abort', follow))
        either = own.signal
      }
      const response = await send(input, { ...init, signal: either })
      if (own && response?.body) bodies.set(response.body, own)
      return response
    },
  }

  // The clone is sent first so that method, headers and body are still there for the paid retry.
  const first = await sendX402(request.clone(), sendOptions)
  if (first.response.status !== 402) return first.response
  const paymentRequired = decodePaymentRequired(first)
  const requirement = selectPaymentRequirement(paymentRequired, options)
  // The user may cancel while the wallet is open: the abort ends it at once (before the wallet is
  // asked, if it came first), and a signature that comes later is dropped unsent.
  const payment = await abortable(() => createPaymentHeader(requirement, options.signer, { ...paymentRequired, signal }), signal)
  // Aborted as the signature came: nothing has been sent with the payment yet.
  signal.throwIfAborted()

  // Our own copy of the caller's request: setting the header on it leaves the caller's untouched.
  request.headers.set(payment.name, payment.value)
  let paid: X402Answer | undefined
  let cause: unknown
  try {
    paid = await sendX402(request, sendOptions)
  } catch (error) {
    // Even when the caller cancelled: the payment had left, so its outcome, not the abort, is the news.
    cause = error
  }
  const status = paid?.response.status
  const proof = paid && readPaymentResponse(paid.headers)
  // A success or a plain refusal (most 4xx) is an answer; a 402, 5xx, 408 or 429 may have come after
  // settling, unless its receipt says the settlement succeeded, as the purchase stores read it too
  // (resourcePurchase.ts): a server that settles before its handler runs (x402's `upfront` flow)
  // sends the receipt with the handler's error, and the caller gets that answer with its receipt.
  // Such a server's refusal without a receipt that can be read (one not exposed to CORS) may have
  // come after it took the money.
  if (paid && (status! < 400 || proof?.success || (status !== 402 && isRefusal(status!) && (proof || !flowRank(requirement))))) return paid.response
  // Not handed back, so nobody else reads it: in Node an unread body (a 5xx's, a 429's) holds its
  // connection until garbage collection. A body that failed refuses the cancel, which is then moot;
  // one with no cancel (a custom fetch's Node stream) is left as it is, not thrown over the error.
  paid?.response.body?.cancel?.().catch(Boolean)
  let x402Reason: string | undefined
  try {
    // The server's x402 reason for a 402: the failed settlement's, else the new 402's.
    if (status === 402) x402Reason = proof?.errorReason || decodePaymentRequired(paid!).error || undefined
  } catch {
    // A 402 that cannot be read leaves the reason unknown: the error below, with the payment that was sent, is thrown all the same.
  }
  throw new PayLinkPaymentError({
    reason: 'outcome_unknown',
    message: 'The payment may have gone through: do not pay again, check its status',
    details: !paid
      ? 'the paid request got no answer'
      : status === 402
        ? `the server answered the paid request with 402 (${x402Reason ?? 'no reason given'})`
        : `the server answered the paid request with HTTP ${status}`,
    cause,
    x402Reason,
    paymentHeader: payment,
  })
}
