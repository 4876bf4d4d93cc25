/** A signed payment whose outcome is not known yet: resent as it is, never signed again. */
export interface PendingPurchase {
  /** The base64 payment header, exactly as signed. */
  paymentHeader: string
  /** The purchase's one `Idempotency-Key`. */
  idempotencyKey: string
}

const PREFIX = 'paylink:purchase:'

// sessionStorage can be missing (a server), blocked (privacy settings) or full: the purchase then
// lives in memory only, which still covers remounts but not a reload.

/** Reads the pending purchase kept under `key`, if any. */
export function readPendingPurchase(key: string): PendingPurchase | undefined {
  try {
    // JSON.parse(null) is null: nothing kept.
    const value = JSON.parse(sessionStorage.getItem(PREFIX + key)!) as Partial<PendingPurchase> | null
    if (typeof value?.paymentHeader === 'string' && typeof value.idempotencyKey === 'string') return value as PendingPurchase
  } catch {
    // No storage: in memory only.
  }
}

/** Keeps a signed payment under `key` until its outcome is known; `undefined` forgets it. */
export function keepPendingPurchase(key: string, purchase: PendingPurchase | undefined): void {
  try {
    if (purchase) sessionStorage.setItem(PREFIX + key, JSON.stringify(purchase))
    else sessionStorage.removeItem(PREFIX + key)
  } catch {
    // No storage: in memory only.
  }
}
