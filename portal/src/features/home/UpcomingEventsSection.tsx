import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { UpcomingEvents } from '../events/UpcomingEvents';

/** Upcoming events: 4 cards from the events feature (skeletons while loading). */
export function UpcomingEventsSection() {
  const { t } = useTranslation('home');
  return (
    <section className="home-section container">
      <div className="section-heading">
        <h2 className="section-title">{t('upcomingEvents.title')}</h2>
        <Link to="/events">{t('upcomingEvents.viewAll')}</Link>
      </div>
      <UpcomingEvents />
    </section>
  );
}
