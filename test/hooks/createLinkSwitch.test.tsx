import { act, render, screen, waitFor } from '@testing-library/react'
import { useState } from 'react'
import { createPayLinkClient, type PayLinkClient } from '../../src/client.js'
import { PayLinkProvider } from '../../src/hooks/PayLinkProvider.js'
import { useCreateLink } from '../../src/hooks/useCreateLink.js'
import { useLink } from '../../src/hooks/useLink.js'
import { LINK_INPUT, otherApiClient, sentHosts, testQueryClient, useMockApi } from './harness.js'
import { QueryClientProvider } from '@tanstack/react-query'

const sent = sentHosts(useMockApi())

const input = LINK_INPUT

// The sandbox's answer to POST /links is held until the test lets it go.
function heldSandbox() {
  let release!: () => void
  const held = new Promise<void>((resolve) => (release = resolve))
  const client = createPayLinkClient({
    baseUrl: 'https://sandbox.paylink.test',
    retry: false,
    fetch: async (input, init) => {
      const response = await fetch(input, init)
      if (init?.method === 'POST') await held
      return response
    },
  })
  return { client, release }
}
// The live API names every link 'live'.
const live = otherApiClient('https://live.paylink.test', (link) => ({ ...link, title: 'live' }))

function Reader({ code }: { code: string | undefined }) {
  const link = useLink(code)
  return <span data-testid="title">{link.data ? String(link.data.title) : 'loading'}</span>
}

test.each(['kept mounted', 'remounted'])(
  "a link created by the old API whose answer comes after the provider's client switched is not cached as the new API's (the form %s)",
  async (how) => {
    const sandbox = heldSandbox()
    let create!: () => Promise<unknown>
    let code: string | undefined
    function Form() {
      const { mutateAsync } = useCreateLink()
      create = () => mutateAsync(input).then((link) => (code = link.code))
      return null
    }
    let switchTo!: (client: PayLinkClient) => void
    let show!: (code: string) => void
    function App() {
      const [client, set] = useState(sandbox.client)
      const [shown, setShown] = useState<string>()
      switchTo = set
      show = setShown
      return (
        <PayLinkProvider client={client}>
          <Form key={how === 'remounted' ? String(client === live) : 'form'} />
          {shown && <Reader code={shown} />}
        </PayLinkProvider>
      )
    }
    render(<App />, { wrapper: ({ children }) => <QueryClientProvider client={testQueryClient()}>{children}</QueryClientProvider> })
    let created!: Promise<unknown>
    act(() => void (created = create().catch(() => {})))
    await waitFor(() => expect(sent).toEqual(['POST sandbox.paylink.test']))
    act(() => switchTo(live))
    await act(async () => {
      sandbox.release()
      await created
    })
    // The sandbox made a link with that code; the page now asks the live API for it.
    expect(code).toEqual(expect.any(String))
    act(() => show(code!))
    await waitFor(() => expect(screen.getByTestId('title')).toHaveTextContent('live'))
    expect(sent).toEqual(['POST sandbox.paylink.test', 'GET live.paylink.test'])
  },
)

test('a link created under a provider nested in another of the same API is cached: reading it back costs no request', async () => {
  let create!: () => Promise<{ code: string }>
  function Form() {
    const { mutateAsync } = useCreateLink()
    create = () => mutateAsync(input)
    return null
  }
  let show!: (code: string) => void
  function Page() {
    const [shown, setShown] = useState<string>()
    show = setShown
    return (
      <>
        <Form />
        {shown && <Reader code={shown} />}
      </>
    )
  }
  render(
    <PayLinkProvider baseUrl="https://api.paylink.test" retry={false}>
      <PayLinkProvider baseUrl="https://api.paylink.test" retry={false}>
        <Page />
      </PayLinkProvider>
    </PayLinkProvider>,
  )
  const link = await act(() => create())
  act(() => show(link.code))
  expect(screen.getByTestId('title')).toHaveTextContent('undefined')
  expect(sent).toEqual(['POST api.paylink.test'])
})

test("a link created under one API, then read under a provider of another mounted in its place (a keyed switch), is asked of the new API, not shown from the old one's cache", async () => {
  const sandbox = createPayLinkClient({ baseUrl: 'https://sandbox.paylink.test', retry: false })
  let create!: () => Promise<{ code: string }>
  function Form() {
    const { mutateAsync } = useCreateLink()
    create = () => mutateAsync(input)
    return null
  }
  let toLive!: () => void
  let show!: (code: string) => void
  function App() {
    const [env, setEnv] = useState<'sandbox' | 'live'>('sandbox')
    const [shown, setShown] = useState<string>()
    toLive = () => setEnv('live')
    show = setShown
    return (
      <PayLinkProvider key={env} client={env === 'live' ? live : sandbox}>
        <Form />
        {shown && <Reader code={shown} />}
      </PayLinkProvider>
    )
  }
  render(<App />, { wrapper: ({ children }) => <QueryClientProvider client={testQueryClient()}>{children}</QueryClientProvider> })
  const link = await act(() => create())
  act(() => toLive())
  act(() => show(link.code))
  await waitFor(() => expect(screen.getByTestId('title')).toHaveTextContent('live'))
  expect(sent).toEqual(['POST sandbox.paylink.test', 'GET live.paylink.test'])
})
