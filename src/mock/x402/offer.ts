import type { Link } from '../../schemas/link.js'
import { encodeBase64Json } from '../../x402/base64.js'
import type { PaymentRequirementV1, PaymentRequirementV2 } from '../../x402/schemas.js'
import { toAtomicUnits } from '../decimal.js'
import { json } from '../respond.js'
import type { MockX402Offer } from '../seed.js'
import type { MockX402Version } from './versions.js'

/** What paying one link takes, in both x402 versions, and the version(s) the gate offers it in. */
export interface LinkOffer {
  link: Link
  version: MockX402Version
  /** The link's price in the token's atomic units. */
  amount: string
  v1: PaymentRequirementV1
  v2: PaymentRequirementV2
  resource: { url: string; description: string; mimeType: string }
}

/** The offer for a link, or why the link cannot be paid (no price, another currency, disabled). */
export function offerFor(x402: MockX402Offer, link: Link, resourceUrl: string, version: MockX402Version): LinkOffer | { conflict: string } {
  if (link.status === 'disabled') return { conflict: `Link ${link.code} is disabled` }
  if (!link.price) return { conflict: `Link ${link.code} has no price` }
  if (link.price.currency !== x402.currency) return { conflict: `Link ${link.code} is priced in ${link.price.currency}; this gate takes ${x402.currency}` }
  const amount = toAtomicUnits(link.price.amount, x402.assetDecimals)
  if (amount === undefined) return { conflict: `The price of link ${link.code} has more decimals than ${x402.currency}` }
  const description = link.title ?? `Payment for link ${link.code}`
  const common = { scheme: 'exact', payTo: x402.payTo, asset: x402.asset, maxTimeoutSeconds: x402.maxTimeoutSeconds, extra: x402.extra }
  return {
    link,
    version,
    amount,
    v1: { ...common, network: x402.networkV1, maxAmountRequired: amount, resource: resourceUrl, description, mimeType: 'application/json' },
    v2: { ...common, network: x402.network, amount },
    resource: { url: resourceUrl, description, mimeType: 'application/json' },
  }
}

/**
 * A 402 in the gate's version(s), with the same `error` in each when refusing a payment: the v1 form
 * in the body, the v2 form in `PAYMENT-REQUIRED`; a v2-only gate's body is `{}`, as `@x402/express`'s.
 */
export function paymentRequired(requestId: string, offer: LinkOffer, reason?: string): Response {
  const v2 = { x402Version: 2, error: reason ?? 'Payment required', resource: offer.resource, accepts: [offer.v2] }
  const v1 = { x402Version: 1, error: reason ?? 'X-PAYMENT header is required', accepts: [offer.v1] }
  if (offer.version === 1) return json(requestId, 402, v1)
  return json(requestId, 402, offer.version === 2 ? {} : v1, { 'PAYMENT-REQUIRED': encodeBase64Json(v2) })
}
