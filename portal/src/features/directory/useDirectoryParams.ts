import { useDebounced } from '@diaspora/ui';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';

export const DIRECTORY_TABS = ['all', 'mine'] as const;
export type DirectoryTab = (typeof DIRECTORY_TABS)[number];

export interface DirectoryParams {
  tab: DirectoryTab;
  search: string;
  type: string;
  category: string;
  page: number;
}

const read = (params: URLSearchParams): DirectoryParams => {
  const page = Number(params.get('page'));
  return {
    tab: params.get('tab') === 'mine' ? 'mine' : 'all',
    search: params.get('search') ?? '',
    type: params.get('type') ?? '',
    category: params.get('category') ?? '',
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
};

/**
 * The list's tab, filters and page live in the URL (?tab&search&type&category&page), so a
 * filtered list can be shared and survives reload. The search box is debounced before it
 * reaches the URL; any filter change starts again at page 1.
 */
export function useDirectoryParams() {
  const [params, setParams] = useSearchParams();
  const current = read(params);
  const [searchText, setSearchText] = useState(current.search);
  const settled = useDebounced(searchText.trim());

  const update = (changes: Partial<DirectoryParams>) => {
    setParams(
      (previous) => {
        const next = { ...read(previous), page: 1, ...changes };
        const query = new URLSearchParams();
        if (next.tab === 'mine') query.set('tab', 'mine');
        if (next.search) query.set('search', next.search);
        if (next.type) query.set('type', next.type);
        if (next.category) query.set('category', next.category);
        if (next.page > 1) query.set('page', String(next.page));
        return query;
      },
      { replace: true },
    );
  };

  useEffect(() => {
    if (settled !== current.search) update({ search: settled });
    // Only a settled search box writes to the URL.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settled]);

  return { params: current, searchText, setSearchText, update };
}
