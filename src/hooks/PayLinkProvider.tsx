import { QueryClient, QueryClientContext, QueryClientProvider } from '@tanstack/react-query'
import { createContext, type ReactNode, useContext, useState } from 'react'
import { createPayLinkClient, type PayLinkClient, type PayLinkClientOptions } from '../client/createPayLinkClient.js'

const PayLinkContext = createContext<PayLinkClient | null>(null)

/** Props of `PayLinkProvider`: a ready client, or the options to create one. */
export type PayLinkProviderProps = { children?: ReactNode } & (
  | { /** The client the hooks and components use. */ client: PayLinkClient }
  | ({ client?: undefined } & PayLinkClientOptions)
)

/**
 * Gives the PayLink hooks and components their client. Works inside the app's
 * `QueryClientProvider`, and where there is none it provides its own `QueryClient`.
 */
export function PayLinkProvider({ children, ...props }: PayLinkProviderProps) {
  // Created once: a new client per render would reset every query that depends on it.
  const [client] = useState(() => props.client ?? createPayLinkClient(props as PayLinkClientOptions))
  const hostQueryClient = useContext(QueryClientContext)
  const [ownQueryClient] = useState(() => (hostQueryClient ? undefined : new QueryClient()))
  const tree = <PayLinkContext.Provider value={client}>{children}</PayLinkContext.Provider>
  return ownQueryClient ? <QueryClientProvider client={ownQueryClient}>{tree}</QueryClientProvider> : tree
}

/** The client of the nearest `PayLinkProvider`; `hookName` names the caller in the error thrown when there is none. */
export function usePayLinkClient(hookName = 'usePayLinkClient'): PayLinkClient {
  const client = useContext(PayLinkContext)
  if (!client) {
    throw new Error(`${hookName} must be used inside <PayLinkProvider>; wrap your app in one.`)
  }
  return client
}
