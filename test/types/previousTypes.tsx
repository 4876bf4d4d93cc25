// Type-checked by previousTypes.test.ts, never run: app code written when the package typed its
// errors as the base class `PayLinkError` (or named no error type for the mutation factories) still
// compiles now that they are a `PayLinkErrorType`: the factories take the error type an app names.
import { QueryClient, useMutation, useQuery, type UseMutationOptions, type UseQueryOptions } from '@tanstack/react-query'
import {
  createAttentionTokenMutationOptions,
  createLinkMutationOptions,
  estimateFeesQueryOptions,
  getBridgeStatusQueryOptions,
  getLinkQueryOptions,
  getPaymentQueryOptions,
  payLinkKeys,
  type VerifyPaymentVariables,
  verifyPaymentMutationOptions,
} from '../../src/query.js'
import {
  type AttentionSession,
  type AttentionTokenInput,
  type CreateLinkInput,
  createPayLinkClient,
  type FeeEstimate,
  type Link,
  type Payment,
  PayLinkError,
  PayLinkHttpError,
  type Transfer,
  type VerifyPaymentResult,
} from '../../src/client.js'
import { PayLinkButton, useCreateLink, useLink, usePayLink } from '../../src/index.js'

const client = createPayLinkClient({ baseUrl: '/api/paylink' })
const queryClient = new QueryClient()
const report = (error: PayLinkError) => error.shortMessage

export function Hooks() {
  const link = useLink('demo')
  const error: PayLinkError | null = link.error
  if (error instanceof PayLinkHttpError) report(error)
  else if (error instanceof PayLinkError) report(error)
  const purchase = usePayLink('demo')
  const failure: PayLinkError | undefined = purchase.error
  useCreateLink({ mutation: { onError: report } })
  useLink('demo', { query: { retry: (count: number, e: PayLinkError) => count < 2 && !!report(e) } })
  return <PayLinkButton code="demo" onError={report} title={failure?.shortMessage} />
}

// The error type named in TanStack's generics, as an app did to read `status` off a mutation's error.
export function Mutations() {
  useMutation<Link, PayLinkError, CreateLinkInput>(createLinkMutationOptions(client, queryClient))
  useMutation<VerifyPaymentResult, Error, VerifyPaymentVariables>(verifyPaymentMutationOptions(client))
  useMutation<AttentionSession, PayLinkError, AttentionTokenInput | undefined>(createAttentionTokenMutationOptions(client))
  const options: UseMutationOptions<Link, PayLinkError, CreateLinkInput> = createLinkMutationOptions(client, queryClient)
  return options
}

export function Queries() {
  useQuery<Link, PayLinkError, Link, ReturnType<typeof payLinkKeys.link>>(getLinkQueryOptions(client, 'demo'))
  useQuery<Payment, PayLinkError, Payment, ReturnType<typeof payLinkKeys.payment>>(getPaymentQueryOptions(client, 'pay_1'))
  const transfer: UseQueryOptions<Transfer, PayLinkError, Transfer, ReturnType<typeof payLinkKeys.transfer>> = getBridgeStatusQueryOptions(client, 'tr_1')
  const fee: UseQueryOptions<FeeEstimate, Error, FeeEstimate, ReturnType<typeof payLinkKeys.fees>> = estimateFeesQueryOptions(client, undefined)
  return [transfer, fee]
}
