// The `@paylink/react/mock` entry: a stateful stand-in for the API, as MSW handlers and as a local
// server. `startMockServer` needs Node (`node:http`); browser code imports `@paylink/react/mock/browser`.
export * from './mock/browser.js'
export { type MockServer, type MockServerOptions, startMockServer } from './mock/startMockServer.js'
