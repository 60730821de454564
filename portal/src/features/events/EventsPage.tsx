import { isAdmin, useSession } from '@diaspora/session';
import { EmptyState, PageFrame, Pagination, useDebounced } from '@diaspora/ui';
import { useState } from 'react';
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
  upcomingOnly: false,
};
const SKELETON_CARDS = 6;

/** Events list (spec 2): hero, filters, a 3-column card grid, pagination and the empty state. */
export function EventsPage() {
  const { t } = useTranslation('events');
  const { user } = useSession();
  const [filters, setFilters] = useState(NO_FILTERS);
  const [page, setPage] = useState(1);
  const search = useDebounced(filters.search.trim());
  const list = useEventsList({ ...filters, search, page });
  if (list.isError) console.warn('events failed to load', list.error);
  const events = list.data?.events ?? [];
  const filtered = Boolean(search || filters.category || filters.country || filters.upcomingOnly);

  const changeFilters = (values: EventFilterValues) => {
    setFilters(values);
    setPage(1);
  };

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
      {list.isPending ? (
        <div className="event-grid" aria-busy="true" aria-label={t('loading')}>
          {Array.from({ length: SKELETON_CARDS }, (_, index) => (
            <EventCardSkeleton key={index} />
          ))}
        </div>
      ) : events.length === 0 ? (
        <EmptyState title={t('empty')} hint={filtered ? t('emptyHintFiltered') : t('emptyHint')} />
      ) : (
        <>
          <div className="event-grid">
            {events.map((event) => (
              <EventCard key={event._id} event={event} />
            ))}
          </div>
          <Pagination
            page={list.data?.page ?? 1}
            totalPages={list.data?.totalPages ?? 1}
            onPageChange={setPage}
          />
        </>
      )}
    </PageFrame>
  );
}
