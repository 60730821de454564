import { useState } from 'react';
import { useDebounced } from './useDebounced';

/**
 * A filtered, paged list's state: the filters as typed, the page, and the search text once it
 * has settled (debounced and trimmed, for the query). Any filter change starts again at page 1.
 */
export function useListFilters<Filters extends { search: string }>(initial: Filters) {
  const [filters, setFilters] = useState(initial);
  const [page, setPage] = useState(1);
  const search = useDebounced(filters.search.trim());
  const changeFilters = (values: Filters) => {
    setFilters(values);
    setPage(1);
  };
  return { filters, changeFilters, search, page, setPage };
}
