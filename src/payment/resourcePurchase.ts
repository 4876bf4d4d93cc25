import type { PayLinkClient } from '../client/createPayLinkClient.js'
import { PayLinkError } from '../client/errors.js'
import { decodePaymentRequired } from '../x402/paymentRequired.js'
import { decodePaymentResponse, paymentHeaderName } from '../x402/paymentHeaders.js'
import type { SettleResponse } from '../x402/schemas.js'
import { sendX402 } from '../x402/sendX402.js'
import { isRefusal } from '../x402/isRefusal.js'
import { createPurchaseStore, type PurchaseStore } from './PurchaseStore.js'

/** What an x402 URL sends back for an accepted payment. */
export interface ResourcePurchaseResult {
  /** The settlement the server sent with the paid answer, if it sent one that could be read. */
  proof?: SettleResponse | undefined
  /** The paid-for answer, its body unread. */
  response: Response
}

function readSettlement(headers: Headers): SettleResponse | undefined {
  try {
    return decodePaymentResponse(headers)
  } catch {
    // The paid-for answer arrived: a settlement header we cannot read does not undo that.
  }
}

interface Entry {
  store: PurchaseStore<ResourcePurchaseResult>
  timeoutMs: number | undefined
}

// One store per URL and provider, as for links: every hook (and every remount) that shows a URL
// shares one purchase, so a remount during signing cannot start a second one.
const stores = new WeakMap<PayLinkClient, Map<string, Entry>>()

/**
 * The purchase of an x402 URL, fetched with GET, shared by every hook under the same provider. Its
 * 402 read on mount only previews the price; each purchase asks for fresh requirements. No
 * `Idempotency-Key` is sent: an x402 server does not expect one, and an extra header can fail its
 * CORS preflight. `timeoutMs` is the latest caller's.
 */
export function resourcePurchase(scope: PayLinkClient, url: string, timeoutMs?: number): PurchaseStore<ResourcePurchaseResult> {
  let byUrl = stores.get(scope)
  if (!byUrl) stores.set(scope, (byUrl = new Map()))
  let entry = byUrl.get(url)
  if (!entry) {
    const created: Entry = { timeoutMs, store: undefined! }
    created.store = createPurchaseStore<ResourcePurchaseResult>(
      async (payment) => {
        const headers = payment && { [paymentHeaderName(payment.paymentHeader)]: payment.paymentHeader }
        const answer = await sendX402(new Request(url, { headers }), { timeoutMs: created.timeoutMs })
        const { response } = answer
        if (response.status === 402) return { required: decodePaymentRequired(answer) }
        if (response.ok) return { accepted: { response, proof: readSettlement(response.headers) } }
        const error = new PayLinkError(`The resource answered HTTP ${response.status}`)
        if (isRefusal(response.status)) return { refused: error }
        throw error
      },
      url,
      true,
    )
    byUrl.set(url, (entry = created))
  }
  entry.timeoutMs = timeoutMs
  return entry.store
}
