import { decodeX402Header, parseX402, x402VersionOf } from './decodeX402.js'
import {
  type PaymentRequirementV1,
  type PaymentRequirementV2,
  paymentRequiredV1Schema,
  paymentRequiredV2Schema,
  type ResourceInfo,
} from './schemas.js'

/** One way to pay, the same shape whichever x402 version offered it. */
export interface PaymentRequirement {
  /** The x402 version of the 402 that offered it; the payment must be sent in the same version. */
  x402Version: 1 | 2
  /** The payment scheme, e.g. `exact`. */
  scheme: string
  /** The network: a v1 name (`base-sepolia`) or a CAIP-2 id (`eip155:84532`). */
  network: string
  /** The amount in the asset's atomic units, as an integer string. */
  amount: string
  /** The asset (e.g. the token contract address). */
  asset: string
  /** Who is paid. */
  payTo: string
  /** How long a signed payment stays valid, in seconds. */
  maxTimeoutSeconds: number
  /** Scheme-specific data, e.g. the EIP-712 `name` and `version` of the token. */
  extra: Record<string, unknown>
  /** The URL of the resource paid for, when the server said. */
  resource?: string
  /** What is being paid for, when the server said. */
  description?: string
  /** The requirement exactly as the server sent it (v2 payments echo it back as `accepted`). */
  raw: PaymentRequirementV1 | PaymentRequirementV2
}

/** An x402 402 answer, read from the v2 `PAYMENT-REQUIRED` header or the v1 JSON body. */
export interface PaymentRequired {
  /** The version the server spoke (2 wins when both are present). */
  x402Version: 1 | 2
  /** The server's reason, e.g. `insufficient_funds` after a refused payment. */
  error?: string
  /** The resource (v2). */
  resource?: ResourceInfo
  /** The x402 extensions the server declared (v2); a payment echoes them. */
  extensions?: Record<string, unknown>
  /** Every way to pay that the server accepts. */
  accepts: PaymentRequirement[]
  /** When this was received (ms since the epoch), to tell when `maxTimeoutSeconds` has passed. */
  receivedAt: number
}

// The fields the two versions share; each adds its amount, resource and description.
function common(raw: PaymentRequirementV1 | PaymentRequirementV2) {
  const { scheme, network, asset, payTo, maxTimeoutSeconds } = raw
  return { scheme, network, asset, payTo, maxTimeoutSeconds, extra: raw.extra ?? {}, raw }
}

function fromV1(r: PaymentRequirementV1): PaymentRequirement {
  return {
    x402Version: 1,
    ...common(r),
    amount: r.maxAmountRequired,
    ...(typeof r.resource === 'string' && { resource: r.resource }),
    ...(typeof r.description === 'string' && { description: r.description }),
  }
}

function fromV2(r: PaymentRequirementV2, resource: PaymentRequired['resource']): PaymentRequirement {
  return {
    x402Version: 2,
    ...common(r),
    amount: r.amount,
    ...(resource && { resource: resource.url }),
    ...(typeof resource?.description === 'string' && { description: resource.description }),
  }
}

function readV2(json: unknown, source: string, receivedAt: number): PaymentRequired {
  const v2 = parseX402(paymentRequiredV2Schema, json, source)
  return {
    x402Version: 2,
    ...(typeof v2.error === 'string' && { error: v2.error }),
    ...(v2.resource && { resource: v2.resource }),
    ...(v2.extensions && { extensions: v2.extensions }),
    accepts: v2.accepts.map((r) => fromV2(r, v2.resource)),
    receivedAt,
  }
}

/**
 * Reads a 402: the v2 `PAYMENT-REQUIRED` header when present (it wins over the body), else the
 * v1 JSON body. Throws a `PayLinkX402Error` for malformed base64 or JSON, missing fields or an
 * unknown version.
 */
export function decodePaymentRequired(response: { headers: Headers; body: unknown }): PaymentRequired {
  const receivedAt = Date.now()
  const header = response.headers.get('PAYMENT-REQUIRED')
  if (header) {
    const { version, json } = decodeX402Header(header, 'PAYMENT-REQUIRED header')
    if (version === 2) return readV2(json, 'PAYMENT-REQUIRED header', receivedAt)
  }
  const source = '402 body'
  if (x402VersionOf(response.body, source) === 2) return readV2(response.body, source, receivedAt)
  const v1 = parseX402(paymentRequiredV1Schema, response.body, source)
  return {
    x402Version: 1,
    ...(typeof v1.error === 'string' && { error: v1.error }),
    accepts: v1.accepts.map(fromV1),
    receivedAt,
  }
}
