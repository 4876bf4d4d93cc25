import { decodeBase64Json } from './base64.js'
import { parseX402, x402VersionOf } from './decodeX402.js'
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
 * `decodePaymentResponse`, with `undefined` for a header that cannot be read: for an answer that
 * already says the payment went through, which a bad settlement header must not turn into an error.
 */
export function readPaymentResponse(headers: Headers): SettleResponse | undefined {
  try {
    return decodePaymentResponse(headers)
  } catch {
    // Unreadable: as if there were none.
  }
}
