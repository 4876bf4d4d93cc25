import * as z from 'zod/mini'
import { decodeBase64Json } from '../../x402/base64.js'
import { paymentPayloadV1Schema, paymentPayloadV2Schema, type PaymentRequirementV2 } from '../../x402/schemas.js'
import { MOCK_X402_REASONS as R } from '../constants.js'
import type { LinkOffer } from './offer.js'

const address = z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/))
const uint = z.string().check(z.regex(/^\d+$/))

const exactEvmPayloadSchema = z.looseObject({
  signature: z.string(),
  authorization: z.looseObject({
    from: address,
    to: address,
    value: uint,
    validAfter: uint,
    validBefore: uint,
    nonce: z.string().check(z.regex(/^0x[0-9a-fA-F]{64}$/)),
  }),
})

// Structural only: the mock has no chain to recover the signer against. 65 bytes or more: a smart
// wallet's signature (ERC-1271, or ERC-6492 before it is deployed) is longer, and facilitators take it.
const SIGNATURE = /^0x([0-9a-fA-F]{2}){65,}$/

/** A payment that passed every check. */
export interface AcceptedPayment {
  ok: true
  network: string
  payer: string
  nonce: string
}

/** A refused payment and its x402 reason code. */
export interface RefusedPayment {
  ok: false
  reason: string
}

/** What a payment header carries, as the checks read it; `accepted` is the v2 echo of the requirement, as sent. */
interface Decoded {
  scheme: string
  network: string
  payload: unknown
  accepted?: Record<string, unknown>
}

function decode(header: string, headerName: 'PAYMENT-SIGNATURE' | 'X-PAYMENT'): Decoded | string {
  let json: unknown
  try {
    json = decodeBase64Json(header, headerName)
  } catch {
    return R.invalidPayload
  }
  const version = (json as { x402Version?: unknown } | null)?.x402Version
  if (version !== (headerName === 'PAYMENT-SIGNATURE' ? 2 : 1)) return R.invalidVersion
  if (headerName === 'X-PAYMENT') {
    const v1 = z.safeParse(paymentPayloadV1Schema, json)
    return v1.success ? { scheme: v1.data.scheme, network: v1.data.network, payload: v1.data.payload } : R.invalidPayload
  }
  const v2 = z.safeParse(paymentPayloadV2Schema, json)
  const { accepted } = json as { accepted: Record<string, unknown> }
  return v2.success ? { scheme: v2.data.accepted.scheme, network: v2.data.accepted.network, payload: v2.data.payload, accepted } : R.invalidPayload
}

// As the reference server matches a v2 payment to what it offered: every term the same, nothing
// added, and `extra` holding at least what was offered. A payload signed for another token, amount
// or timeout is refused before anything is checked, as a facilitator would refuse it.
function acceptsOffer({ extra, ...terms }: PaymentRequirementV2, accepted: Record<string, unknown>): boolean {
  const { extra: acceptedExtra, ...acceptedTerms } = accepted
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b)
  return (
    Object.keys(acceptedTerms).length === Object.keys(terms).length &&
    Object.entries(terms).every(([key, value]) => same(acceptedTerms[key], value)) &&
    Object.entries(extra ?? {}).every(([key, value]) => same((acceptedExtra as Record<string, unknown> | undefined)?.[key], value))
  )
}

/**
 * Checks an `exact` EVM payment against the link's offer as a facilitator would, minus the chain:
 * scheme, network, the v2 echo of the offer, signature shape, recipient, validity window, value,
 * and nonce reuse. `nowMs` is the mock's clock; `usedNonces` holds `payer:nonce` pairs already spent.
 */
export function checkExactPayment(
  header: string,
  headerName: 'PAYMENT-SIGNATURE' | 'X-PAYMENT',
  offer: LinkOffer,
  nowMs: number,
  usedNonces: ReadonlySet<string>,
): AcceptedPayment | RefusedPayment {
  const decoded = decode(header, headerName)
  if (typeof decoded === 'string') return { ok: false, reason: decoded }
  const requirement = headerName === 'PAYMENT-SIGNATURE' ? offer.v2 : offer.v1
  const parsed = z.safeParse(exactEvmPayloadSchema, decoded.payload)
  if (!parsed.success) return { ok: false, reason: R.invalidPayload }
  const { signature, authorization: auth } = parsed.data
  const nowSeconds = BigInt(Math.floor(nowMs / 1000))
  const reason =
    decoded.scheme !== requirement.scheme ? R.scheme
    : decoded.network !== requirement.network ? R.network
    : decoded.accepted && !acceptsOffer(offer.v2, decoded.accepted) ? R.acceptedMismatch
    : !SIGNATURE.test(signature) ? R.signature
    : auth.to.toLowerCase() !== requirement.payTo.toLowerCase() ? R.recipient
    : BigInt(auth.validBefore) <= nowSeconds ? R.validBefore
    : BigInt(auth.validAfter) > nowSeconds ? R.validAfter
    : BigInt(auth.value) !== BigInt(offer.amount) ? R.value
    : usedNonces.has(nonceKey(auth.from, auth.nonce)) ? R.nonceUsed
    : undefined
  return reason ? { ok: false, reason } : { ok: true, network: requirement.network, payer: auth.from, nonce: auth.nonce }
}

/** The key a spent nonce is remembered under: EIP-3009 nonces are unique per payer. */
export function nonceKey(payer: string, nonce: string): string {
  return `${payer.toLowerCase()}:${nonce.toLowerCase()}`
}
