/** A signed payment whose outcome is not known yet: resent as it is, never signed again. */
export interface PendingPurchase {
  /** The base64 payment header, exactly as signed. */
  paymentHeader: string
  /** The purchase's one `Idempotency-Key`. */
  idempotencyKey: string
  /** When it was signed (ms since the epoch). */
  signedAt: number
}

const PREFIX = 'paylink:purchase:'

// sessionStorage can be missing (a server), blocked (privacy settings) or full: the purchase then
// lives in memory only, which still covers remounts but not a reload.
function storage(): Storage | undefined {
  try {
    return typeof sessionStorage === 'undefined' ? undefined : sessionStorage
  } catch {
    return undefined
  }
}

/** Reads the pending purchase kept for `scope`, if any. */
export function readPendingPurchase(scope: string): PendingPurchase | undefined {
  try {
    const value = JSON.parse(storage()?.getItem(PREFIX + scope) ?? 'null') as PendingPurchase | null
    return value && typeof value.paymentHeader === 'string' && typeof value.idempotencyKey === 'string'
      ? value
      : undefined
  } catch {
    return undefined
  }
}

/** Keeps a signed payment until its outcome is known. */
export function writePendingPurchase(scope: string, purchase: PendingPurchase): void {
  try {
    storage()?.setItem(PREFIX + scope, JSON.stringify(purchase))
  } catch {
    // Quota or privacy mode: the in-memory copy still prevents a second signature in this page.
  }
}

/** Forgets the pending purchase once its outcome is known. */
export function clearPendingPurchase(scope: string): void {
  try {
    storage()?.removeItem(PREFIX + scope)
  } catch {
    // Nothing to clear where storage is unavailable.
  }
}
