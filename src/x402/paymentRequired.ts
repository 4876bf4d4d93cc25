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

// `resource` and `description`: the v2 402's resource, or the v1 requirement's own fields.
function toRequirement(
  x402Version: 1 | 2,
  raw: PaymentRequirementV1 | PaymentRequirementV2,
  amount: string,
  resource: string | null | undefined,
  description: string | null | undefined,
): PaymentRequirement {
  const { scheme, network, asset, payTo, maxTimeoutSeconds } = raw
  return {
    x402Version,
    scheme,
    network,
    amount,
    asset,
    payTo,
    maxTimeoutSeconds,
    extra: raw.extra ?? {},
    ...(resource != null && { resource }),
    ...(description != null && { description }),
    raw,
  }
}

/**
 * Reads a 402: the v2 `PAYMENT-REQUIRED` header when present (it wins over the body), else the
 * v1 JSON body. Throws a `PayLinkX402Error` for malformed base64 or JSON, missing fields or an
 * unknown version.
 */
export function decodePaymentRequired({ headers, body }: { headers: Headers; body: unknown }): PaymentRequired {
  const receivedAt = Date.now()
  let json = body
  let source = '402 body'
  const header = headers.get('PAYMENT-REQUIRED')
  if (header) {
    const decoded = decodeX402Header(header, 'PAYMENT-REQUIRED header')
    // A header that says v1 is no v2 header: the body speaks.
    if (decoded.version === 2) {
      json = decoded.json
      source = 'PAYMENT-REQUIRED header'
    }
  }
  if (x402VersionOf(json, source) === 1) {
    const v1 = parseX402(paymentRequiredV1Schema, json, source)
    return {
      x402Version: 1,
      // x402-express 1.x can put a caught exception in `error`, which JSON turns into `{}`.
      ...(typeof v1.error === 'string' && { error: v1.error }),
      accepts: v1.accepts.map((r) => toRequirement(1, r, r.maxAmountRequired, r.resource, r.description)),
      receivedAt,
    }
  }
  const { error, resource, extensions, accepts } = parseX402(paymentRequiredV2Schema, json, source)
  return {
    x402Version: 2,
    ...(typeof error === 'string' && { error }),
    ...(resource && { resource }),
    ...(extensions && { extensions }),
    accepts: accepts.map((r) => toRequirement(2, r, r.amount, resource?.url, resource?.description)),
    receivedAt,
  }
}
