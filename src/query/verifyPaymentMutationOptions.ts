import { type VerifyPaymentOptions, type VerifyPaymentResult, verifyPayment } from '../actions/verifyPayment.js'
import type { PayLinkClient } from '../client/createPayLinkClient.js'
import type { PayLinkErrorType } from '../client/errors.js'
import { mutationKey } from './payLinkKeys.js'
import type { TaggedMutationOptions } from './types.js'

/** What `useVerifyPayment().mutate` takes: the link code, and the signed payment and its idempotency key when paying. */
export interface VerifyPaymentVariables extends Omit<VerifyPaymentOptions, 'signal'> {
  /** The code of the link to pay. */
  code: string
}

/** Mutation options for the 402 gate: price a link (no `paymentHeader`) or verify a signed payment. Never retried at query level. */
export function verifyPaymentMutationOptions<TError = PayLinkErrorType, TContext = unknown>(
  client: PayLinkClient,
): TaggedMutationOptions<VerifyPaymentResult, VerifyPaymentVariables, readonly ['paylink', 'mutation', 'verifyPayment'], TError, TContext> {
  return {
    mutationKey: mutationKey('verifyPayment'),
    mutationFn: ({ code, ...options }: VerifyPaymentVariables) => verifyPayment(client, { code }, options),
    retry: false as const,
  }
}
