import { act, render, screen, waitFor } from '@testing-library/react'
import { dehydrate, HydrationBoundary, QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { useState } from 'react'
import { createPayLinkClient } from '../../src/client.js'
import { PayLinkProvider } from '../../src/hooks/PayLinkProvider.js'
import { useLink } from '../../src/hooks/useLink.js'
import { getLinkQueryOptions } from '../../src/query/getLinkQueryOptions.js'
import { MOCK_LINKS } from '../../src/mock/constants.js'
import { otherApiClient, sentHosts, testQueryClient, useMockApi } from './harness.js'

const sent = sentHosts(useMockApi())

// The live API asks 9.99 for the same code.
const live = otherApiClient('https://live.paylink.test', (link) => ({ ...link, price: { ...link.price, amount: '9.99' } }))
const sandbox = createPayLinkClient({ baseUrl: 'https://sandbox.paylink.test', retry: false })

// The page's Server Component prefetches the link with the server's client, as the README shows;
// what it sent is not the browser's.
async function prefetchedOnServer() {
  const server = new QueryClient()
  await server.fetchQuery(getLinkQueryOptions(createPayLinkClient({ baseUrl: 'https://server.paylink.test', retry: false }), MOCK_LINKS.demo))
  sent.length = 0
  return dehydrate(server)
}

function Price() {
  const link = useLink(MOCK_LINKS.demo)
  return <span data-testid="price">{link.data ? link.data.price?.amount : 'loading'}</span>
}

test("a provider that mounts with another API's client in the app's QueryClient (a keyed switch, a route) does not show the old API's answers as the new one's", async () => {
  let toLive!: () => void
  function App() {
    const [env, set] = useState<'sandbox' | 'live'>('sandbox')
    toLive = () => set('live')
    // Keyed by the environment, as many apps remount a subtree on such a switch.
    return (
      <PayLinkProvider key={env} client={env === 'live' ? live : sandbox}>
        <Price />
      </PayLinkProvider>
    )
  }
  render(<App />, { wrapper: ({ children }) => <QueryClientProvider client={testQueryClient()}>{children}</QueryClientProvider> })
  await waitFor(() => expect(screen.getByTestId('price')).toHaveTextContent('1.50'))
  act(() => toLive())
  expect(screen.getByTestId('price')).not.toHaveTextContent('1.50')
  await waitFor(() => expect(screen.getByTestId('price')).toHaveTextContent('9.99'))
  expect(sent).toEqual(['GET sandbox.paylink.test', 'GET live.paylink.test'])
})

test('a provider of the same API that mounts again (a checkout closed and opened) keeps the cached answers: nothing is asked again', async () => {
  let toggle!: () => void
  function App() {
    const [n, set] = useState(0)
    toggle = () => set((k) => k + 1)
    return (
      <PayLinkProvider key={n} baseUrl="https://sandbox.paylink.test" retry={false}>
        <Price />
      </PayLinkProvider>
    )
  }
  render(<App />, { wrapper: ({ children }) => <QueryClientProvider client={testQueryClient()}>{children}</QueryClientProvider> })
  await waitFor(() => expect(screen.getByTestId('price')).toHaveTextContent('1.50'))
  act(() => toggle())
  expect(screen.getByTestId('price')).toHaveTextContent('1.50')
  expect(sent).toEqual(['GET sandbox.paylink.test'])
})

test("a page whose server-prefetched answers hydrate as it mounts, where a provider of another API was (a client-side navigation), shows them: nothing is asked again", async () => {
  const state = await prefetchedOnServer()
  let navigate!: () => void
  function App() {
    const [page, set] = useState<'dashboard' | 'checkout'>('dashboard')
    navigate = () => set('checkout')
    // The dashboard's provider is another API (a tenant's header); the checkout's is the app's proxy.
    return page === 'dashboard' ? (
      <PayLinkProvider baseUrl="https://app.paylink.test" headers={{ 'X-Tenant': 'acme' }} retry={false}>
        dashboard
      </PayLinkProvider>
    ) : (
      <HydrationBoundary state={state}>
        <PayLinkProvider baseUrl="https://app.paylink.test" retry={false}>
          <Price />
        </PayLinkProvider>
      </HydrationBoundary>
    )
  }
  render(<App />, { wrapper: ({ children }) => <QueryClientProvider client={testQueryClient()}>{children}</QueryClientProvider> })
  act(() => navigate())
  expect(screen.getByTestId('price')).toHaveTextContent('1.50')
  await new Promise((resolve) => setTimeout(resolve, 50))
  expect(sent).toEqual([])
})

test("after an in-place switch, an answer hydrated for the old API and not read yet is not shown as the new one's", async () => {
  const state = await prefetchedOnServer()
  let toLive!: () => void
  let open!: () => void
  function App() {
    const [env, set] = useState<'sandbox' | 'live'>('sandbox')
    const [opened, setOpened] = useState(false)
    toLive = () => set('live')
    open = () => setOpened(true)
    // The price is on a tab not opened yet: nothing reads the hydrated answer before the switch.
    return (
      <HydrationBoundary state={state}>
        <PayLinkProvider client={env === 'live' ? live : sandbox}>{opened && <Price />}</PayLinkProvider>
      </HydrationBoundary>
    )
  }
  render(<App />, { wrapper: ({ children }) => <QueryClientProvider client={testQueryClient()}>{children}</QueryClientProvider> })
  act(() => toLive())
  act(() => open())
  expect(screen.getByTestId('price')).not.toHaveTextContent('1.50')
  await waitFor(() => expect(screen.getByTestId('price')).toHaveTextContent('9.99'))
  expect(sent).toEqual(['GET live.paylink.test'])
})

test("a page whose answers a route loader prefetched with its client before it mounts, where a provider of another API was, shows them: nothing is asked again", async () => {
  const queryClient = testQueryClient()
  let navigate!: () => void
  function App() {
    const [page, set] = useState<'dashboard' | 'checkout'>('dashboard')
    navigate = () => set('checkout')
    // Each route its own provider: the router mounts the checkout's.
    return page === 'dashboard' ? (
      <PayLinkProvider key="dashboard" client={sandbox}>
        dashboard
      </PayLinkProvider>
    ) : (
      <PayLinkProvider key="checkout" client={live}>
        <Price />
      </PayLinkProvider>
    )
  }
  render(<App />, { wrapper: ({ children }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider> })
  // The checkout route's loader (TanStack Router, React Router) runs before the route renders.
  await queryClient.prefetchQuery(getLinkQueryOptions(live, MOCK_LINKS.demo))
  act(() => navigate())
  expect(screen.getByTestId('price')).toHaveTextContent('9.99')
  await new Promise((resolve) => setTimeout(resolve, 50))
  expect(sent).toEqual(['GET live.paylink.test'])
})
