import { encodeBase64Json } from '../../x402/base64.js'
import { MOCK_X402_REASONS } from '../constants.js'
import { type MockContext, nextId } from '../context.js'
import { fakeHash } from '../ids.js'
import { paymentAt } from '../progress.js'
import { json } from '../respond.js'
import { currentSettleDelayMs, paymentEnd } from '../scenarios.js'
import type { MockPaymentRecord } from '../state.js'
import { checkExactPayment, nonceKey } from './checkExactPayment.js'
import { type LinkOffer, paymentRequired } from './offer.js'
import { speaks } from './versions.js'

/** What a paid request gets: `answer` is the true one (kept for the `Idempotency-Key`); `shown`, when set, is what this request sees instead. */
export interface PaymentOutcome {
  answer: Response
  shown?: Response
}

/**
 * Verifies a payment header against the link's offer and, when it passes, records the payment and
 * one ledger entry, spends the nonce, and answers 200 with the settlement headers (`X-PAYMENT-RESPONSE`
 * for v1 only, and only it from a v1-only gate); otherwise a 402 with the x402 reason (`invalid_x402_version`
 * for a header of a version the gate does not speak). Scenarios can refuse it (`payment-insufficient-funds`), hide the answer
 * (`payment-outcome-unknown`), have it read a status this package does not know for a while (`unknown-status`),
 * or end `failed` or `expired` instead of `settled`.
 */
export function takePayment(
  ctx: MockContext,
  offer: LinkOffer,
  header: string,
  headerName: 'PAYMENT-SIGNATURE' | 'X-PAYMENT',
  idempotencyKey: string | undefined,
  requestId: string,
): PaymentOutcome {
  const now = ctx.now()
  if (!speaks(offer.version, headerName)) return { answer: paymentRequired(requestId, offer, MOCK_X402_REASONS.invalidVersion) }
  const check = checkExactPayment(header, headerName, offer, now, ctx.state.usedNonces)
  if (!check.ok) return { answer: paymentRequired(requestId, offer, check.reason) }
  if (ctx.scenarios.has('payment-insufficient-funds')) {
    return { answer: paymentRequired(requestId, offer, MOCK_X402_REASONS.insufficientFunds) }
  }
  const { network, payer, nonce } = check
  const price = offer.link.price!
  const endsAs = paymentEnd(ctx)
  const unknown = ctx.scenarios.has('unknown-status')
  // A status other than `settled` comes after the gate's 200, which says `verified`: a step of at least 1 ms.
  const step = Math.max(endsAs || unknown ? 1 : 0, currentSettleDelayMs(ctx))
  const id = nextId(ctx, 'pay')
  const transaction = fakeHash(`tx:${id}`)
  const record: MockPaymentRecord = {
    id,
    linkCode: offer.link.code,
    status: 'verified',
    amount: price.amount,
    asset: price.currency,
    network,
    payer,
    transaction,
    createdAt: now,
    updatedAt: now,
    settlesAt: now + step * (unknown ? 2 : 1),
    endsAs,
    ...(unknown && { unknownFrom: now + step }),
  }
  ctx.state.usedNonces.add(nonceKey(payer, nonce))
  ctx.state.payments.set(id, record)
  ctx.state.ledger.push({ id, linkCode: record.linkCode, amount: price.amount, asset: price.currency, network, payer, nonce, idempotencyKey, at: now })
  const settlement = { success: true, transaction, network, payer }
  const encoded = encodeBase64Json(settlement)
  const answer = json(
    requestId,
    200,
    { payment: paymentAt(record, now), proof: { ...settlement, amount: offer.amount, asset: offer.v2.asset } },
    // As the contract has it: PAYMENT-RESPONSE always, X-PAYMENT-RESPONSE too for a v1 payment (a
    // v1 client reads only that one); a v1-only server (x402-express) knows only X-PAYMENT-RESPONSE.
    {
      ...(offer.version !== 1 && { 'PAYMENT-RESPONSE': encoded }),
      ...(headerName === 'X-PAYMENT' && { 'X-PAYMENT-RESPONSE': encoded }),
    },
  )
  if (!ctx.scenarios.has('payment-outcome-unknown')) return { answer }
  return { answer, shown: paymentRequired(requestId, offer, MOCK_X402_REASONS.settlementPending) }
}
