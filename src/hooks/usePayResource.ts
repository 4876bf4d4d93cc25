import { useCallback, useEffect, useRef, useState } from 'react'
import { PayLinkError, PayLinkPaymentError } from '../client/errors.js'
import type { PurchaseStatus } from '../payment/PurchaseStore.js'
import type { Price } from '../schemas/common.js'
import { fetchWithPayment } from '../x402/fetchWithPayment.js'
import { DEFAULT_MAX_AMOUNT, type MaxAmount, maxAmountFor } from '../x402/maxAmount.js'
import { decodePaymentRequired, type PaymentRequirement } from '../x402/paymentRequired.js'
import { decodePaymentResponse } from '../x402/paymentHeaders.js'
import type { PaymentSigner } from '../x402/paymentSigner.js'
import type { SettleResponse } from '../x402/schemas.js'

/** Options of `usePayResource`. */
export interface UsePayResourceOptions {
  /** The wallet that signs; without one the purchase cannot start (the price still loads). */
  signer?: PaymentSigner | undefined
  /** Spend cap per asset, in atomic units. Defaults to $0.10 of USDC. */
  maxAmount?: MaxAmount | undefined
  /** Picks among the payable requirements. Defaults to the first. */
  selectRequirement?: ((payable: PaymentRequirement[]) => PaymentRequirement | undefined) | undefined
  /** Time-out of each request until its headers arrive, in ms. Defaults to `15000`. */
  timeoutMs?: number | undefined
}

/** A snapshot of a purchase of an x402 URL. */
export interface PayResourceState {
  status: PurchaseStatus
  /** The price of the first requirement of the 402 read on mount, when its asset is one whose decimals are known (USDC). */
  price?: Price
  /** The settlement the server sent with the paid answer, if it sent one. */
  proof?: SettleResponse
  /** The paid-for answer (`settled`), its body unread. */
  response?: Response
  /** Why the purchase failed, or why its outcome is unknown. */
  error?: PayLinkError
}

const IDLE: PayResourceState = { status: 'idle' }
const STARTABLE: readonly PurchaseStatus[] = ['ready', 'cancelled', 'failed', 'unknown']
// As in PurchaseStore: a 4xx other than these means the server refused the paid request without acting on it.
const AMBIGUOUS_STATUSES = new Set([408, 409, 425, 429])
const USDC_DECIMALS = 6

const hasPayment = (request: Request) => request.headers.has('PAYMENT-SIGNATURE') || request.headers.has('X-PAYMENT')

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

/** An integer string of atomic units as a decimal string: `("1500000", 6)` → `"1.5"`. */
function atomicToDecimal(amount: string, decimals: number): string {
  const digits = amount.padStart(decimals + 1, '0')
  const whole = digits.slice(0, -decimals)
  const fraction = digits.slice(-decimals).replace(/0+$/, '')
  return fraction ? `${whole}.${fraction}` : whole
}

// Only assets whose decimals are known can be priced: the USDC contracts of the default spend cap.
// Anything else shows "Pay" without an amount rather than a guess.
function priceOf(requirement: PaymentRequirement | undefined): Price | undefined {
  if (!requirement || !/^\d+$/.test(requirement.amount) || maxAmountFor(DEFAULT_MAX_AMOUNT, requirement.asset) === undefined) {
    return undefined
  }
  return { amount: atomicToDecimal(requirement.amount, USDC_DECIMALS), currency: 'USDC' }
}

async function readPrice(resource: string, signal: AbortSignal): Promise<Price | undefined> {
  const response = await fetch(resource, { signal })
  if (response.status !== 402) {
    await response.body?.cancel()
    return undefined
  }
  const body = parseJson(await response.text())
  return priceOf(decodePaymentRequired({ headers: response.headers, body }).accepts[0])
}

function toPayLinkError(error: unknown): PayLinkError {
  return error instanceof PayLinkError ? error : new PayLinkError('The payment could not be completed', { cause: error })
}

function unknownOutcome(details: string, cause?: unknown): PayLinkPaymentError {
  return new PayLinkPaymentError({ reason: 'outcome_unknown', message: 'The payment is being confirmed', details, cause })
}

/**
 * The purchase state machine of any x402 URL, with `usePayLink`'s statuses and safety: the price
 * is read on mount (a GET without payment), a click pays with `fetchWithPayment` (one signature
 * per purchase; clicks while one is in flight do nothing), a wallet refusal is `cancelled`, and a
 * paid request without a clear answer is `unknown`, where `pay` resends the same signed request.
 */
export function usePayResource(
  resource: string | undefined,
  { signer, maxAmount, selectRequirement, timeoutMs }: UsePayResourceOptions = {},
) {
  const [state, setRendered] = useState<PayResourceState>(IDLE)
  // The state as last set, read synchronously by `pay`: a click can come before React re-renders.
  const latest = useRef(state)
  const setState = useCallback((next: PayResourceState) => {
    latest.current = next
    setRendered(next)
  }, [])
  const mounted = useRef(false)
  // Set synchronously on click, before any await, so a second click in the same tick is refused.
  const busy = useRef(false)
  // Bumped when the resource changes, so that answers about the previous one are dropped.
  const generation = useRef(0)
  // The paid request exactly as sent, kept until the outcome is known so `unknown` resends it.
  const pending = useRef<Request | undefined>(undefined)

  useEffect(() => {
    mounted.current = true
    return () => {
      mounted.current = false
    }
  }, [])

  useEffect(() => {
    const own = ++generation.current
    pending.current = undefined
    if (!resource) return setState(IDLE)
    const controller = new AbortController()
    setState({ status: 'loading' })
    void readPrice(resource, controller.signal)
      .catch(() => undefined)
      .then((price) => {
        if (own === generation.current && !controller.signal.aborted && latest.current.status === 'loading') {
          setState({ status: 'ready', ...(price && { price }) })
        }
      })
    return () => controller.abort()
  }, [resource, setState])

  const pay = useCallback(async (): Promise<void> => {
    const { status, price } = latest.current
    if (!resource || !signer || busy.current || !STARTABLE.includes(status)) return
    busy.current = true
    const own = generation.current
    const set = (next: Omit<PayResourceState, 'price'>) => {
      if (mounted.current && own === generation.current) setState({ ...next, ...(price && { price }) })
    }
    const settle = (response: Response, paid: boolean) => {
      if (response.ok) {
        pending.current = undefined
        let proof: SettleResponse | undefined
        try {
          proof = decodePaymentResponse(response.headers)
        } catch {
          // The paid-for answer arrived: a settlement header we cannot read does not undo that.
        }
        return set({ status: 'settled', response, ...(proof && { proof }) })
      }
      const ambiguous = response.status === 402 || response.status >= 500 || AMBIGUOUS_STATUSES.has(response.status)
      if (paid && ambiguous) return set({ status: 'unknown', error: unknownOutcome(`the paid request was answered ${response.status}`) })
      pending.current = undefined
      set({ status: 'failed', error: new PayLinkError(`The resource answered HTTP ${response.status}`) })
    }
    try {
      if (status === 'unknown') {
        // Never a new signature for a purchase whose outcome is unknown: resend, or do nothing.
        if (!pending.current) return
        set({ status: 'verifying' })
        const resent = pending.current.clone()
        try {
          return settle(await fetch(resent, { signal: AbortSignal.timeout(timeoutMs ?? 15_000) }), true)
        } catch (cause) {
          return set({ status: 'unknown', error: unknownOutcome('the resent paid request got no answer', cause) })
        }
      }
      set({ status: 'loading' })
      let signed = false
      const watched: PaymentSigner = {
        address: signer.address,
        networks: signer.networks,
        ...(signer.schemes && { schemes: signer.schemes }),
        signPayment: async (requirement, context) => {
          set({ status: 'signing' })
          const payload = await signer.signPayment(requirement, context)
          signed = true
          set({ status: 'verifying' })
          return payload
        },
      }
      const keepPaidRequest: typeof fetch = (input, init) => {
        if (input instanceof Request && hasPayment(input)) pending.current = input.clone()
        return fetch(input, init)
      }
      const response = await fetchWithPayment(resource, undefined, {
        signer: watched,
        maxAmount,
        selectRequirement,
        timeoutMs,
        fetch: keepPaidRequest,
      })
      settle(response, signed)
    } catch (error) {
      const e = toPayLinkError(error)
      const reason = e instanceof PayLinkPaymentError ? e.reason : undefined
      if (reason === 'wallet_rejected') set({ status: 'cancelled' })
      else if (reason === 'outcome_unknown') set({ status: 'unknown', error: e })
      else set({ status: 'failed', error: e })
    } finally {
      busy.current = false
    }
  }, [resource, signer, maxAmount, selectRequirement, timeoutMs, setState])

  const reset = useCallback(() => {
    const { status, price } = latest.current
    if (busy.current || !['settled', 'failed', 'cancelled', 'unknown'].includes(status)) return
    pending.current = undefined
    setState({ status: 'ready', ...(price && { price }) })
  }, [setState])

  return {
    ...state,
    /** Starts the purchase (or, in `unknown`, resends the same signed request). Never rejects. */
    pay,
    /** Abandons the purchase and makes the button payable again. In `unknown` this forgets a payment that may have gone through. */
    reset,
    /** Whether a click would start (or resume) a purchase now. */
    canPay: !!signer && !!resource && STARTABLE.includes(state.status),
  }
}
