import { PayLinkConfigError, paymentError } from '../client/errors.js'
import { encodeBase64Json } from './base64.js'
import { randomKey } from './randomKey.js'
import type { PaymentRequirement } from './paymentRequired.js'
import type { PaymentSigner } from './paymentSigner.js'
import type { ResourceInfo } from './schemas.js'

/** A payment ready to send: the header name for the requirement's x402 version, and its base64 value. */
export interface PaymentHeader {
  /** `PAYMENT-SIGNATURE` for v2, `X-PAYMENT` for v1. */
  name: 'PAYMENT-SIGNATURE' | 'X-PAYMENT'
  /** The base64 JSON envelope around the signed payload; send it again as it is, never re-sign. */
  value: string
}

/** What a payment echoes from its 402 besides the requirement: the resource and the extensions (v2). */
export interface PaymentHeaderContext {
  /** The 402's x402 version; must be the requirement's own. Defaults to `requirement.x402Version`. */
  x402Version?: 1 | 2 | undefined
  /** The 402's resource (v2). */
  resource?: ResourceInfo | undefined
  /** The 402's extensions (v2), echoed; x402's `payment-identifier`, when there, with a new `id` for this payment. */
  extensions?: Record<string, unknown> | undefined
  /** Passed to the signer: aborts when the payment is abandoned, so that it asks the wallet nothing more. */
  signal?: AbortSignal | undefined
}

// viem's UserRejectedRequestError (EIP-1193 code 4001), WalletConnect's user rejection (5000, which
// viem maps but a signer of its own may not), ethers' ACTION_REJECTED, or a wallet's own error named
// like them, possibly wrapped as the cause of another error (the error and up to 7 causes below it). Some wallets say
// it only in words: older MetaMask "… User denied transaction (or message) signature" under -32603
// (which viem wraps in an InternalRpcError), older Coinbase Wallet the same words with no code,
// mobile and in-app wallets "User rejected the request" under -32603 or -32000, some a bare string;
// Ledger's transport "(denied by the user?) (0x6985)", others "Request rejected by user".
// ethers v6 reads "user denied" as ACTION_REJECTED too. A name (UserRejectedRequestError) is read
// as words. Only these words: a failure read as a refusal is hidden from the app's onError, and
// "not authorized by the user" (4100) is one. createEvmSigner reads a refused chain switch with it too.
export function isWalletRejection(error: unknown, depth = 0): boolean {
  const { code, message, cause, name } = Object(error)
  return typeof error === 'string'
    ? /user ?(reject|deni|cancel+)ed|(reject|deni|cancel+)ed by (the )?user/i.test(error)
    : !!error && depth < 8 && ([4001, 5000, 'ACTION_REJECTED'].includes(code) || [name, message, cause].some((part) => isWalletRejection(part, depth + 1)))
}

/**
 * Asks the signer once for the scheme payload of `requirement` and wraps it in the envelope of the
 * requirement's x402 version: `X-PAYMENT` (v1) or `PAYMENT-SIGNATURE` (v2, echoing the requirement
 * exactly as the server sent it). A refusal by the user is a `PayLinkPaymentError` `wallet_rejected`;
 * any other failure `signer_failed`, as is a payment from a wallet that answered too late (an
 * EIP-3009 authorization that expires within 6 s, another payload after `maxTimeoutSeconds`):
 * never sent, so paying again is safe.
 */
export async function createPaymentHeader(
  requirement: PaymentRequirement,
  signer: PaymentSigner,
  context: PaymentHeaderContext = {},
): Promise<PaymentHeader> {
  const { x402Version = requirement.x402Version } = context
  if (x402Version !== requirement.x402Version) {
    throw new PayLinkConfigError(`createPaymentHeader: context.x402Version ${x402Version} is not the requirement's (${requirement.x402Version})`)
  }
  return { name: x402Version === 1 ? 'X-PAYMENT' : 'PAYMENT-SIGNATURE', value: await signPaymentHeader(requirement, signer, context, context.signal) }
}

/**
 * The header value of `createPaymentHeader`, for a requirement signed with its own 402 as the
 * context (the purchase store, which resends the value under the name it decodes), whose version
 * therefore needs no check. The signal comes apart, so that the store hands in its 402 as it is.
 */
export async function signPaymentHeader(
  requirement: PaymentRequirement,
  signer: PaymentSigner,
  { resource, extensions }: PaymentHeaderContext,
  signal: AbortSignal | undefined,
): Promise<string> {
  const { x402Version, maxTimeoutSeconds } = requirement
  const asked = Date.now()
  try {
    const payload = await signer.signPayment(requirement, { x402Version, resource, signal })
    if (!payload || typeof payload !== 'object') throw new TypeError('signPayment must return the payload object')
    // A wallet that answered late signed a payment that expires too soon: sent, it could only be
    // refused, and a purchase would be left unknown, resending it for good. Nothing is sent, so
    // signing again is safe. An EIP-3009 authorization (x402's `exact` EVM payload) is judged by its
    // `validBefore` (seconds), which x402's facilitators refuse under 6 s away; any other payload
    // (Permit2, Solana) by the wait, against the requirement's `maxTimeoutSeconds`.
    const validBefore = (payload as { authorization?: { validBefore?: unknown } }).authorization?.validBefore
    if (validBefore == null ? Date.now() - asked > maxTimeoutSeconds * 1000 : Number(validBefore) * 1000 < Date.now() + 6_000) {
      throw new Error('the wallet answered too late')
    }
    // x402's payment-identifier extension, when the server offers it: the id it keys its answer to,
    // so that this payment resent as it is (a purchase's resend after no answer) gets the first
    // answer back, not a refusal of a spent authorization. One id per signed payment, as the
    // extension asks; a server that requires one refuses a payment without it. Only into an `info`
    // object, as x402 reads the extension: a declaration of another shape goes back as it came,
    // which is what the server's check of the echo compares.
    const identifier = extensions?.['payment-identifier'] as { info?: unknown } | undefined
    const { info } = Object(identifier)
    // JSON leaves out the fields that are undefined.
    return encodeBase64Json(
      x402Version === 1
        ? { x402Version, scheme: requirement.scheme, network: requirement.network, payload }
        : {
            x402Version,
            resource,
            accepted: requirement.raw,
            payload,
            extensions:
              typeof info === 'object' && info && !Array.isArray(info)
                ? { ...extensions, 'payment-identifier': { ...identifier, info: { ...info, id: randomKey() } } }
                : extensions,
          },
    )
  } catch (cause) {
    const rejected = isWalletRejection(cause)
    // A provider's error is often a plain object with a message (EIP-1193), and String() throws on
    // an object without a prototype.
    const { message } = Object(cause) as { message?: unknown }
    throw paymentError(
      rejected ? 'wallet_rejected' : 'signer_failed',
      rejected ? 'The wallet refused to sign the payment' : 'The wallet could not sign the payment',
      typeof message === 'string' ? message : Object(cause) === cause ? Object.prototype.toString.call(cause) : String(cause),
      cause,
    )
  }
}
