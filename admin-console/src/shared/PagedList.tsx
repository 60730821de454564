import { Alert, EmptyState, Pagination, Spinner } from '@diaspora/ui';
import type { ReactNode } from 'react';

/** What every paged list of the API answers beside its rows (the one pagination helper's shape). */
interface ListPage {
  page: number;
  totalPages: number;
}

interface PagedListProps<Data extends ListPage> {
  /** The page's query (TanStack Query's result, or anything shaped like it). */
  query: { isPending: boolean; isError: boolean; data: Data | undefined };
  /** Said when the page could not be loaded. */
  loadFailed: string;
  /** Whether the loaded page has no rows, and what to say then. */
  isEmpty: (data: Data) => boolean;
  empty: { title: string; hint?: string };
  onPageChange: (page: number) => void;
  /** The loaded page's list (an AdminTable, or cards). */
  children: (data: Data) => ReactNode;
}

/**
 * One page of a console list in its four states: loading, failed, empty, or the list with its
 * page links, so the tabs state only their rows.
 */
export function PagedList<Data extends ListPage>({
  query,
  loadFailed,
  isEmpty,
  empty,
  onPageChange,
  children,
}: PagedListProps<Data>) {
  if (query.isPending) return <Spinner />;
  if (query.isError || !query.data) return <Alert tone="error">{loadFailed}</Alert>;
  if (isEmpty(query.data)) return <EmptyState title={empty.title} hint={empty.hint} />;
  return (
    <>
      {children(query.data)}
      <Pagination
        page={query.data.page}
        totalPages={query.data.totalPages}
        onPageChange={onPageChange}
      />
    </>
  );
}
