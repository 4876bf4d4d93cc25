import { act } from '@testing-library/react'
import fc from 'fast-check'
import { createTestSigner } from '../../src/mock/createTestSigner.js'
import type { PaymentRequirement } from '../../src/x402/paymentRequired.js'
import type { PaymentSigner, PaymentSignerContext } from '../../src/x402/paymentSigner.js'

// What the two money properties (moneyInvariant and resourceMoneyInvariant) share: the elements
// and presses of a run, the wallet double that records each request, and how a step is taken.

// `unknown` among them: a resend the seller can only refuse (the price changed under a signed
// payment, or its authorization expired) stays `unknown`, as the contract has it.
/** The states the README names where a purchase may rest once nothing is left moving (the wallet answers, the network works). */
export const AT_REST = ['ready', 'settled', 'failed', 'cancelled', 'unknown']

/** The presses of a button, as the `detail` of each click they fire (0: a key). */
export const PRESSES = { click: [1], 'double click': [1, 2], 'two pointers': [1, 1], key: [0] }

/** How the wallet answers: it signs, refuses, answers after 25 s, or not until the run's drain. */
export type Mode = 'ok' | 'refuse' | 'slow' | 'hang'
/** The elements of the page: two buttons and a hook. */
export type Id = 'a' | 'b' | 'h'
/** Which elements are mounted. */
export type Model = Record<Id, boolean>

/** One request to the wallet, as the wallet saw it. */
export interface Signature {
  /** The purchase it was asked for (a reset after the outcome starts another). */
  purchase: number
  nonce: string
  amount: bigint
  /** The spend cap of the element whose signer was asked. */
  cap: bigint
  signal: AbortSignal | undefined
  /** The wallet refused. */
  refused: boolean
  /** The wallet answered (or refused). */
  answered: boolean
  /** The wallet answered after the purchase abandoned the request (its signal aborted): that payload must never be sent. */
  late: boolean
  /** The page was reloaded before the wallet answered: nothing came of the request. */
  gone: boolean
  /** Since the one before: the user pressed pay on a purchase showing `failed`. */
  afterSeenFailure: boolean
  /** Its payload was kept in memory only (sessionStorage refused the write)... */
  inMemoryOnly?: boolean
  /** ...and a reload forgot it: the README lets the purchase be signed again. */
  forgotten?: boolean
}

/** The wallet of a run: how it answers, and the answers it holds back (`hang`). */
export interface Wallet {
  mode: Mode
  held: (() => void)[]
}

/** A promise that never settles: what a page that was reloaded waits for (its JavaScript is gone, so nothing comes of it). */
export const never = () => new Promise<never>(() => {})

/** Moves the fake clock on by `ms`, inside React's act. */
export const settle = async (ms = 50) => void (await act(() => vi.advanceTimersByTimeAsync(ms)))

/** A step of a run, named for fast-check's counterexamples; the clock moves on a little after it. */
export const command = <W>(name: string, check: (m: Model) => boolean, run: (m: Model, w: W) => Promise<void> | void) =>
  fc.constant<fc.AsyncCommand<Model, W>>({ check, run: async (m, w) => (await run(m, w), await settle()), toString: () => name })

/**
 * A test signer that records each request with `record` (which gives the request's `Signature`)
 * and answers as `wallet.mode` says; once `gone()` (its page was reloaded) nothing comes of it.
 */
export function recordingSigner(
  wallet: Wallet,
  gone: () => boolean,
  record: (fields: Pick<Signature, 'nonce' | 'amount' | 'signal'>, requirement: PaymentRequirement) => Signature,
): PaymentSigner {
  const base = createTestSigner()
  return {
    ...base,
    async signPayment(requirement, context: PaymentSignerContext) {
      // A page reloaded before it asked asks nothing: its JavaScript is gone. In a run, its timers go
      // on (a read held 500 ms after a reset, with a press waiting on it), which no browser does.
      if (gone()) return never()
      // Dated when asked, as createEvmSigner dates its authorization: a late answer can expire.
      const payload = (await base.signPayment(requirement, context)) as { authorization: { nonce: string } }
      const signature = record({ nonce: payload.authorization.nonce, amount: BigInt(requirement.amount), signal: context.signal }, requirement)
      const { mode } = wallet
      if (mode === 'slow') await new Promise((resolve) => setTimeout(resolve, 25_000))
      if (mode === 'hang') await new Promise<void>((resolve) => wallet.held.push(resolve))
      if (gone()) return never()
      signature.answered = true
      signature.late = !!context.signal?.aborted
      if (mode === 'refuse') {
        signature.refused = true
        throw Object.assign(new Error('User rejected the request.'), { name: 'UserRejectedRequestError', code: 4001 })
      }
      return payload
    },
  }
}

/**
 * Throws where the wallet was asked again for one purchase (`same`) when the request before was
 * neither abandoned (a reset while signing, "ask the wallet again", a reload), refused, forgotten
 * nor followed by a press on a purchase seen `failed`; and where a signature went over the spend
 * cap of the element that asked.
 */
export function checkSignatures<S extends Signature>(signatures: readonly S[], same: (a: S, b: S) => boolean, name: (s: S) => string): void {
  signatures.forEach((signature, i) => {
    const before = signatures
      .slice(0, i)
      .filter((s) => same(s, signature))
      .pop()
    if (before && !before.signal?.aborted && !before.gone && !before.refused && !before.forgotten && !signature.afterSeenFailure) {
      throw new Error(`signature ${i + 1} (${name(signature)}): the one before was neither abandoned, refused, forgotten nor seen failed`)
    }
    expect(signature.amount, 'a payment above the spend cap of the element that asked was signed').toBeLessThanOrEqual(signature.cap)
  })
}
