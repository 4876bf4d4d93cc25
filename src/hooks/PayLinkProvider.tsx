import { QueryClient, QueryClientContext, QueryClientProvider } from './tanstack.js'
import { type ReactNode, useContext, useState } from 'react'
import { createPayLinkClient, type PayLinkClient, type PayLinkClientOptions } from '../client/createPayLinkClient.js'
import { PayLinkContext } from './usePayLinkClient.js'

export { usePayLinkClient } from './usePayLinkClient.js'

/** Props of `PayLinkProvider`: a ready client, or the options to create one. */
export type PayLinkProviderProps = { children?: ReactNode } & (
  | { /** The client the hooks and components use. */ client: PayLinkClient }
  | ({ client?: undefined } & PayLinkClientOptions)
)

/**
 * Gives the PayLink hooks and components their client. Works inside the app's
 * `QueryClientProvider`, and where there is none it provides its own `QueryClient`.
 */
export function PayLinkProvider(props: PayLinkProviderProps) {
  const hostQueryClient = useContext(QueryClientContext)
  // Created once: a new client per render would reset every query that depends on it. The props go
  // to createPayLinkClient as they are, children included: it reads only its options.
  const [[client, ownQueryClient]] = useState(
    () => [props.client ?? createPayLinkClient(props as PayLinkClientOptions), !hostQueryClient && new QueryClient()] as const,
  )
  const tree = <PayLinkContext.Provider value={client}>{props.children}</PayLinkContext.Provider>
  return ownQueryClient ? <QueryClientProvider client={ownQueryClient}>{tree}</QueryClientProvider> : tree
}
