import type { ComponentType, ReactNode } from 'react';
import { Pagination } from './Pagination';

/** The spec's loading state of a card list: six skeleton cards. */
const SKELETON_CARDS = 6;

interface CardGridProps<Item> {
  /** The grid's layout class (the feature's CSS). */
  className: string;
  /** While the first page loads: skeleton cards in the same grid. */
  pending: boolean;
  loadingLabel: string;
  /** Said once loaded ("12 events found"), so a filter's outcome is heard, not only seen. */
  resultsLabel: string;
  Skeleton: ComponentType;
  items: readonly Item[];
  /** One card, with its key. */
  renderItem: (item: Item) => ReactNode;
  /** Shown instead of the grid when there are no items. */
  empty: ReactNode;
  page: number;
  totalPages: number;
  onPageChange: (page: number) => void;
}

/** A paged card list: skeletons while loading, the empty state, or the cards and pagination. */
export function CardGrid<Item>({
  className,
  pending,
  loadingLabel,
  resultsLabel,
  Skeleton,
  items,
  renderItem,
  empty,
  page,
  totalPages,
  onPageChange,
}: CardGridProps<Item>) {
  // One live region for the list's life (a new one is often not read): loading, then the count.
  // The skeletons themselves are pictures of nothing.
  const status = (
    <span role="status" className="visually-hidden">
      {pending ? loadingLabel : resultsLabel}
    </span>
  );
  if (pending) {
    return (
      <>
        {status}
        <div className={className} aria-busy="true">
          {Array.from({ length: SKELETON_CARDS }, (_, index) => (
            <Skeleton key={index} />
          ))}
        </div>
      </>
    );
  }
  return (
    <>
      {status}
      {items.length === 0 ? (
        empty
      ) : (
        <>
          <div className={className}>{items.map(renderItem)}</div>
          <Pagination page={page} totalPages={totalPages} onPageChange={onPageChange} />
        </>
      )}
    </>
  );
}

interface CardSkeletonProps {
  /** The card's own classes, so the placeholder takes the card's size. */
  className: string;
  imageClassName: string;
  testId: string;
  /** The height of the last bar: the card's body text or controls. */
  bodyHeight: number;
  bodyWidth?: string;
}

/** The loading state of one card: image, badge, title and body bars. */
export function CardSkeleton({
  className,
  imageClassName,
  testId,
  bodyHeight,
  bodyWidth = '100%',
}: CardSkeletonProps) {
  return (
    <div className={`${className} content-card card`} aria-hidden="true" data-testid={testId}>
      <span className={`skeleton ${imageClassName} content-card__image`} />
      <span className="skeleton" style={{ width: '40%', height: 14 }} />
      <span className="skeleton" style={{ width: '90%', height: 22 }} />
      <span className="skeleton" style={{ width: bodyWidth, height: bodyHeight }} />
    </div>
  );
}
