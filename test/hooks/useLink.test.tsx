import { dehydrate, HydrationBoundary, QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, renderHook, screen, waitFor } from '@testing-library/react'
import { PayLinkHttpError, createPayLinkClient, type PayLinkErrorType } from '../../src/client.js'
import { PayLinkProvider } from '../../src/hooks/PayLinkProvider.js'
import { useLink } from '../../src/hooks/useLink.js'
import { estimateFeesQueryOptions } from '../../src/query/estimateFeesQueryOptions.js'
import { getBridgeStatusQueryOptions } from '../../src/query/getBridgeStatusQueryOptions.js'
import { getLinkQueryOptions } from '../../src/query/getLinkQueryOptions.js'
import { getPaymentQueryOptions } from '../../src/query/getPaymentQueryOptions.js'
import { payLinkKeys } from '../../src/query/payLinkKeys.js'
import { MOCK_LINKS } from '../../src/mock/constants.js'
import type { FeeEstimate } from '../../src/schemas/fees.js'
import type { Link } from '../../src/schemas/link.js'
import type { Payment } from '../../src/schemas/payment.js'
import type { Transfer } from '../../src/schemas/transfer.js'
import { BASE_URL, testClient, testQueryClient, useMockApi, wrapperFor } from './harness.js'

const api = useMockApi()

function LinkTitle({ code }: { code: string }) {
  const { data } = useLink(code)
  return <span data-testid="price">{data ? `${data.price?.amount} ${data.price?.currency}` : 'loading'}</span>
}

test('useLink reads a link', async () => {
  const { result } = renderHook(() => useLink(MOCK_LINKS.demo), { wrapper: wrapperFor() })
  await waitFor(() => expect(result.current.isSuccess).toBe(true))
  expect(result.current.data).toMatchObject({ code: MOCK_LINKS.demo, price: { amount: '1.50', currency: 'USDC' } })
})

test('useLink reports a 404 as a PayLinkHttpError, without a query-level retry', async () => {
  const { result } = renderHook(() => useLink('no-such-link'), { wrapper: wrapperFor() })
  await waitFor(() => expect(result.current.isError).toBe(true))
  expect(result.current.error).toBeInstanceOf(PayLinkHttpError)
  expect(result.current.error).toMatchObject({ status: 404, code: 'not_found' })
  expect(api.count('GET', '/links/no-such-link')).toBe(1)
})

test('a missing code disables the query instead of failing it', async () => {
  const { result } = renderHook(() => useLink(''), { wrapper: wrapperFor() })
  expect(result.current.fetchStatus).toBe('idle')
  expect(result.current.isError).toBe(false)
  expect(api.requests).toHaveLength(0)
})

test('20 components reading one link make 1 request', async () => {
  render(
    <>
      {Array.from({ length: 20 }, (_, i) => (
        <LinkTitle key={i} code={MOCK_LINKS.demo} />
      ))}
    </>,
    { wrapper: wrapperFor() },
  )
  await waitFor(() => expect(screen.getAllByText('1.50 USDC')).toHaveLength(20))
  expect(api.count('GET', `/links/${MOCK_LINKS.demo}`)).toBe(1)
})

test('the key root lets an app invalidate every PayLink query at once', async () => {
  const queryClient = testQueryClient()
  const { result } = renderHook(() => useLink(MOCK_LINKS.demo), { wrapper: wrapperFor(testClient(), queryClient) })
  await waitFor(() => expect(result.current.isSuccess).toBe(true))
  await queryClient.invalidateQueries({ queryKey: payLinkKeys.all })
  await waitFor(() => expect(api.count('GET', `/links/${MOCK_LINKS.demo}`)).toBe(2))
  expect(JSON.parse(JSON.stringify(payLinkKeys.link('x')))).toEqual(payLinkKeys.link('x'))
})

test('a caller cannot break the key through the query bag', async () => {
  const queryClient = testQueryClient()
  const bag = { queryKey: ['evil'], staleTime: 5 } as unknown as Parameters<typeof useLink>[1]
  const { result } = renderHook(() => useLink(MOCK_LINKS.demo, bag), { wrapper: wrapperFor(testClient(), queryClient) })
  await waitFor(() => expect(result.current.isSuccess).toBe(true))
  expect(queryClient.getQueryData(payLinkKeys.link(MOCK_LINKS.demo))).toMatchObject({ code: MOCK_LINKS.demo })
  expect(queryClient.getQueryData(['evil'])).toBeUndefined()
})

test('a link prefetched on the server renders after hydration without a browser request', async () => {
  // The server side: an absolute URL with the key, as in a Next.js server component.
  const serverQueryClient = new QueryClient()
  const serverClient = createPayLinkClient({ baseUrl: BASE_URL, dangerouslyAllowApiKeyInBrowser: true, apiKey: 'pk_server' })
  await serverQueryClient.prefetchQuery(getLinkQueryOptions(serverClient, MOCK_LINKS.demo))
  const state = JSON.parse(JSON.stringify(dehydrate(serverQueryClient)))
  const before = api.requests.length

  // The browser side: a fresh QueryClient and the keyless client behind the proxy.
  render(
    <QueryClientProvider client={testQueryClient()}>
      <PayLinkProvider client={testClient()}>
        <HydrationBoundary state={state}>
          <LinkTitle code={MOCK_LINKS.demo} />
        </HydrationBoundary>
      </PayLinkProvider>
    </QueryClientProvider>,
  )
  expect(screen.getByTestId('price')).toHaveTextContent('1.50 USDC')
  await new Promise((r) => setTimeout(r, 50))
  expect(api.requests.length).toBe(before)
})

test('PayLinkProvider provides a QueryClient where the app has none', async () => {
  render(
    <PayLinkProvider baseUrl={BASE_URL} retry={false}>
      <LinkTitle code={MOCK_LINKS.demo} />
    </PayLinkProvider>,
  )
  expect(await screen.findByText('1.50 USDC')).toBeInTheDocument()
})

test('PayLinkProvider uses the host app QueryClient when there is one', async () => {
  const queryClient = testQueryClient()
  render(<LinkTitle code={MOCK_LINKS.demo} />, { wrapper: wrapperFor(testClient(), queryClient) })
  await screen.findByText('1.50 USDC')
  expect(queryClient.getQueryData(payLinkKeys.link(MOCK_LINKS.demo))).toMatchObject({ code: MOCK_LINKS.demo, price: { amount: '1.50', currency: 'USDC' } })
})

test('a hook outside the provider names itself and the provider', () => {
  vi.spyOn(console, 'error').mockImplementation(() => {})
  expect(() => renderHook(() => useLink('x'))).toThrow(/useLink must be used inside <PayLinkProvider>/)
})

test('unmounting aborts the in-flight request and updates nothing afterwards', async () => {
  const errors = vi.spyOn(console, 'error')
  api.mock.inject('getLink', { latencyMs: 10_000 })
  let aborted = false
  api.server.events.on('request:start', ({ request }) => request.signal.addEventListener('abort', () => (aborted = true)))
  const { unmount } = render(<LinkTitle code={MOCK_LINKS.demo} />, { wrapper: wrapperFor() })
  await waitFor(() => expect(api.count('GET', `/links/${MOCK_LINKS.demo}`)).toBe(1))
  unmount()
  await waitFor(() => expect(aborted).toBe(true))
  expect(errors).not.toHaveBeenCalled()
})

test('the caller’s TanStack options win over the factory’s (here a query-level retry)', async () => {
  api.mock.inject('getLink', { status: 503, times: 1 })
  const { result } = renderHook(() => useLink(MOCK_LINKS.demo, { query: { retry: 1, retryDelay: 0 } }), { wrapper: wrapperFor() })
  await waitFor(() => expect(result.current.isSuccess).toBe(true))
  expect(api.count('GET', `/links/${MOCK_LINKS.demo}`)).toBe(2)
})

test("the factories' keys carry their data and error types, as TanStack's queryOptions tags them", async () => {
  const queryClient = testQueryClient()
  const client = testClient()
  const link = getLinkQueryOptions(client, MOCK_LINKS.demo)
  expectTypeOf(queryClient.getQueryData(link.queryKey)).toEqualTypeOf<Link | undefined>()
  expectTypeOf(queryClient.getQueryData(getPaymentQueryOptions(client, 'p').queryKey)).toEqualTypeOf<Payment | undefined>()
  expectTypeOf(queryClient.getQueryData(getBridgeStatusQueryOptions(client, 't').queryKey)).toEqualTypeOf<Transfer | undefined>()
  expectTypeOf(queryClient.getQueryData(estimateFeesQueryOptions(client, {}).queryKey)).toEqualTypeOf<FeeEstimate | undefined>()
  // And their error type, on a TanStack Query that tags one (5.6x on; this suite's types are 5.108's).
  expectTypeOf(queryClient.getQueryState(link.queryKey)?.error).toEqualTypeOf<PayLinkErrorType | null | undefined>()
  const fetched = await queryClient.fetchQuery(link)
  expectTypeOf(fetched).toEqualTypeOf<Link>()
  expect(fetched.code).toBe(MOCK_LINKS.demo)
})

test("the query bag's select (as the JSDoc offers) makes the hook's data, of the type it returns (checked by tsc)", async () => {
  const { result } = renderHook(() => useLink(MOCK_LINKS.demo, { query: { select: (link) => link.price?.amount } }), { wrapper: wrapperFor() })
  await waitFor(() => expect(result.current.data).toBe('1.50'))
  const amount: string | undefined = result.current.data
  expect(amount).toBe('1.50')
})
