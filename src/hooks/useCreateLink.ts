import { useMutation, useQueryClient } from '../peers/query.js'
import { createLinkMutationOptions } from '../query/createLinkMutationOptions.js'
import type { PayLinkErrorType } from '../client/errors.js'
import type { PayLinkMutationOptions } from '../query/types.js'
import type { CreateLinkInput } from '../schemas/createLinkInput.js'
import type { Link } from '../schemas/link.js'
import { usePayLinkClient } from './usePayLinkClient.js'

/** Options of `useCreateLink`. */
export interface UseCreateLinkOptions<TContext = unknown> {
  /** TanStack mutation options (`onSuccess`, …); runs after the new link is put into the cache. `TContext` is what its `onMutate` returns. */
  mutation?: PayLinkMutationOptions<Link, CreateLinkInput, TContext> | undefined
}

/** Creates a payment link; the new link lands in the `useLink` cache, so reading it costs no request. */
export function useCreateLink<TContext = unknown>({ mutation }: UseCreateLinkOptions<TContext> = {}) {
  // Our guard first (arguments run in order): outside a provider it names this hook and
  // PayLinkProvider, not TanStack's provider.
  return useMutation({ ...mutation, ...createLinkMutationOptions<PayLinkErrorType, TContext>(usePayLinkClient('useCreateLink'), useQueryClient()) })
}
