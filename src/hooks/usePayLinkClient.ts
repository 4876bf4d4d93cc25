import { createContext, useContext } from '../peers/react.js'
import type { PayLinkClient } from '../client/createPayLinkClient.js'

// Apart from PayLinkProvider, so that a hook or component bundles the context it reads and not
// the provider (nor the QueryClient it may create).
/** The client `PayLinkProvider` gives its tree. */
export const PayLinkContext = createContext<PayLinkClient | null>(null)

/**
 * The client of the nearest `PayLinkProvider`; `hookName` names the caller in the error thrown when
 * there is none. Its public form (PayLinkProvider.tsx) names itself by default: the hooks and
 * components name themselves, and their bundles do without that default.
 */
export function usePayLinkClient(hookName: string): PayLinkClient {
  const client = useContext(PayLinkContext)
  if (!client) {
    throw new Error(`${hookName} must be used inside <PayLinkProvider>`)
  }
  return client
}
