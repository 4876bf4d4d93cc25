import { verifyPayment } from '../actions/verifyPayment.js'
import type { PayLinkClient } from '../client/createPayLinkClient.js'
import { PayLinkError, PayLinkHttpError, PayLinkPaymentError } from '../client/errors.js'
import type { Payment, SettlementProof } from '../schemas/payment.js'
import { createPaymentHeader } from '../x402/createPaymentHeader.js'
import type { MaxAmount } from '../x402/maxAmount.js'
import type { PaymentRequired, PaymentRequirement } from '../x402/paymentRequired.js'
import type { PaymentSigner } from '../x402/paymentSigner.js'
import { selectPaymentRequirement } from '../x402/selectPaymentRequirement.js'
import {
  clearPendingPurchase,
  type PendingPurchase,
  readPendingPurchase,
  writePendingPurchase,
} from './purchaseStorage.js'

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

/** A snapshot of a purchase. */
export interface PurchaseState {
  status: PurchaseStatus
  /** The requirements of the last 402, once known. */
  paymentRequired?: PaymentRequired
  /** The payment, once the server accepted it (`verified` or `settled`). */
  payment?: Payment
  /** The settlement proof, once the server accepted the payment. */
  proof?: SettlementProof
  /** Why the purchase failed, or why its outcome is unknown. */
  error?: PayLinkError
}

/** What `pay` needs from the caller. */
export interface PayOptions {
  /** The wallet that signs; asked at most once per purchase. Without one, `pay` can only resend a payment already signed. */
  signer: PaymentSigner | undefined
  /** Spend cap per asset, in atomic units. Defaults to $0.10 of USDC. */
  maxAmount?: MaxAmount
  /** Picks among the payable requirements. Defaults to the first. */
  selectRequirement?: (payable: PaymentRequirement[]) => PaymentRequirement | undefined
}

const IN_FLIGHT: readonly PurchaseStatus[] = ['signing', 'verifying']
// A 4xx other than these means the server refused the request without acting on it.
const AMBIGUOUS_STATUSES = new Set([408, 409, 425, 429])

function isExpired(required: PaymentRequired): boolean {
  const ttl = Math.min(...required.accepts.map((r) => r.maxTimeoutSeconds))
  return Date.now() - required.receivedAt >= ttl * 1000
}

function newIdempotencyKey(): string {
  return typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('')
}

const stores = new WeakMap<PayLinkClient, Map<string, PurchaseStore>>()

/** The purchase store of a link for a client: every hook showing that link shares it, so one click is one purchase. */
export function purchaseStoreFor(client: PayLinkClient, code: string): PurchaseStore {
  let byCode = stores.get(client)
  if (!byCode) stores.set(client, (byCode = new Map()))
  let store = byCode.get(code)
  if (!store) byCode.set(code, (store = new PurchaseStore(client, code)))
  return store
}

/**
 * One purchase of one link, shared by every hook that shows it. Signs at most once per purchase:
 * the signed payload and its idempotency key are kept (in memory and in `sessionStorage`) until
 * the outcome is known, and any retry or resume resends that same payload.
 */
export class PurchaseStore {
  private state: PurchaseState = { status: 'idle' }
  private readonly listeners = new Set<() => void>()
  private readonly scope: string
  private pending: PendingPurchase | undefined
  private loading: Promise<PaymentRequired | undefined> | undefined
  // Set synchronously on click, before any await, so a second click in the same tick is refused.
  private busy = false

  constructor(
    private readonly client: PayLinkClient,
    private readonly code: string,
  ) {
    this.scope = `${client.baseUrl}|${code}`
  }

  /** Subscribes to changes (for `useSyncExternalStore`). */
  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  /** The current snapshot. */
  getSnapshot = (): PurchaseState => this.state

  private set(next: PurchaseState): void {
    this.state = next
    for (const listener of this.listeners) listener()
  }

  /** Starts the purchase's life: resumes a payment signed before a reload, else fetches the requirements. Idempotent. */
  start(): void {
    if (this.state.status !== 'idle') return
    this.pending = readPendingPurchase(this.scope)
    if (this.pending) void this.send()
    else void this.load()
  }

  /** Fetches the requirements (the verify call without a payment). Concurrent calls share one request. */
  load(): Promise<PaymentRequired | undefined> {
    this.loading ??= this.fetchRequirements().finally(() => (this.loading = undefined))
    return this.loading
  }

  private async fetchRequirements(): Promise<PaymentRequired | undefined> {
    this.set({ ...this.state, status: 'loading' })
    try {
      const result = await verifyPayment(this.client, { code: this.code })
      if (result.status !== 'payment-required') {
        throw new PayLinkPaymentError({ reason: 'no_payable_requirement', message: 'The link did not ask for a payment' })
      }
      this.set({ status: 'ready', paymentRequired: result.paymentRequired })
      return result.paymentRequired
    } catch (error) {
      this.set({ status: 'failed', error: toPayLinkError(error) })
      return undefined
    }
  }

  /**
   * Pays: signs once and sends. A click while a purchase is in flight does nothing; in `unknown`
   * it resends the same signed payload instead of signing again; after `settled`, call `reset` first.
   */
  async pay(options: PayOptions): Promise<void> {
    const { status } = this.state
    if (this.busy || IN_FLIGHT.includes(status) || status === 'settled') return
    this.busy = true
    try {
      if (status === 'unknown' && this.pending) return await this.send()
      if (!options.signer) return
      let required = this.state.paymentRequired
      if (!required || isExpired(required)) required = await this.load()
      if (!required) return
      const { signer } = options
      let requirement: PaymentRequirement
      try {
        requirement = selectPaymentRequirement(required, { ...options, signer })
      } catch (error) {
        return this.set({ status: 'failed', paymentRequired: required, error: toPayLinkError(error) })
      }
      this.set({ status: 'signing', paymentRequired: required })
      let header: { value: string }
      try {
        header = await createPaymentHeader(requirement, signer, {
          x402Version: requirement.x402Version,
          resource: required.resource,
        })
      } catch (error) {
        const e = toPayLinkError(error)
        const refused = e instanceof PayLinkPaymentError && e.reason === 'wallet_rejected'
        return this.set({ status: refused ? 'cancelled' : 'failed', paymentRequired: required, ...(!refused && { error: e }) })
      }
      this.pending = { paymentHeader: header.value, idempotencyKey: newIdempotencyKey(), signedAt: Date.now() }
      writePendingPurchase(this.scope, this.pending)
      await this.send()
    } finally {
      this.busy = false
    }
  }

  private async send(): Promise<void> {
    const pending = this.pending!
    this.set({ ...this.state, status: 'verifying', error: undefined })
    try {
      const result = await verifyPayment(
        this.client,
        { code: this.code },
        { paymentHeader: pending.paymentHeader, idempotencyKey: pending.idempotencyKey },
      )
      if (result.status === 'payment-required') {
        // The contract: a 402 to a paid request is ambiguous. The payload is kept, never re-signed.
        const reason = result.paymentRequired.error
        return this.set({
          ...this.state,
          status: 'unknown',
          error: new PayLinkPaymentError({
            reason: 'outcome_unknown',
            message: 'The payment is being confirmed',
            ...(reason !== undefined && { x402Reason: reason }),
          }),
        })
      }
      this.forgetPending()
      const { payment, proof } = result
      this.set({ ...this.state, status: 'verifying', payment, proof })
      this.observePayment(payment)
    } catch (error) {
      const e = toPayLinkError(error)
      if (e instanceof PayLinkHttpError && e.status >= 400 && e.status < 500 && !AMBIGUOUS_STATUSES.has(e.status)) {
        this.forgetPending()
        return this.set({ ...this.state, status: 'failed', error: e })
      }
      this.set({ ...this.state, status: 'unknown', error: e })
    }
  }

  /** Takes in a later report of the accepted payment (from polling `GET /payments/{id}`) and ends the purchase when it is terminal. */
  observePayment(payment: Payment): void {
    if (this.state.status !== 'verifying' || payment.id !== this.state.payment?.id) return
    if (payment.status === 'settled') this.set({ ...this.state, status: 'settled', payment })
    else if (payment.status === 'failed' || payment.status === 'expired') {
      const error = new PayLinkPaymentError({
        reason: 'payment_refused',
        message: payment.status === 'expired' ? 'The payment expired before it settled' : 'The payment failed to settle',
        ...(payment.failureReason !== undefined && { x402Reason: payment.failureReason }),
      })
      this.set({ ...this.state, status: 'failed', payment, error })
    }
  }

  private forgetPending(): void {
    this.pending = undefined
    clearPendingPurchase(this.scope)
  }

  /**
   * Abandons the purchase and starts over with fresh requirements. In `unknown` this forgets a
   * payment that may have gone through: offer it only when the user knows it did not.
   */
  reset(): void {
    if (this.busy || IN_FLIGHT.includes(this.state.status)) return
    this.forgetPending()
    this.set({ status: 'idle' })
    void this.load()
  }
}

function toPayLinkError(error: unknown): PayLinkError {
  return error instanceof PayLinkError ? error : new PayLinkError('The payment could not be completed', { cause: error })
}
