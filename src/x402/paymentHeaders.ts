// decodeX402 first: an app's bundler lays modules out in import order, and this one gzips smaller.
import { parseX402, x402VersionOf } from './decodeX402.js'
import { decodeBase64Json } from './base64.js'
import { type SettleResponse, settleResponseSchema } from './schemas.js'

/** The request header a base64 payment payload travels in: `PAYMENT-SIGNATURE` for v2, `X-PAYMENT` for v1. */
export function paymentHeaderName(paymentHeader: string): 'PAYMENT-SIGNATURE' | 'X-PAYMENT' {
  return x402VersionOf(decodeBase64Json(paymentHeader, 'payment header'), 'payment header') === 2 ? 'PAYMENT-SIGNATURE' : 'X-PAYMENT'
}

/** Reads the settlement from `PAYMENT-RESPONSE` (v2), else `X-PAYMENT-RESPONSE` (v1); `undefined` when neither is there. */
export function decodePaymentResponse(headers: Headers): SettleResponse | undefined {
  for (const name of ['PAYMENT-RESPONSE', 'X-PAYMENT-RESPONSE']) {
    const value = headers.get(name)
    const source = `${name} header`
    // Settlement responses carry no x402Version, in either version of the protocol.
    if (value) return parseX402(settleResponseSchema, decodeBase64Json(value, source), source)
  }
}

/**
 * `decodePaymentResponse`, with `undefined` for a header that cannot be read, and the other one
 * read in its place: for an answer that already says the payment went through, which a bad
 * settlement header must neither turn into an error nor hide a good one behind.
 */
export function readPaymentResponse(headers: Headers): SettleResponse | undefined {
  for (const name of ['PAYMENT-RESPONSE', 'X-PAYMENT-RESPONSE']) {
    try {
      // A missing header (null) fails to decode too. No source: the error is never seen.
      return parseX402(settleResponseSchema, decodeBase64Json(headers.get(name)!, ''), '')
    } catch {
      // Missing or unreadable: the next one, else none.
    }
  }
}
