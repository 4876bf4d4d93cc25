const FNV_OFFSET = 0xcbf29ce484222325n
const FNV_PRIME = 0x100000001b3n
const MASK_64 = 0xffffffffffffffffn

/** A deterministic 32-byte hex string derived from `text`, standing in for a transaction hash (FNV-1a, not cryptographic). */
export function fakeHash(text: string): string {
  let hex = ''
  for (let round = 0; round < 4; round++) {
    let h = FNV_OFFSET
    for (const ch of `${round}:${text}`) h = ((h ^ BigInt(ch.charCodeAt(0))) * FNV_PRIME) & MASK_64
    hex += h.toString(16).padStart(16, '0')
  }
  return `0x${hex}`
}

/** `bytes` random bytes as hex, for opaque tokens (Web Crypto: works in browsers and Node). */
export function randomHex(bytes: number): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(bytes)), (b) => b.toString(16).padStart(2, '0')).join('')
}

/** 9999-12-31T23:59:59.999Z: the last instant an ISO 8601 timestamp of four year digits names. */
const LAST_TIMESTAMP = 253_402_300_799_999

/**
 * An ISO 8601 timestamp of a time in ms, at most the last instant a timestamp can say: a lifetime
 * of `Infinity` (`attentionTtlMs`, the seed's `quoteTtlMs`) is a deadline that never comes.
 */
export function iso(ms: number): string {
  return new Date(Math.min(ms, LAST_TIMESTAMP)).toISOString()
}
