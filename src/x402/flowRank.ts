import type { PaymentRequirement } from './paymentRequired.js'

/**
 * x402's `extra.paymentFlow`: when the server takes the money. `authorization` (also when absent,
 * 0) settles only once the request succeeded; `upfront` and `escrow` (1, 2) settle before the
 * handler runs, so a handler that fails has charged anyway. A flow this version does not know (-1)
 * may mean anything.
 */
export const flowRank = (r: PaymentRequirement) => ['authorization', 'upfront', 'escrow'].indexOf((r.extra.paymentFlow ?? 'authorization') as string)
