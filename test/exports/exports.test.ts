import * as client from '../../src/client.js'
import * as evm from '../../src/evm.js'
import * as root from '../../src/index.js'
import * as mock from '../../src/mock.js'
import * as mockBrowser from '../../src/mock/browser.js'
import * as server from '../../src/server.js'
import * as x402 from '../../src/x402.js'
import * as query from '../../src/query.js'

// The public surface of each entry: a change here is a change of the package's API, so it must
// show up in review as an edited snapshot (`npx vitest run test/exports -u`), never by accident.
const names = (entry: object) => Object.keys(entry).sort()

describe('the names each entry exports', () => {
  it('@paylink/react', () => {
    expect(names(root)).toMatchInlineSnapshot(`
      [
        "AttentionTracker",
        "BridgeStatusBadge",
        "DEFAULT_MAX_AMOUNT",
        "FeeEstimate",
        "LINK_MODELS",
        "PAYMENT_STATUSES",
        "PayLinkButton",
        "PayLinkConfigError",
        "PayLinkError",
        "PayLinkHttpError",
        "PayLinkNetworkError",
        "PayLinkPaymentError",
        "PayLinkProvider",
        "PayLinkValidationError",
        "PayLinkX402Error",
        "TERMINAL_PAYMENT_STATUSES",
        "TERMINAL_TRANSFER_STATUSES",
        "TRANSFER_STATUSES",
        "attentionTrackerState",
        "bridgeStatusBadgeState",
        "createAttentionToken",
        "createAttentionTokenMutationOptions",
        "createLink",
        "createLinkMutationOptions",
        "createPayLinkClient",
        "createPaymentHeader",
        "decodePaymentRequired",
        "decodePaymentResponse",
        "defaultBridgeStatusBadgeLabels",
        "defaultFeeEstimateLabels",
        "defaultPayLinkButtonLabels",
        "defaultRetryPolicy",
        "estimateFees",
        "estimateFeesQueryOptions",
        "feeEstimateState",
        "fetchWithPayment",
        "getBridgeStatus",
        "getBridgeStatusQueryOptions",
        "getLink",
        "getLinkQueryOptions",
        "getPayment",
        "getPaymentQueryOptions",
        "parseDurationSeconds",
        "parseErrorBody",
        "parseFeeAmount",
        "parseTimestamp",
        "payLinkButtonState",
        "payLinkKeys",
        "paymentHeaderName",
        "paymentLifecycle",
        "pollUntilSettled",
        "selectPaymentRequirement",
        "signerSupports",
        "transferLifecycle",
        "useAttentionToken",
        "useBridgeStatus",
        "useCreateLink",
        "useFeeEstimate",
        "useLink",
        "usePayLink",
        "usePayLinkClient",
        "usePayResource",
        "usePayment",
        "useVerifyPayment",
        "verifyPayment",
        "verifyPaymentMutationOptions",
      ]
    `)
  })

  it('@paylink/react/client', () => {
    expect(names(client)).toMatchInlineSnapshot(`
      [
        "LINK_MODELS",
        "PAYMENT_STATUSES",
        "PayLinkConfigError",
        "PayLinkError",
        "PayLinkHttpError",
        "PayLinkNetworkError",
        "PayLinkPaymentError",
        "PayLinkValidationError",
        "PayLinkX402Error",
        "TERMINAL_PAYMENT_STATUSES",
        "TERMINAL_TRANSFER_STATUSES",
        "TRANSFER_STATUSES",
        "createAttentionToken",
        "createLink",
        "createPayLinkClient",
        "decodePaymentRequired",
        "decodePaymentResponse",
        "defaultRetryPolicy",
        "estimateFees",
        "getBridgeStatus",
        "getLink",
        "getPayment",
        "parseDurationSeconds",
        "parseErrorBody",
        "parseFeeAmount",
        "parseTimestamp",
        "paymentHeaderName",
        "verifyPayment",
      ]
    `)
  })

  it('@paylink/react/server', () => {
    expect(names(server)).toMatchInlineSnapshot(`
      [
        "PROXY_ROUTES",
        "PayLinkConfigError",
        "createPayLinkProxy",
        "toNodeHandler",
      ]
    `)
  })

  it('@paylink/react/mock and @paylink/react/mock/browser', () => {
    expect(names(mockBrowser)).toMatchInlineSnapshot(`
      [
        "BASE_SEPOLIA_USDC",
        "MOCK_API_KEY",
        "MOCK_ERROR_BODIES",
        "MOCK_LINKS",
        "MOCK_PAYMENTS",
        "MOCK_PAY_TO",
        "MOCK_ROUTES",
        "MOCK_SCENARIOS",
        "MOCK_TRANSFERS",
        "MOCK_TRANSFER_REASONS",
        "MOCK_UNKNOWN_STATUS",
        "MOCK_X402_REASONS",
        "QUICK_QUOTE_TTL_MS",
        "SLOW_SETTLE_MS",
        "createMockApi",
        "createTestSigner",
        "defaultSeed",
        "forgetPurchases",
      ]
    `)
    expect(names(mock)).toEqual([...names(mockBrowser), 'startMockServer'].sort())
  })

  it('@paylink/react/evm', () => {
    expect(names(evm)).toMatchInlineSnapshot(`
      [
        "createEvmSigner",
      ]
    `)
  })

  it('@paylink/react/query', () => {
    expect(names(query)).toMatchInlineSnapshot(`
      [
        "createAttentionTokenMutationOptions",
        "createLinkMutationOptions",
        "estimateFeesQueryOptions",
        "getBridgeStatusQueryOptions",
        "getLinkQueryOptions",
        "getPaymentQueryOptions",
        "payLinkKeys",
        "paymentLifecycle",
        "pollUntilSettled",
        "transferLifecycle",
        "verifyPaymentMutationOptions",
      ]
    `)
  })

  it('@paylink/react/x402', () => {
    expect(names(x402)).toMatchInlineSnapshot(`
      [
        "DEFAULT_MAX_AMOUNT",
        "PayLinkPaymentError",
        "PayLinkX402Error",
        "createPaymentHeader",
        "decodePaymentRequired",
        "decodePaymentResponse",
        "fetchWithPayment",
        "paymentHeaderName",
        "selectPaymentRequirement",
        "signerSupports",
      ]
    `)
  })

  it('keeps hooks, providers and query factories out of the React-free entries', () => {
    const reactOnly = /^use[A-Z]|Provider$|(Query|Mutation)Options$|^payLinkKeys$/
    for (const entry of [client, server, mock, evm, x402]) expect(names(entry).filter((n) => reactOnly.test(n))).toEqual([])
    expect(names(root).filter((n) => reactOnly.test(n))).toContain('usePayLink')
  })

  it('the root re-exports the whole client and x402 entries, so one import serves all', () => {
    expect(names(root)).toEqual(expect.arrayContaining([...names(client), ...names(x402), ...names(query)]))
  })
})
