// The server entry, `@paylink/react/server`: a key-adding proxy for the browser client. No React here.
export { createPayLinkProxy, type PayLinkProxy } from './server/createPayLinkProxy.js'
export type { PayLinkProxyOptions } from './server/resolveProxyOptions.js'
export { type NodeHandler, toNodeHandler } from './server/toNodeHandler.js'
export { PROXY_ROUTES, type ProxyRoute } from './server/routes.js'
export { PayLinkConfigError } from './client/errors.js'
