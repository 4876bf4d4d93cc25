import { toCaip2 } from './networks.js'
import type { PaymentSigner } from './paymentSigner.js'

/** Whether `signer.networks` covers `network`, through `namespace:*` wildcards and v1 name ↔ CAIP-2 equivalence. */
export function signerSupports(signer: Pick<PaymentSigner, 'networks'>, network: string): boolean {
  const target = toCaip2(network)
  // A regex and indexOf rather than endsWith and startsWith, which nothing else in a component's bundle calls.
  return signer.networks.some(
    (listed) =>
      listed === network ||
      (target !== undefined && (/:\*$/.test(listed) ? target.indexOf(listed.slice(0, -1)) === 0 : toCaip2(listed) === target)),
  )
}
