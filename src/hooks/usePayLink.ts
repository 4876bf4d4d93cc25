import { linkPurchase } from '../payment/linkPurchase.js'
import type { PayOptions } from '../payment/PurchaseStore.js'
import { useFollowedPurchase } from '../payment/usePurchase.js'
import type { PaymentSigner } from '../x402/paymentSigner.js'
import { usePayLinkClient } from './usePayLinkClient.js'

/** Options of `usePayLink`. */
export interface UsePayLinkOptions extends Omit<PayOptions, 'signer'> {
  /** The wallet that signs; without one a purchase cannot start (the requirements still load, and a payment already signed can be resent). */
  signer?: PaymentSigner | undefined
}

/**
 * The purchase state machine of a link: `idle` → `loading` → `ready` → `signing` → `verifying`
 * → `settled`, or `failed`, `cancelled` (the wallet refused) and `unknown` (the outcome is not
 * known yet: `pay` resends the same signed payment, never a new one). The requirements are
 * fetched on mount, so a click opens the wallet with no request in between; once they expired
 * (`maxTimeoutSeconds`) a click fetches them again, and signs nothing if they ask more than before
 * (`priceChanged`: the next click pays the new price). A wallet silent for 20 s is `walletSlow`:
 * `pay` then asks it again. Back online (TanStack Query's `onlineManager`), terms that could not be
 * read are read again and an `unknown` payment is resent, by themselves.
 */
export function usePayLink(code: string | undefined, options: UsePayLinkOptions = {}) {
  const client = usePayLinkClient('usePayLink')
  // The purchases are kept per API and code: the lookup gives the same store on every render.
  return useFollowedPurchase(client, code ? linkPurchase(client, code) : undefined, options)
}
