// Type-checked with `exactOptionalPropertyTypes: true` by exactOptional.test.ts, never run. An app
// compiled that way writes `apiKey: process.env.PAYLINK_API_KEY` (a `string | undefined`): every
// optional member of a type a user passes in must take an explicit `undefined`, which under that
// flag `?: T` alone refuses (TS2379, TS2375).
import {
  type BridgeStatusBadgeLabels,
  type BridgeStatusBadgeProps,
  type FeeEstimateLabels,
  type FeeEstimateProps,
  type AttentionTrackerProps,
  type PayLinkButtonLabels,
  type PayLinkButtonProps,
  type PayLinkProviderProps,
  type PayOptions,
  type PurchaseState,
  type PayResourceState,
  type UseAttentionTokenOptions,
  type UseBridgeStatusOptions,
  type UseCreateLinkOptions,
  type UseFeeEstimateOptions,
  type UseLinkOptions,
  type UsePayLinkOptions,
  type UsePaymentOptions,
  type UsePayResourceOptions,
  type UseVerifyPaymentOptions,
  bridgeStatusBadgeState,
  useFeeEstimate,
} from '../../src/index.js'
import {
  createPayLinkClient,
  type ParsedErrorBody,
  PayLinkConfigError,
  type PayLinkClientOptions,
  PayLinkError,
  PayLinkHttpError,
  PayLinkNetworkError,
  PayLinkPaymentError,
  type PayLinkRequestOptions,
  PayLinkValidationError,
  PayLinkX402Error,
  type CreateLinkInput,
  type AttentionTokenInput,
  type VerifyPaymentOptions,
} from '../../src/client.js'
import type {
  FetchWithPaymentOptions,
  PaymentHeaderContext,
  PaymentRequired,
  PaymentRequirement,
  PaymentSigner,
  PaymentSignerContext,
  SelectPaymentRequirementOptions,
} from '../../src/x402.js'
import {
  estimateFeesQueryOptions,
  payLinkKeys,
  type PayLinkQueryOptions,
  type PollingOptions,
  type VerifyPaymentVariables,
} from '../../src/query.js'
import { createPayLinkProxy, type PayLinkProxyOptions, type ProxyRoute } from '../../src/server.js'
import {
  type MockApiOptions,
  type MockFault,
  type MockPaymentRecord,
  type MockPaymentSeed,
  type MockServerOptions,
  type MockTransferSeed,
  type TestSignerOptions,
  createTestSigner,
} from '../../src/mock.js'
import type { EvmSignerSource } from '../../src/evm.js'

/** The optional members of `T` (of each member of a union) that refuse an explicit `undefined`; `never` when there are none. */
type RejectsUndefined<T> = T extends unknown
  ? { [K in keyof T]-?: {} extends Pick<T, K> ? ({ [P in K]: undefined } extends Pick<T, K> ? never : K) : never }[keyof T]
  : never

/** Compiles only when `Keys` is `never`: an error here names the members that refuse `undefined`. */
function none<Keys extends never>(): void {}

type Param<F extends (...args: any) => any, I extends number> = NonNullable<Parameters<F>[I]>

// The report that started it: an optional key from the environment, passed as it is. Never called.
export function fromTheEnvironment(env: Record<string, string | undefined>) {
  createPayLinkClient({ baseUrl: 'https://api.example', apiKey: env.PAYLINK_API_KEY, timeoutMs: undefined, retry: { attempts: undefined } })
  createPayLinkProxy({ apiKey: 'k', upstream: 'https://api.example', basePath: '/api/paylink', timeoutMs: undefined, allowedOrigins: undefined })
  useFeeEstimate({ sourceChain: env.SOURCE_CHAIN, destinationChain: 'base', asset: 'USDC', amount: undefined }, { query: undefined })
  createTestSigner({ address: env.PAYER, rejects: undefined, delayMs: undefined })
}

// @paylink/react
none<RejectsUndefined<PayLinkProviderProps>>()
none<RejectsUndefined<UseLinkOptions>>()
none<RejectsUndefined<UseCreateLinkOptions>>()
none<RejectsUndefined<UseVerifyPaymentOptions>>()
none<RejectsUndefined<UsePaymentOptions>>()
none<RejectsUndefined<UseAttentionTokenOptions>>()
none<RejectsUndefined<UseBridgeStatusOptions>>()
none<RejectsUndefined<UseFeeEstimateOptions>>()
none<RejectsUndefined<Param<typeof useFeeEstimate, 0>>>()
none<RejectsUndefined<UsePayLinkOptions>>()
none<RejectsUndefined<UsePayResourceOptions>>()
none<RejectsUndefined<PayOptions>>()
none<RejectsUndefined<PurchaseState>>()
none<RejectsUndefined<PayResourceState>>()
none<RejectsUndefined<PayLinkButtonProps>>()
none<RejectsUndefined<NonNullable<PayLinkButtonProps['labels']>>>()
none<RejectsUndefined<PayLinkButtonLabels>>()
none<RejectsUndefined<FeeEstimateProps>>()
none<RejectsUndefined<NonNullable<FeeEstimateProps['labels']>>>()
none<RejectsUndefined<FeeEstimateLabels>>()
none<RejectsUndefined<BridgeStatusBadgeProps>>()
none<RejectsUndefined<NonNullable<BridgeStatusBadgeProps['labels']>>>()
none<RejectsUndefined<BridgeStatusBadgeLabels>>()
none<RejectsUndefined<Param<typeof bridgeStatusBadgeState, 0>>>()
none<RejectsUndefined<AttentionTrackerProps>>()

// @paylink/react/client
none<RejectsUndefined<PayLinkClientOptions>>()
none<RejectsUndefined<Exclude<NonNullable<PayLinkClientOptions['retry']>, false>>>()
none<RejectsUndefined<PayLinkRequestOptions>>()
none<RejectsUndefined<VerifyPaymentOptions>>()
none<RejectsUndefined<CreateLinkInput>>()
none<RejectsUndefined<AttentionTokenInput>>()
none<RejectsUndefined<ParsedErrorBody>>()
none<RejectsUndefined<NonNullable<ConstructorParameters<typeof PayLinkError>[1]>>>()
none<RejectsUndefined<NonNullable<ConstructorParameters<typeof PayLinkConfigError>[1]>>>()
none<RejectsUndefined<ConstructorParameters<typeof PayLinkHttpError>[0]>>()
none<RejectsUndefined<ConstructorParameters<typeof PayLinkValidationError>[0]>>()
none<RejectsUndefined<ConstructorParameters<typeof PayLinkNetworkError>[0]>>()
none<RejectsUndefined<ConstructorParameters<typeof PayLinkX402Error>[0]>>()
none<RejectsUndefined<ConstructorParameters<typeof PayLinkPaymentError>[0]>>()

// @paylink/react/x402
none<RejectsUndefined<FetchWithPaymentOptions>>()
none<RejectsUndefined<SelectPaymentRequirementOptions>>()
none<RejectsUndefined<PaymentHeaderContext>>()
none<RejectsUndefined<PaymentSigner>>()
none<RejectsUndefined<PaymentSignerContext>>()
none<RejectsUndefined<PaymentRequired>>()
none<RejectsUndefined<PaymentRequirement>>()

// @paylink/react/query
none<RejectsUndefined<PollingOptions>>()
none<RejectsUndefined<Pick<PayLinkQueryOptions<unknown>, 'enabled'>>>()
none<RejectsUndefined<VerifyPaymentVariables>>()
none<RejectsUndefined<Param<typeof estimateFeesQueryOptions, 1>>>()
none<RejectsUndefined<Param<typeof payLinkKeys.fees, 0>>>()

// @paylink/react/server
none<RejectsUndefined<PayLinkProxyOptions>>()
none<RejectsUndefined<ProxyRoute>>()

// @paylink/react/mock
none<RejectsUndefined<MockApiOptions>>()
none<RejectsUndefined<MockServerOptions>>()
none<RejectsUndefined<MockFault>>()
none<RejectsUndefined<MockPaymentSeed>>()
none<RejectsUndefined<MockTransferSeed>>()
none<RejectsUndefined<MockPaymentRecord>>()
none<RejectsUndefined<TestSignerOptions>>()

// @paylink/react/evm: createEvmSigner takes viem's account or wallet client, no options of ours.
export type { EvmSignerSource }
