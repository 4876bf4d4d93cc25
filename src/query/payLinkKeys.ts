import type { FeeEstimateParams } from '../schemas/fees.js'

/**
 * Query keys of every PayLink query. All start with `payLinkKeys.all`, so that
 * `queryClient.invalidateQueries({ queryKey: payLinkKeys.all })` reaches every one of them.
 * Keys hold only JSON-safe values, so they survive dehydration.
 */
export const payLinkKeys = {
  /** The root of every key. */
  all: ['paylink'] as const,
  /** A link by code. */
  link: (code: string | undefined) => ['paylink', 'link', code ?? null] as const,
  /** A payment by id. */
  payment: (id: string | undefined) => ['paylink', 'payment', id ?? null] as const,
  /** A transfer by id. */
  transfer: (id: string | undefined) => ['paylink', 'transfer', id ?? null] as const,
  /** A fee estimate for a set of parameters (missing ones as `null`). */
  fees: (params: Partial<FeeEstimateParams> | undefined) =>
    [
      'paylink',
      'fees',
      {
        sourceChain: params?.sourceChain ?? null,
        destinationChain: params?.destinationChain ?? null,
        asset: params?.asset ?? null,
        amount: params?.amount ?? null,
      },
    ] as const,
  /** Mutation keys. */
  mutation: (name: 'createLink' | 'verifyPayment' | 'createAttentionToken') => ['paylink', 'mutation', name] as const,
}
