import type { Listing } from '@diaspora/api-client';
import { Alert, apiErrorText, EmptyState, Pagination, Spinner } from '@diaspora/ui';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useClampedPage } from '../../shared/useClampedPage';
import { useConfirmedDelete } from '../../shared/useConfirmedDelete';
import { useFocusRecovery } from '../../shared/useFocusRecovery';
import './directory-admin.css';
import { ListingDetailsModal } from './ListingDetailsModal';
import { ModerationCard } from './ModerationCard';
import { RejectDialog } from './RejectDialog';
import {
  useAllListings,
  useDeleteListing,
  useModerate,
  usePendingListings,
  type ModerationAction,
  type ModerationView,
} from './useAdminDirectory';

/** The Directory tab: the moderation panel of spec 2 (Pending / All Listings, cards, actions). */
export function DirectoryTab() {
  const { t } = useTranslation('directory');
  const [view, setView] = useState<ModerationView>('pending');
  const [page, setPage] = useState(1);
  const pending = usePendingListings(view === 'pending' ? page : 1);
  const all = useAllListings(view === 'all' ? page : 1);
  const shown = view === 'pending' ? pending : all;
  useClampedPage(page, shown.data?.totalPages, setPage);
  const moderate = useModerate();
  const remove = useConfirmedDelete(useDeleteListing(), t('admin.confirmDelete'));
  const [viewing, setViewing] = useState<Listing>();
  // An approved listing leaves the pending list: its neighbour's button takes the focus.
  const grid = useRef<HTMLDivElement>(null);
  useFocusRecovery(grid);
  const [rejecting, setRejecting] = useState<Listing>();
  const [actionFailed, setActionFailed] = useState<string>();

  const run = (action: ModerationAction) => {
    setActionFailed(undefined);
    moderate.mutate(action, {
      // Approve and reject failures are only logged by the spec; a banner says it too, with the
      // server's reason (an owner's edit since the review, another admin's decision).
      onError: (error) => {
        console.warn('moderation failed', error);
        setActionFailed(apiErrorText(error, t, t('admin.actionFailed')));
      },
    });
  };
  const switchTo = (next: ModerationView) => {
    setView(next);
    setPage(1);
  };
  const views: Array<{ id: ModerationView; label: string }> = [
    { id: 'pending', label: t('admin.pending', { count: pending.data?.total ?? 0 }) },
    { id: 'all', label: t('admin.all', { count: all.data?.total ?? 0 }) },
  ];

  return (
    <>
      <h2>{t('admin.title')}</h2>
      <div className="moderation-toggle" role="group" aria-label={t('admin.viewsLabel')}>
        {views.map((item) => (
          <button
            key={item.id}
            type="button"
            className={`btn ${view === item.id ? '' : 'btn--secondary'}`}
            aria-pressed={view === item.id}
            onClick={() => switchTo(item.id)}
          >
            {item.label}
          </button>
        ))}
      </div>
      {remove.failed && (
        <Alert tone="error" onDismiss={remove.clearFailure}>
          {t('admin.deleteFailed')}
        </Alert>
      )}
      {actionFailed && (
        <Alert tone="error" onDismiss={() => setActionFailed(undefined)}>
          {actionFailed}
        </Alert>
      )}
      {shown.isPending ? (
        <Spinner label={t('admin.loading')} />
      ) : shown.isError ? (
        <Alert tone="error">{t('admin.loadFailed')}</Alert>
      ) : shown.data.listings.length === 0 ? (
        view === 'pending' ? (
          <EmptyState title={t('admin.emptyPending')} hint={t('admin.emptyPendingHint')} />
        ) : (
          <EmptyState title={t('admin.emptyAll')} hint={t('admin.emptyAllHint')} />
        )
      ) : (
        <>
          <div ref={grid} className="moderation-grid">
            {shown.data.listings.map((listing) => (
              <ModerationCard
                key={listing._id}
                listing={listing}
                actions={{
                  busy: moderate.isPending || remove.pending,
                  onView: () => setViewing(listing),
                  onApprove: () =>
                    run({
                      kind: 'approve',
                      id: listing._id,
                      updatedAt: listing.updatedAt,
                      verified: listing.verified,
                      featured: listing.featured,
                    }),
                  onReject: () => setRejecting(listing),
                  onVerify: () => run({ kind: 'verify', id: listing._id }),
                  onFeature: () => run({ kind: 'feature', id: listing._id }),
                  onDelete: () => remove.confirmDelete(listing._id),
                }}
              />
            ))}
          </div>
          <Pagination page={page} totalPages={shown.data.totalPages} onPageChange={setPage} />
        </>
      )}
      <ListingDetailsModal listing={viewing} onClose={() => setViewing(undefined)} />
      <RejectDialog
        listing={rejecting}
        onClose={() => setRejecting(undefined)}
        onReject={(reason) => {
          if (rejecting) {
            run({ kind: 'reject', id: rejecting._id, updatedAt: rejecting.updatedAt, reason });
          }
          setRejecting(undefined);
        }}
      />
    </>
  );
}
