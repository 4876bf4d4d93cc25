// TanStack Query's run-time imports for the provider and the mutation hooks, which only the root
// entry carries together. A bundler writes one import statement per module that imports an
// external package: each hook importing `useMutation` on its own repeated it in the bundle. Only
// names that go together belong here, as every name stays in each bundle that imports the module.
export { QueryClient, QueryClientContext, QueryClientProvider, useMutation } from '@tanstack/react-query'
