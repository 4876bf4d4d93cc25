import { act, renderHook, waitFor } from '@testing-library/react'
import { QueryClient, useIsMutating } from '@tanstack/react-query'
import { PayLinkValidationError } from '../../src/client.js'
import { useAttentionToken } from '../../src/hooks/useAttentionToken.js'
import { type UseCreateLinkOptions, useCreateLink } from '../../src/hooks/useCreateLink.js'
import { useLink } from '../../src/hooks/useLink.js'
import { usePayLink } from '../../src/hooks/usePayLink.js'
import { usePayResource } from '../../src/hooks/usePayResource.js'
import { usePayment } from '../../src/hooks/usePayment.js'
import { useVerifyPayment } from '../../src/hooks/useVerifyPayment.js'
import { MOCK_LINKS } from '../../src/mock/constants.js'
import { createLinkMutationOptions, getLinkQueryOptions, payLinkKeys } from '../../src/query.js'
import { LINK_INPUT, testClient, testQueryClient, useMockApi, wrapperFor } from './harness.js'

const api = useMockApi()

const input = LINK_INPUT

test('useCreateLink creates a link and reading it back costs no request', async () => {
  const wrapper = wrapperFor(testClient(), testQueryClient())
  const { result } = renderHook(() => useCreateLink(), { wrapper })
  const link = await act(() => result.current.mutateAsync(input))
  expect(link).toMatchObject({ creatorId: 'creator_1', price: { amount: '2.00' } })
  const read = renderHook(() => useLink(link.code), { wrapper })
  expect(read.result.current.data).toMatchObject({ code: link.code })
  expect(api.count('GET', `/links/${link.code}`)).toBe(0)
  expect(api.count('POST', '/links')).toBe(1)
})

// The server did what was asked; its answer is lost on the way back (a dropped connection).
const answerLost: typeof fetch = async (input, init) => {
  await fetch(input, init)
  throw new TypeError('fetch failed')
}
// An app that retries its own mutations by default.
const retryingQueryClient = () => new QueryClient({ defaultOptions: { mutations: { retry: 2, retryDelay: 0 } } })

test("useCreateLink under an app's default mutation retry: a lost answer creates one link, not three", async () => {
  const { result } = renderHook(() => useCreateLink(), { wrapper: wrapperFor(testClient(answerLost), retryingQueryClient()) })
  await act(() => result.current.mutateAsync(input).catch(() => {}))
  await waitFor(() => expect(result.current.isError).toBe(true))
  expect(api.count('POST', '/links')).toBe(1)
  // Nor can the hook's own bag ask for a retry (checked by tsc).
  // @ts-expect-error: no `retry` in a mutation bag
  const asked: UseCreateLinkOptions = { mutation: { retry: 2 } }
  expect(asked.mutation).toBeDefined()
})

test("useAttentionToken under an app's default mutation retry: a lost answer opens one session, not three", async () => {
  const { result } = renderHook(() => useAttentionToken(), { wrapper: wrapperFor(testClient(answerLost), retryingQueryClient()) })
  await act(() => result.current.mutateAsync({ code: MOCK_LINKS.engagement }).catch(() => {}))
  await waitFor(() => expect(result.current.isError).toBe(true))
  expect(api.count('POST', '/attention/token')).toBe(1)
})

test('useCreateLink refuses a bad input with the bad fields named, sending nothing', async () => {
  const { result } = renderHook(() => useCreateLink(), { wrapper: wrapperFor() })
  act(() => result.current.mutate({ ...input, creatorId: '', splits: { creator: 9_000, platform: 999 } }))
  await waitFor(() => expect(result.current.isError).toBe(true))
  expect(result.current.error).toBeInstanceOf(PayLinkValidationError)
  const paths = (result.current.error as PayLinkValidationError).issues.map((i) => i.path)
  expect(paths).toEqual(expect.arrayContaining(['creatorId', 'splits']))
  expect(api.requests).toHaveLength(0)
})

// The factory used on its own, with the app's QueryClient (a route action, a form library's submit):
// no PayLinkProvider ever gave that QueryClient another API.
test('createLinkMutationOptions without a PayLinkProvider puts the new link in the QueryClient it is given', async () => {
  const [client, queryClient] = [testClient(), testQueryClient()]
  const link = await createLinkMutationOptions(client, queryClient).mutationFn(input)
  expect(queryClient.getQueryData(getLinkQueryOptions(client, link.code).queryKey)).toEqual(link)
})

test('the caller’s onSuccess runs after the link is cached', async () => {
  const queryClient = testQueryClient()
  const onSuccess = vi.fn()
  const { result } = renderHook(() => useCreateLink({ mutation: { onSuccess } }), { wrapper: wrapperFor(testClient(), queryClient) })
  const link = await act(() => result.current.mutateAsync(input))
  expect(onSuccess).toHaveBeenCalledTimes(1)
  expect(onSuccess.mock.calls[0]![0]).toEqual(link)
})

test('useVerifyPayment prices a link through the 402 gate', async () => {
  const { result } = renderHook(() => useVerifyPayment(), { wrapper: wrapperFor() })
  const answer = await act(() => result.current.mutateAsync({ code: MOCK_LINKS.demo }))
  expect(answer.status).toBe('payment-required')
  if (answer.status !== 'payment-required') return
  expect(answer.paymentRequired.accepts[0]).toMatchObject({ amount: '1500000', scheme: 'exact' })
})

test('useVerifyPayment reports an unknown link as an error', async () => {
  const { result } = renderHook(() => useVerifyPayment(), { wrapper: wrapperFor() })
  act(() => result.current.mutate({ code: 'no-such-link' }))
  await waitFor(() => expect(result.current.isError).toBe(true))
  expect(result.current.error).toMatchObject({ name: 'PayLinkHttpError', status: 404 })
})

test('useAttentionToken returns a session that expires', async () => {
  const { result } = renderHook(() => useAttentionToken(), { wrapper: wrapperFor() })
  const session = await act(() => result.current.mutateAsync({ code: MOCK_LINKS.engagement }))
  expect(session.token).toEqual(expect.any(String))
  expect(Date.parse(session.expiresAt)).toBeGreaterThan(Date.now())
})

test('useAttentionToken surfaces a server error', async () => {
  api.mock.inject('createAttentionToken', { status: 503 })
  const { result } = renderHook(() => useAttentionToken(), { wrapper: wrapperFor() })
  act(() => result.current.mutate({}))
  await waitFor(() => expect(result.current.isError).toBe(true))
  expect(result.current.error).toMatchObject({ name: 'PayLinkHttpError', status: 503 })
  expect(api.count('POST', '/attention/token')).toBe(1)
})

test("an app's useIsMutating(payLinkKeys.mutation(name)) counts that hook's requests in flight, and only them (a \"payment being verified\" banner)", async () => {
  for (const operation of ['createLink', 'verifyPayment', 'createAttentionToken'] as const) api.mock.inject(operation, { latencyMs: 1_000, times: 1 })
  const { result } = renderHook(
    () => ({
      createLink: useCreateLink(),
      verifyPayment: useVerifyPayment(),
      createAttentionToken: useAttentionToken(),
      pending: {
        createLink: useIsMutating({ mutationKey: payLinkKeys.mutation('createLink') }),
        verifyPayment: useIsMutating({ mutationKey: payLinkKeys.mutation('verifyPayment') }),
        createAttentionToken: useIsMutating({ mutationKey: payLinkKeys.mutation('createAttentionToken') }),
      },
    }),
    { wrapper: wrapperFor() },
  )
  act(() => result.current.verifyPayment.mutate({ code: MOCK_LINKS.demo }))
  await waitFor(() => expect(result.current.pending).toEqual({ createLink: 0, verifyPayment: 1, createAttentionToken: 0 }))
  act(() => {
    result.current.createLink.mutate(input)
    result.current.createAttentionToken.mutate({})
  })
  await waitFor(() => expect(result.current.pending).toEqual({ createLink: 1, verifyPayment: 1, createAttentionToken: 1 }))
  await waitFor(() => expect(result.current.pending).toEqual({ createLink: 0, verifyPayment: 0, createAttentionToken: 0 }), { timeout: 5_000 })
})

test('a mutation hook outside the provider names itself and the provider', () => {
  vi.spyOn(console, 'error').mockImplementation(() => {})
  expect(() => renderHook(() => useCreateLink())).toThrow(/useCreateLink must be used inside <PayLinkProvider>/)
  expect(() => renderHook(() => useAttentionToken())).toThrow(/useAttentionToken must be used inside <PayLinkProvider>/)
  expect(() => renderHook(() => useVerifyPayment())).toThrow(/^useVerifyPayment must be used inside <PayLinkProvider>/)
})

test('a purchase or payment hook outside the provider names itself and the provider', () => {
  vi.spyOn(console, 'error').mockImplementation(() => {})
  expect(() => renderHook(() => usePayLink(MOCK_LINKS.demo))).toThrow(/^usePayLink must be used inside <PayLinkProvider>/)
  expect(() => renderHook(() => usePayResource('https://paid.test/article'))).toThrow(/^usePayResource must be used inside <PayLinkProvider>/)
  expect(() => renderHook(() => usePayment('pay_1'))).toThrow(/^usePayment must be used inside <PayLinkProvider>/)
})
