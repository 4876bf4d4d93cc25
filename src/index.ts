// The root entry, `@paylink/react`: the client, and (as they land) the hooks and components.
export * from './client.js'
