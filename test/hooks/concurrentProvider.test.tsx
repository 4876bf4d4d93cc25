import { act, render, screen, waitFor } from '@testing-library/react'
import { QueryClientProvider, useSuspenseQuery } from '@tanstack/react-query'
import { startTransition, Suspense, useState } from 'react'
import { createPayLinkClient } from '../../src/client.js'
import { PayLinkProvider, usePayLinkClient } from '../../src/hooks/PayLinkProvider.js'
import { getLinkQueryOptions } from '../../src/query/getLinkQueryOptions.js'
import { MOCK_LINKS } from '../../src/mock/constants.js'
import { otherApiClient, sentHosts, testQueryClient, useMockApi } from './harness.js'

// React's concurrent features around PayLinkProvider: a switch of API rendered in a transition.
const sent = sentHosts(useMockApi())

// The live API asks 9.99 for the same code.
const live = otherApiClient('https://live.paylink.test', (link) => ({ ...link, price: { ...link.price, amount: '9.99' } }))
const sandbox = createPayLinkClient({ baseUrl: 'https://sandbox.paylink.test', retry: false })

/** An app's own reader of the link, through the package's factory with `useSuspenseQuery`. */
function Price() {
  const { data } = useSuspenseQuery(getLinkQueryOptions(usePayLinkClient(), MOCK_LINKS.demo))
  return <span data-testid="price">{data.price?.amount}</span>
}

test('a provider switched to another API in a transition, under a reader that suspends for the new answer, shows that answer once it comes: one request, not one per retry', async () => {
  let toLive!: () => void
  function App() {
    const [env, set] = useState<'sandbox' | 'live'>('sandbox')
    toLive = () => startTransition(() => set('live'))
    return (
      <PayLinkProvider client={env === 'live' ? live : sandbox}>
        <Suspense fallback="loading">
          <Price />
        </Suspense>
      </PayLinkProvider>
    )
  }
  render(<App />, { wrapper: ({ children }) => <QueryClientProvider client={testQueryClient()}>{children}</QueryClientProvider> })
  await waitFor(() => expect(screen.getByTestId('price')).toHaveTextContent('1.50'))
  act(() => toLive())
  // The old answer stays on screen while the new one loads (a transition), then the new one shows.
  expect(screen.getByTestId('price')).toHaveTextContent('1.50')
  await waitFor(() => expect(screen.getByTestId('price')).toHaveTextContent('9.99'))
  expect(sent).toEqual(['GET sandbox.paylink.test', 'GET live.paylink.test'])
})
