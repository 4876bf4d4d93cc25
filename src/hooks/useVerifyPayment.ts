import { useMutation } from '../peers/query.js'
import type { VerifyPaymentResult } from '../actions/verifyPayment.js'
import type { PayLinkErrorType } from '../client/errors.js'
import type { PayLinkMutationOptions } from '../query/types.js'
import { type VerifyPaymentVariables, verifyPaymentMutationOptions } from '../query/verifyPaymentMutationOptions.js'
import { usePayLinkClient } from './usePayLinkClient.js'

/** Options of `useVerifyPayment`. */
export interface UseVerifyPaymentOptions<TContext = unknown> {
  /** TanStack mutation options. `TContext` is what its `onMutate` returns. */
  mutation?: PayLinkMutationOptions<VerifyPaymentResult, VerifyPaymentVariables, TContext> | undefined
}

/** The 402 gate as a mutation: `mutate({ code })` prices a link; `mutate({ code, paymentHeader, idempotencyKey })` pays it. */
export function useVerifyPayment<TContext = unknown>({ mutation }: UseVerifyPaymentOptions<TContext> = {}) {
  return useMutation({ ...mutation, ...verifyPaymentMutationOptions<PayLinkErrorType, TContext>(usePayLinkClient('useVerifyPayment')) })
}
