import { toCaip2 } from './networks.js'
import type { PaymentSigner } from './paymentSigner.js'

/** Whether `signer.networks` covers `network`, through `namespace:*` wildcards and v1 name ↔ CAIP-2 equivalence. */
export function signerSupports(signer: Pick<PaymentSigner, 'networks'>, network: string): boolean {
  const target = toCaip2(network)
  return signer.networks.some(
    (listed) =>
      listed === network ||
      (target !== undefined && (listed.endsWith(':*') ? target.startsWith(listed.slice(0, -1)) : toCaip2(listed) === target)),
  )
}
