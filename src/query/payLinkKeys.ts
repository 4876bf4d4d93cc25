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
/**
 * An amount as a fee estimate keys and asks for it (`estimateFeesQueryOptions`), so that the app's
 * `payLinkKeys.fees(params)` finds the estimate of the amount it holds. "1." is "1" being typed on
 * the way to "1.5", and "1.0" and "1.00" on the way to "1.05": the same amount, which would be asked
 * for again at each zero typed. ".5" is how many write half a unit: "0.5". A lone "." is incomplete
 * (hasFeeParams). Zeros are dropped from a decimal's fraction only: "1.0.0" stays as it is, to be
 * refused. A string only: another (a JavaScript caller's number) stays as it is, to be refused by
 * the check of the input, instead of throwing from the render.
 */
export const feeAmount = <A>(amount: A): A =>
  typeof amount === 'string' ? (amount.replace(/^(?=\.\d)/, '0').replace(/^(\d+\.\d*?)0+$/, '$1').replace(/(\d)\.$/, '$1') as A) : amount

/** The key of a fee estimate for a set of parameters (missing ones as `null`), the amount as it is asked for (`'1.50'` as `'1.5'`). */
export const feesKey = (params: PartialOrUndefined<FeeEstimateParams> | undefined) =>
  [
    'paylink',
    'fees',
    {
      sourceChain: params?.sourceChain ?? null,
      destinationChain: params?.destinationChain ?? null,
      asset: params?.asset ?? null,
      amount: feeAmount(params?.amount) ?? null,
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
