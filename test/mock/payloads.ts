import { randomBytes } from 'node:crypto'
import type { PaymentRequirement } from '../../src/client.js'
import { encodeBase64Json } from '../../src/x402/base64.js'

/** The payer of the tests' payments. */
export const PAYER = '0x1111111111111111111111111111111111111111'

/** A well-formed 65-byte signature (the mock checks its shape only). */
export const SIGNATURE = `0x${'ab'.repeat(65)}`

/** A fresh EIP-3009 nonce. */
export const newNonce = () => `0x${randomBytes(32).toString('hex')}`

/** The signed part of an `exact` EVM payment for `requirement`, valid for five minutes from `nowMs`. */
export function exactPayload(requirement: PaymentRequirement, nowMs: number, authorization: Record<string, string> = {}, signature = SIGNATURE) {
  const nowSeconds = Math.floor(nowMs / 1000)
  return {
    signature,
    authorization: {
      from: PAYER,
      to: requirement.payTo,
      value: requirement.amount,
      validAfter: String(nowSeconds - 60),
      validBefore: String(nowSeconds + 300),
      nonce: newNonce(),
      ...authorization,
    },
  }
}

/** A base64 `PAYMENT-SIGNATURE` (v2) paying `requirement`, with `authorization` fields overridden. */
export function v2Payment(requirement: PaymentRequirement, nowMs: number, authorization: Record<string, string> = {}, signature?: string) {
  return encodeBase64Json({
    x402Version: 2,
    ...(requirement.resource !== undefined && { resource: { url: requirement.resource } }),
    accepted: requirement.raw,
    payload: exactPayload(requirement, nowMs, authorization, signature),
  })
}

/** A base64 `X-PAYMENT` (v1) paying `requirement`, with `authorization` fields overridden. */
export function v1Payment(requirement: PaymentRequirement, nowMs: number, authorization: Record<string, string> = {}) {
  return encodeBase64Json({
    x402Version: 1,
    scheme: requirement.scheme,
    network: requirement.network,
    payload: exactPayload(requirement, nowMs, authorization),
  })
}
