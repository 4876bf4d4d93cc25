import { useMutation } from '../peers/query.js'
import type { VerifyPaymentResult } from '../actions/verifyPayment.js'
import type { PayLinkMutationOptions } from '../query/types.js'
import { type VerifyPaymentVariables, verifyPaymentMutationOptions } from '../query/verifyPaymentMutationOptions.js'
import { usePayLinkClient } from './usePayLinkClient.js'

/** Options of `useVerifyPayment`. */
export interface UseVerifyPaymentOptions {
  /** TanStack mutation options. */
  mutation?: PayLinkMutationOptions<VerifyPaymentResult, VerifyPaymentVariables> | undefined
}

/** The 402 gate as a mutation: `mutate({ code })` prices a link; `mutate({ code, paymentHeader, idempotencyKey })` pays it. */
export function useVerifyPayment({ mutation }: UseVerifyPaymentOptions = {}) {
  return useMutation({ ...mutation, ...verifyPaymentMutationOptions(usePayLinkClient('useVerifyPayment')) })
}
