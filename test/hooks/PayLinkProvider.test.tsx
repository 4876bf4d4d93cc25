import { act, render, renderHook, screen, waitFor } from '@testing-library/react'
import { QueryClientProvider } from '@tanstack/react-query'
import { startTransition, Suspense, useLayoutEffect, useState } from 'react'
import { createPayLinkClient, type PayLinkClient } from '../../src/client.js'
import { PayLinkProvider, type PayLinkProviderProps, usePayLinkClient } from '../../src/hooks/PayLinkProvider.js'
import { useLink } from '../../src/hooks/useLink.js'
import { usePayLink } from '../../src/hooks/usePayLink.js'
import { MOCK_LINKS } from '../../src/mock/constants.js'
import { otherApiClient, testQueryClient, useMockApi } from './harness.js'

const api = useMockApi()
// Where each request went, and with which key: the mock answers on any origin.
const sent: string[] = []
api.server.events.on('request:start', ({ request }) => {
  sent.push(`${request.method} ${new URL(request.url).host} ${request.headers.get('x-api-key') ?? '-'}`)
})
beforeEach(() => {
  sent.length = 0
})

function Purchase() {
  return <span data-testid="status">{usePayLink(MOCK_LINKS.demo).status}</span>
}

const clients = {
  sandbox: createPayLinkClient({ baseUrl: 'https://sandbox.paylink.test', retry: false }),
  live: createPayLinkClient({ baseUrl: 'https://live.paylink.test', retry: false }),
}

// Each variant gives its props as inline JSX would: headers, fetch and retry new on every render.
test.each<[string, (env: 'sandbox' | 'live') => PayLinkProviderProps, string[]]>([
  [
    'baseUrl',
    (env) => ({ baseUrl: `https://${env}.paylink.test`, retry: { attempts: 1 }, headers: { 'x-app': 'shop' }, fetch: (input, init) => fetch(input, init) }),
    ['POST sandbox.paylink.test -', 'POST live.paylink.test -'],
  ],
  [
    'apiKey',
    (env) => ({ baseUrl: 'https://api.paylink.test', apiKey: `pk_${env}`, dangerouslyAllowApiKeyInBrowser: true, retry: { attempts: 1 } }),
    ['POST api.paylink.test pk_sandbox', 'POST api.paylink.test pk_live'],
  ],
  ['client', (env) => ({ client: clients[env] }), ['POST sandbox.paylink.test -', 'POST live.paylink.test -']],
])('a new %s sends the next requests there; a rerender with the same one keeps the client and its purchase', async (_, props, expected) => {
  const view = render(
    <PayLinkProvider {...props('sandbox')}>
      <Purchase />
    </PayLinkProvider>,
  )
  await waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent('ready'))
  view.rerender(
    <PayLinkProvider {...props('sandbox')}>
      <Purchase />
    </PayLinkProvider>,
  )
  // A new client would be a new purchase, loading its requirements again.
  expect(screen.getByTestId('status')).toHaveTextContent('ready')
  view.rerender(
    <PayLinkProvider {...props('live')}>
      <Purchase />
    </PayLinkProvider>,
  )
  await waitFor(() => expect(sent).toHaveLength(2))
  await waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent('ready'))
  expect(sent).toEqual(expected)
})

test("another client on the same baseUrl (another user's key or headers) applies at once", async () => {
  const as = (key: string) => createPayLinkClient({ baseUrl: 'https://api.paylink.test', apiKey: key, dangerouslyAllowApiKeyInBrowser: true, retry: false })
  const [userA, userB] = [as('pk_user_a'), as('pk_user_b')]
  const view = render(
    <PayLinkProvider client={userA}>
      <Purchase />
    </PayLinkProvider>,
  )
  await waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent('ready'))
  view.rerender(
    <PayLinkProvider client={userB}>
      <Purchase />
    </PayLinkProvider>,
  )

  await waitFor(() => expect(sent).toEqual(['POST api.paylink.test pk_user_a', 'POST api.paylink.test pk_user_b']))
})

test('after a switch, no commit shows what the old API answered under the new client, not even for a frame', async () => {
  const commits: string[] = []
  function Price({ env }: { env: string }) {
    const link = useLink(MOCK_LINKS.demo)
    const text = `${env}: ${link.data ? link.data.price?.amount : 'loading'}`
    useLayoutEffect(() => void commits.push(text))
    return <span data-testid="price">{text}</span>
  }
  const view = render(
    <PayLinkProvider baseUrl="https://sandbox.paylink.test" retry={false}>
      <Price env="sandbox" />
    </PayLinkProvider>,
  )
  await waitFor(() => expect(screen.getByTestId('price')).toHaveTextContent('sandbox: 1.50'))
  commits.length = 0
  view.rerender(
    <PayLinkProvider baseUrl="https://live.paylink.test" retry={false}>
      <Price env="live" />
    </PayLinkProvider>,
  )
  await waitFor(() => expect(screen.getByTestId('price')).toHaveTextContent('live: 1.50'))
  expect(commits[0]).toBe('live: loading')
  expect(sent).toEqual(['GET sandbox.paylink.test -', 'GET live.paylink.test -'])
})

test('a switch in a transition that suspends, while the old tree re-renders and asks the old API again: once committed, the new API answers, not the old', async () => {
  const sandbox = createPayLinkClient({ baseUrl: 'https://sandbox.paylink.test', retry: false })
  // The live API asks 9.99 for the same code.
  const live = otherApiClient('https://live.paylink.test', (link) => ({ ...link, price: { ...link.price, amount: '9.99' } }))
  let rerenderPrice!: () => void
  function Price() {
    const [, set] = useState(0)
    rerenderPrice = () => set((n) => n + 1)
    const link = useLink(MOCK_LINKS.demo)
    return <span data-testid="price">{link.data ? link.data.price?.amount : 'loading'}</span>
  }
  // The live page loads something first (a lazy route): the transition waits, the old page stays.
  let loaded = false
  let load!: () => void
  const loading = new Promise<void>((resolve) => (load = resolve))
  function LivePage({ client }: { client: PayLinkClient }) {
    if (client === live && !loaded) throw loading
    return null
  }
  let switchTo!: (client: PayLinkClient) => void
  function App() {
    const [client, set] = useState(sandbox)
    switchTo = set
    return (
      <Suspense fallback={<span>fallback</span>}>
        <PayLinkProvider client={client}>
          <Price />
          <LivePage client={client} />
        </PayLinkProvider>
      </Suspense>
    )
  }
  render(<App />, { wrapper: ({ children }) => <QueryClientProvider client={testQueryClient()}>{children}</QueryClientProvider> })
  await waitFor(() => expect(screen.getByTestId('price')).toHaveTextContent('1.50'))
  act(() => startTransition(() => switchTo(live)))
  // Something on the old page re-renders meanwhile (a tick, a poll, a click) and reads the link again.
  act(() => rerenderPrice())
  await waitFor(() => expect(sent).toEqual(['GET sandbox.paylink.test -', 'GET sandbox.paylink.test -']))
  await act(async () => {
    loaded = true
    load()
    await loading
  })
  await waitFor(() => expect(screen.getByTestId('price')).toHaveTextContent('9.99'))
  expect(sent.at(-1)).toBe('GET live.paylink.test -')
})

test('after a switch, the link the old API answered is asked again of the new one, not shown as its own', async () => {
  function Price() {
    const link = useLink(MOCK_LINKS.demo)
    return <span data-testid="price">{link.data ? link.data.price?.amount : 'loading'}</span>
  }
  const view = render(
    <PayLinkProvider baseUrl="https://sandbox.paylink.test" retry={false}>
      <Price />
    </PayLinkProvider>,
  )
  await waitFor(() => expect(screen.getByTestId('price')).toHaveTextContent('1.50'))
  view.rerender(
    <PayLinkProvider baseUrl="https://live.paylink.test" retry={false}>
      <Price />
    </PayLinkProvider>,
  )

  await waitFor(() => expect(sent).toEqual(['GET sandbox.paylink.test -', 'GET live.paylink.test -']))
  await waitFor(() => expect(screen.getByTestId('price')).toHaveTextContent('1.50'))
})

test("usePayLinkClient gives the provider's client, to call the endpoint functions with; outside a provider it names itself", () => {
  const { result } = renderHook(() => usePayLinkClient(), { wrapper: ({ children }) => <PayLinkProvider client={clients.live}>{children}</PayLinkProvider> })
  expect(result.current).toBe(clients.live)
  expect(() => renderHook(() => usePayLinkClient())).toThrow(/^usePayLinkClient must be used inside <PayLinkProvider>/)
})
