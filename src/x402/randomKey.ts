/**
 * 128 random bits as four numbers joined by hyphens: an `Idempotency-Key`, or an x402
 * payment-identifier `id`, whose format (16 to 128 letters, digits, `-` or `_`) it meets: about 40
 * characters, and fewer than 16 has odds below 1 in 10^20. getRandomValues works in any context
 * (randomUUID only in secure ones, which a page on a LAN address is not), so one way serves all.
 */
export const randomKey = (): string => crypto.getRandomValues(new Uint32Array(4)).join('-')
