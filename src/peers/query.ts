// TanStack Query's functions, imported from here for the reason peers/react.ts gives. No React
// import of its own: the query factories (@paylink/react/query) import it, and stay usable from a
// Server Component.
export { focusManager, onlineManager, QueryClient, QueryClientContext, QueryClientProvider, replaceEqualDeep, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
