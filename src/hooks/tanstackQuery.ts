// TanStack Query's hooks that the query hooks (usePayLinkQuery, usePolledQuery, useCreateLink)
// share, in one import statement instead of one per module (see tanstack.ts).
export { useQuery, useQueryClient } from '@tanstack/react-query'
