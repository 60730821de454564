import type { UseQueryResult } from '@tanstack/react-query';
import { useDeferredValue } from 'react';

/**
 * A query whose answer is drawn in a render that yields to the browser. A query's answer is a
 * blocking update (TanStack Query reads its cache through useSyncExternalStore), and a page of
 * cards drawn in one go is a long task on a phone; the deferred render is done in slices. Until
 * it has the answer, the caller sees the state it was drawing (loading, or the previous answer).
 */
export function useDeferredQuery<TData, TError>(
  query: UseQueryResult<TData, TError>,
): UseQueryResult<TData, TError> {
  const data = useDeferredValue(query.data);
  if (data === query.data) return query;
  if (data === undefined) {
    return {
      ...query,
      data: undefined,
      status: 'pending',
      isPending: true,
      isSuccess: false,
      isLoading: query.isFetching,
    } as UseQueryResult<TData, TError>;
  }
  return { ...query, data } as UseQueryResult<TData, TError>;
}
