import { isAdmin, useSession } from '@diaspora/session';
import { CardGrid, EmptyState, PageFrame, useListFilters } from '@diaspora/ui';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import './events.css';
import { EventCard, EventCardSkeleton } from './EventCard';
import { EventsFilters, type EventFilterValues } from './EventsFilters';
import { useEventsList } from './useEvents';

const NO_FILTERS: EventFilterValues = {
  search: '',
  category: '',
  country: '',
  // The list opens on what is coming up, soonest first (issue 32); unticked, past events follow.
  upcomingOnly: true,
};

/** Events list (spec 2): hero, filters, a 3-column card grid, pagination and the empty state. */
export function EventsPage() {
  const { t } = useTranslation('events');
  const { user } = useSession();
  const { filters, changeFilters, search, page, setPage } = useListFilters(NO_FILTERS);
  const list = useEventsList({ ...filters, search, page });
  if (list.isError) console.warn('events failed to load', list.error);
  const events = list.data?.events ?? [];
  const filtered = Boolean(
    search ||
    filters.category ||
    filters.country ||
    filters.upcomingOnly !== NO_FILTERS.upcomingOnly,
  );

  return (
    <PageFrame title={t('title')} subtitle={t('subtitle')}>
      <div className="event-toolbar">
        <EventsFilters values={filters} onChange={changeFilters} />
        {isAdmin(user) && (
          <Link className="btn btn--accent" to="/admin">
            {t('createEvent')}
          </Link>
        )}
      </div>
      <CardGrid
        className="event-grid"
        pending={list.isPending}
        loadingLabel={t('loading')}
        resultsLabel={t('results', { count: list.data?.total ?? 0 })}
        Skeleton={EventCardSkeleton}
        items={events}
        renderItem={(event) => <EventCard key={event._id} event={event} level={2} />}
        empty={
          <EmptyState
            title={t('empty')}
            hint={filtered ? t('emptyHintFiltered') : t('emptyHint')}
          />
        }
        page={list.data?.page ?? 1}
        totalPages={list.data?.totalPages ?? 1}
        onPageChange={setPage}
      />
    </PageFrame>
  );
}
