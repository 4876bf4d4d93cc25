import type { PartialOrUndefined } from '../client/PartialOrUndefined.js'
import type { FeeEstimateParams } from '../schemas/fees.js'

// One function per key, so that a bundle with one query carries only its own key (the
// `payLinkKeys` object below is dropped where nothing imports it).

/** The root of every key (`payLinkKeys.all`), on its own for a bundle that needs no other key. */
export const rootKey = ['paylink'] as const
/** The key of a link by code. */
export const linkKey = (code: string | undefined) => ['paylink', 'link', code ?? null] as const
/** The key of a payment by id. */
export const paymentKey = (id: string | undefined) => ['paylink', 'payment', id ?? null] as const
/** The key of a transfer by id. */
export const transferKey = (id: string | undefined) => ['paylink', 'transfer', id ?? null] as const
/** The key of a fee estimate for a set of parameters (missing ones as `null`). */
export const feesKey = (params: PartialOrUndefined<FeeEstimateParams> | undefined) =>
  [
    'paylink',
    'fees',
    {
      sourceChain: params?.sourceChain ?? null,
      destinationChain: params?.destinationChain ?? null,
      asset: params?.asset ?? null,
      amount: params?.amount ?? null,
    },
  ] as const
/** The key of a mutation. */
export const mutationKey = <N extends 'createLink' | 'verifyPayment' | 'createAttentionToken'>(name: N) =>
  ['paylink', 'mutation', name] as const

/**
 * Query keys of every PayLink query. All start with `payLinkKeys.all`, so that
 * `queryClient.invalidateQueries({ queryKey: payLinkKeys.all })` reaches every one of them.
 * Keys hold only JSON-safe values, so they survive dehydration.
 */
export const payLinkKeys = {
  /** The root of every key. */
  all: rootKey,
  /** A link by code. */
  link: linkKey,
  /** A payment by id. */
  payment: paymentKey,
  /** A transfer by id. */
  transfer: transferKey,
  /** A fee estimate for a set of parameters (missing ones as `null`). */
  fees: feesKey,
  /** Mutation keys. */
  mutation: mutationKey,
}
