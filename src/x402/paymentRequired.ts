import { decodeBase64Json } from './base64.js'
import { parseX402, x402VersionOf } from './decodeX402.js'
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
  resource?: string | undefined
  /** What is being paid for, when the server said. */
  description?: string | undefined
  /** The requirement exactly as the server sent it (v2 payments echo it back as `accepted`). */
  raw: PaymentRequirementV1 | PaymentRequirementV2
}

/** An x402 402 answer, read from the v2 `PAYMENT-REQUIRED` header or the v1 JSON body. */
export interface PaymentRequired {
  /** The version the server spoke (2 wins when both are present). */
  x402Version: 1 | 2
  /** The server's reason, e.g. `insufficient_funds` after a refused payment. */
  error?: string | undefined
  /** The resource (v2). */
  resource?: ResourceInfo | undefined
  /** The x402 extensions the server declared (v2); a payment echoes them. */
  extensions?: Record<string, unknown> | undefined
  /** Every way to pay that the server accepts. */
  accepts: PaymentRequirement[]
  /** When this was received (ms since the epoch), to tell when `maxTimeoutSeconds` has passed. */
  receivedAt: number
}

/**
 * Reads a 402: the v2 `PAYMENT-REQUIRED` header when present (it wins over the body), else the
 * v1 JSON body, or a v2 one when the header cannot be decoded. An offer in `accepts` that cannot
 * be read (a field missing or of the wrong type: a scheme of a later x402) is left out, as x402's
 * own clients leave out one they cannot pay.
 * Throws a `PayLinkX402Error` for malformed base64 or JSON, missing fields, an unknown version,
 * or offers none of which can be read (`invalid_shape`, naming each bad field).
 */
export function decodePaymentRequired({ headers, body }: { headers: Headers; body: unknown }): PaymentRequired {
  const header = headers.get('PAYMENT-REQUIRED')
  let source = 'PAYMENT-REQUIRED header'
  let json: unknown
  let x402Version: 0 | 1 | 2 = 0
  try {
    if (header) x402Version = x402VersionOf((json = decodeBase64Json(header, source)), source)
  } catch (error) {
    // The header is canonical, but one that cannot be decoded (cut or re-encoded on the way) beside
    // a body that is itself a v2 402 leaves that body's offer, the same server's, to read.
    if ((body as { x402Version?: unknown } | null)?.x402Version !== 2) throw error
  }
  // No header, or one that says v1 (which is no v2 header): the body speaks.
  if (x402Version !== 2) x402Version = x402VersionOf((json = body), (source = '402 body'))
  const v1 = x402Version === 1
  // One read for both versions: the v1 schema has no `resource` or `extensions` (they are v2's and
  // not read from a v1 body), and its requirements say `maxAmountRequired` for `amount`.
  const { error, resource, accepts, extensions } = parseX402(v1 ? paymentRequiredV1Schema : paymentRequiredV2Schema, json, source) as {
    error?: unknown
    resource?: ResourceInfo
    extensions?: Record<string, unknown> | null
    accepts: (PaymentRequirementV1 & PaymentRequirementV2)[]
  }
  return {
    x402Version,
    // x402-express 1.x can put a caught exception in `error`, which JSON turns into `{}`.
    ...(typeof error === 'string' && { error }),
    ...(!v1 && resource && { resource }),
    ...(!v1 && extensions && { extensions }),
    accepts: accepts.map((raw) => {
      const { scheme, network, asset, payTo, maxTimeoutSeconds } = raw
      // A v1 requirement names its own resource (its `resource` is the URL); a v2 one is about the 402's.
      const { url, description }: { url?: string | null; description?: string | null } = v1 ? { ...raw, url: raw.resource } : (resource ?? {})
      return {
        x402Version,
        scheme,
        network,
        amount: v1 ? raw.maxAmountRequired : raw.amount,
        asset,
        payTo,
        maxTimeoutSeconds,
        extra: raw.extra ?? {},
        ...(url != null && { resource: url }),
        ...(description != null && { description }),
        raw,
      }
    }),
    // Read after decoding, which takes well under a millisecond.
    receivedAt: Date.now(),
  }
}
