import { useEffect } from 'react';

/**
 * Steps back to the last page when the current one no longer exists (its last item was just
 * deleted), instead of showing an empty page with items before it.
 */
export function useClampedPage(
  page: number,
  totalPages: number | undefined,
  setPage: (page: number) => void,
): void {
  useEffect(() => {
    if (totalPages !== undefined && totalPages > 0 && page > totalPages) setPage(totalPages);
  }, [page, totalPages, setPage]);
}
