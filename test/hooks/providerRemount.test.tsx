import { act, render, screen, waitFor } from '@testing-library/react'
import { QueryClientProvider } from '@tanstack/react-query'
import { useState } from 'react'
import { createPayLinkClient } from '../../src/client.js'
import { PayLinkProvider } from '../../src/hooks/PayLinkProvider.js'
import { useLink } from '../../src/hooks/useLink.js'
import { MOCK_LINKS } from '../../src/mock/constants.js'
import { testQueryClient, useMockApi } from './harness.js'

const api = useMockApi()
const sent: string[] = []
api.server.events.on('request:start', ({ request }) => {
  sent.push(`${request.method} ${new URL(request.url).host}`)
})
beforeEach(() => {
  sent.length = 0
})

// The live API asks 9.99 for the same code.
const live = createPayLinkClient({
  baseUrl: 'https://live.paylink.test',
  retry: false,
  fetch: async (input, init) => {
    const link = await (await fetch(input, init)).json()
    return Response.json({ ...link, price: { ...link.price, amount: '9.99' } })
  },
})
const sandbox = createPayLinkClient({ baseUrl: 'https://sandbox.paylink.test', retry: false })

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
