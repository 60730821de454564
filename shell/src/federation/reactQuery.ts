// The part of TanStack Query the front ends use, shared as the one `@tanstack/react-query`
// instance (a shared module is otherwise built whole); sharedEntries.test.ts checks every
// import is here.
export {
  keepPreviousData,
  QueryClient,
  QueryClientProvider,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
