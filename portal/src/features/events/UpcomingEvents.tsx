import { EmptyState } from '@diaspora/ui';
import { useTranslation } from 'react-i18next';
import './events.css';
import { EventCard, EventCardSkeleton } from './EventCard';
import { useUpcomingEvents } from './useEvents';

const HOME_EVENTS = 4;

/** The home page's upcoming events: 4 cards, skeletons while loading, or the empty message. */
export function UpcomingEvents() {
  const { t } = useTranslation('home');
  const upcoming = useUpcomingEvents(HOME_EVENTS);
  if (upcoming.isError) console.warn('upcoming events failed to load', upcoming.error);
  if (upcoming.isPending) {
    return (
      <div className="event-grid event-grid--four" aria-busy="true">
        {Array.from({ length: HOME_EVENTS }, (_, index) => (
          <EventCardSkeleton key={index} />
        ))}
      </div>
    );
  }
  const events = upcoming.data?.events ?? [];
  if (events.length === 0) return <EmptyState title={t('upcomingEvents.empty')} />;
  return (
    <div className="event-grid event-grid--four">
      {events.map((event) => (
        <EventCard key={event._id} event={event} compact />
      ))}
    </div>
  );
}
