// Type-checked by errors.test.ts, never run: what an app reads from the `error` the package gives
// (a hook's, a query's, the button's `onError`) once it has told the classes apart, by `name` (the
// README's way for an error hydrated as JSON) or by `instanceof`.
import { QueryClient } from '@tanstack/react-query'
import {
  type PayLinkErrorName,
  type PayLinkErrorType,
  type PayLinkEndpoint,
  PayLinkHttpError,
  type PayLinkIssue,
  PayLinkPaymentError,
  type PaymentErrorReason,
  type X402ErrorReason,
} from '../../src/client.js'
import { AttentionTracker, PayLinkButton, useCreateLink, useLink, usePayLink, usePayment } from '../../src/index.js'
import { getLinkQueryOptions } from '../../src/query.js'

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false
declare function assert<T extends true>(): void

// Every field a class has, read once `name` says which it is; exhaustive, as PayLinkErrorName promises.
function describe(error: PayLinkErrorType): string {
  switch (error.name) {
    case 'PayLinkHttpError':
      assert<Equal<typeof error.endpoint, PayLinkEndpoint>>()
      return `${error.status} ${error.code} ${error.retryAfterSeconds ?? ''}`
    case 'PayLinkValidationError':
      assert<Equal<typeof error.source, 'input' | 'response'>>()
      assert<Equal<typeof error.issues, readonly PayLinkIssue[]>>()
      return error.issues.map((issue) => issue.path).join()
    case 'PayLinkNetworkError':
      return String(error.timedOut)
    case 'PayLinkX402Error':
      assert<Equal<typeof error.reason, X402ErrorReason>>()
      return error.source
    case 'PayLinkPaymentError':
      assert<Equal<typeof error.reason, PaymentErrorReason>>()
      return error.paymentHeader?.value ?? error.x402Reason ?? error.reason
    case 'PayLinkConfigError':
    case 'PayLinkError':
      return error.shortMessage
    default: {
      const unknown: never = error
      return unknown
    }
  }
}
assert<Equal<PayLinkErrorType['name'], PayLinkErrorName>>()

// @ts-expect-error not a reason of a payment error: a typo is caught
export const typo = (error: PayLinkPaymentError) => error.reason === 'wallet_rejectd'

export function Errors() {
  const link = useLink('demo')
  if (link.error?.name === 'PayLinkHttpError' && link.error.status === 404) return 'No such link'
  if (link.error instanceof PayLinkHttpError) assert<Equal<typeof link.error.code, string>>()
  // @ts-expect-error a network error has no status: only the name tells which fields there are
  if (link.error?.name === 'PayLinkNetworkError') return link.error.status
  const payment = usePayment('pay_1')
  if (payment.error) describe(payment.error)
  const purchase = usePayLink('demo')
  if (purchase.error?.name === 'PayLinkPaymentError' && purchase.error.reason === 'outcome_unknown') return purchase.error.paymentHeader?.name
  const create = useCreateLink()
  if (create.error?.name === 'PayLinkValidationError') return create.error.issues[0]?.message
  const state = new QueryClient().getQueryState(getLinkQueryOptions(null!, 'demo').queryKey)
  if (state?.error?.name === 'PayLinkHttpError') return state.error.retryAfterSeconds
  return (
    <>
      <PayLinkButton
        code="demo"
        onError={(error) => {
          if (error.name === 'PayLinkPaymentError') assert<Equal<typeof error.reason, PaymentErrorReason>>()
          else describe(error)
        }}
      />
      {/* A refused token: a 403 reads its status, a 429 its Retry-After. */}
      <AttentionTracker code="demo" consent onError={(error) => error.name === 'PayLinkHttpError' && error.retryAfterSeconds} />
    </>
  )
}
