import type { PurchaseStore } from './PurchaseStore.js'

// Apart from PurchaseStore.ts, which follows the network through TanStack Query: the mock's browser
// entry forgets purchases without reaching React or TanStack Query.
// By API (base URL, key and headers; none for a URL's) and key, whatever the client object: a
// provider that remounts (a checkout closed and opened again) makes a new client, and a page can
// have two providers of one API (two React roots). A purchase signing, being confirmed or paid
// while no hook showed it must be the one they show, not a second purchase offered beside it.
// Kept while a hook shows it, and once signed, in flight or ended for the page's life, as
// sessionStorage keeps a signed payload for the tab's (see PurchaseStore's subscribe).
/** Every purchase of the page (`sharedPurchase`'s), by API and key. */
export const purchases = new Map<string, PurchaseStore<object>>()

/**
 * Forgets the purchases of the APIs whose `baseUrl` starts with `baseUrl`, and of the x402 URLs
 * that start with it (every purchase without it), as a new page would: the payloads kept in
 * `sessionStorage` stay, to be resumed. For tests and stories that show a link or a URL again with
 * a fresh mock.
 */
export function forgetPurchases(baseUrl = ''): void {
  // A URL's purchase has no API (resourcePurchase): its id is `undefined url:<url>`.
  for (const id of purchases.keys()) if (id.startsWith(baseUrl) || id.startsWith(`undefined url:${baseUrl}`)) purchases.delete(id)
}
