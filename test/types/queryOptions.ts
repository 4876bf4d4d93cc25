// Type-checked by queryOptions.test.ts, never run: what an app gets from the factories of
// `@paylink/react/query` through TanStack Query's own functions, and from the hooks' `query` bag.
import { QueryClient, useMutation, useQueries, useQuery, useSuspenseQuery } from '@tanstack/react-query'
import {
  createAttentionTokenMutationOptions,
  createLinkMutationOptions,
  estimateFeesQueryOptions,
  getBridgeStatusQueryOptions,
  getLinkQueryOptions,
  getPaymentQueryOptions,
  payLinkKeys,
  verifyPaymentMutationOptions,
} from '../../src/query.js'
import {
  type AttentionSession,
  createPayLinkClient,
  type FeeEstimate,
  type Link,
  type Payment,
  type PayLinkErrorType,
  type Transfer,
  type VerifyPaymentResult,
} from '../../src/client.js'
import { useAttentionToken, useCreateLink, useFeeEstimate, useLink, usePayment, useVerifyPayment } from '../../src/index.js'

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false
declare function assert<T extends true>(): void

const client = createPayLinkClient({ baseUrl: '/api/paylink' })
const queryClient = new QueryClient()
const link = getLinkQueryOptions(client, 'demo')

// The key is tagged with the data and error types, as TanStack's `queryOptions` tags it.
assert<Equal<ReturnType<typeof queryClient.getQueryData<Link>>, Link | undefined>>()
const cached = queryClient.getQueryData(link.queryKey)
assert<Equal<typeof cached, Link | undefined>>()
queryClient.setQueryData(link.queryKey, (old) => {
  assert<Equal<typeof old, Link | undefined>>()
  return old && { ...old, code: 'other' }
})
// @ts-expect-error the key of a link takes a link, not a payment
queryClient.setQueryData(link.queryKey, {} as Payment)
assert<Equal<NonNullable<ReturnType<typeof queryClient.getQueryState<Link, PayLinkErrorType>>>['error'], PayLinkErrorType | null>>()
const state = queryClient.getQueryState(getPaymentQueryOptions(client, 'pay_1').queryKey)
assert<Equal<NonNullable<typeof state>['error'], PayLinkErrorType | null>>()

export async function loader() {
  assert<Equal<Awaited<ReturnType<typeof queryClient.fetchQuery<Link>>>, Link>>()
  const fetched = await queryClient.fetchQuery(link)
  assert<Equal<typeof fetched, Link>>()
  const ensured = await queryClient.ensureQueryData(getBridgeStatusQueryOptions(client, 'tr_1'))
  assert<Equal<typeof ensured, Transfer>>()
  await queryClient.prefetchQuery(estimateFeesQueryOptions(client, undefined))
  await queryClient.invalidateQueries({ queryKey: link.queryKey })
  await queryClient.invalidateQueries({ queryKey: payLinkKeys.all })
}

export function Queries() {
  const one = useQuery(link)
  assert<Equal<typeof one.data, Link | undefined>>()
  assert<Equal<typeof one.error, PayLinkErrorType | null>>()
  const selected = useQuery({ ...link, select: (l) => l.price })
  assert<Equal<typeof selected.data, Link['price'] | undefined>>()
  // Never skipToken, so the suspense hooks take them.
  const suspended = useSuspenseQuery(getPaymentQueryOptions(client, 'pay_1'))
  assert<Equal<typeof suspended.data, Payment>>()
  assert<Equal<typeof suspended.error, PayLinkErrorType | null>>()
  const [first, second] = useQueries({ queries: [link, estimateFeesQueryOptions(client, undefined)] })
  assert<Equal<typeof first.data, Link | undefined>>()
  assert<Equal<typeof second.data, FeeEstimate | undefined>>()
  assert<Equal<typeof second.error, PayLinkErrorType | null>>()
  return null
}

export function Mutations() {
  // The options name no error type of their own: the factories' return type gives it.
  const create = useMutation(createLinkMutationOptions(client, queryClient))
  assert<Equal<typeof create.error, PayLinkErrorType | null>>()
  assert<Equal<typeof create.data, Link | undefined>>()
  const verify = useMutation(verifyPaymentMutationOptions(client))
  assert<Equal<typeof verify.error, PayLinkErrorType | null>>()
  assert<Equal<typeof verify.data, VerifyPaymentResult | undefined>>()
  const token = useMutation(createAttentionTokenMutationOptions(client))
  assert<Equal<typeof token.error, PayLinkErrorType | null>>()
  assert<Equal<typeof token.data, AttentionSession | undefined>>()
  // An app's own callbacks beside the factory's: the error, and the context its onMutate returns.
  useMutation({
    ...createLinkMutationOptions(client, queryClient),
    onMutate: () => ({ before: 1 }),
    onError: (error, _input, context) => {
      assert<Equal<typeof error, PayLinkErrorType>>()
      assert<Equal<typeof context, { before: number } | undefined>>()
    },
  })
  // @ts-expect-error the factory's mutation takes a link's input, not a code
  create.mutate('demo')
  return null
}

export function Hooks() {
  const plain = useLink('demo')
  assert<Equal<typeof plain.data, Link | undefined>>()
  assert<Equal<typeof plain.error, PayLinkErrorType | null>>()
  const price = useLink('demo', { query: { select: (l) => l.price } })
  assert<Equal<typeof price.data, Link['price'] | undefined>>()
  const total = useFeeEstimate(undefined, { query: { select: (fee) => fee.totalFee, enabled: false } })
  assert<Equal<typeof total.data, FeeEstimate['totalFee'] | undefined>>()
  const payment = usePayment('pay_1')
  assert<Equal<typeof payment.data, Payment | undefined>>()
  assert<Equal<typeof payment.isStale, boolean>>()
  // @ts-expect-error a polled hook reads the status of its data: its `select` keeps the payment's type
  usePayment('pay_1', { query: { select: (p) => p.status } })
  const created = useCreateLink()
  assert<Equal<typeof created.error, PayLinkErrorType | null>>()
  // The context an app's onMutate returns (an optimistic update to roll back), as useMutation types it.
  const optimistic = useCreateLink({
    mutation: {
      onMutate: () => ({ before: 1 }),
      onError: (_error, _input, context) => assert<Equal<typeof context, { before: number } | undefined>>(),
    },
  })
  assert<Equal<typeof optimistic.context, { before: number } | undefined>>()
  const verified = useVerifyPayment({ mutation: { onMutate: () => 'pricing', onSettled: (_d, _e, _v, context) => assert<Equal<typeof context, string | undefined>>() } })
  assert<Equal<typeof verified.context, string | undefined>>()
  const session = useAttentionToken({ mutation: { onMutate: () => 1, onSuccess: (_d, _v, context) => assert<Equal<typeof context, number>>() } })
  assert<Equal<typeof session.context, number | undefined>>()
  // No input, as the factory and the action take it: a session without a link; TanStack Query 5.108 takes `mutate()` too, 5.48 does not.
  session.mutate(undefined)
  // @ts-expect-error the token request takes a link's code, not a code alone
  session.mutate('demo')
  return null
}
