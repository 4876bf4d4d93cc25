import type { Decorator } from '@storybook/react-vite'
import { PayLinkProvider } from '../../src/hooks/PayLinkProvider.js'
import { storyBaseUrl } from './paylinkMock.js'

/**
 * Wraps every story in a `PayLinkProvider` whose client (no key, no transport retries) talks to the
 * story's own mock; keyed by story id, so each story gets a fresh client and `QueryClient`.
 */
export const withPayLink: Decorator = (Story, { id, parameters }) => (
  <PayLinkProvider key={id} retry={false} {...parameters.paylinkMock?.client} baseUrl={storyBaseUrl(id)}>
    <Story />
  </PayLinkProvider>
)
