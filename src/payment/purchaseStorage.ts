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
function attempt<T>(use: () => T): T | undefined {
  try {
    return use()
  } catch {
    return undefined
  }
}

/** Reads the pending purchase kept under `key`, if any. */
export function readPendingPurchase(key: string): PendingPurchase | undefined {
  const value = attempt(() => JSON.parse(sessionStorage.getItem(PREFIX + key) ?? 'null') as Partial<PendingPurchase> | null)
  return typeof value?.paymentHeader === 'string' && typeof value.idempotencyKey === 'string' ? (value as PendingPurchase) : undefined
}

/** Keeps a signed payment under `key` until its outcome is known; `undefined` forgets it. */
export function keepPendingPurchase(key: string, purchase: PendingPurchase | undefined): void {
  attempt(() =>
    purchase ? sessionStorage.setItem(PREFIX + key, JSON.stringify(purchase)) : sessionStorage.removeItem(PREFIX + key),
  )
}
