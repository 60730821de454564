import { EmptyState } from '@diaspora/ui';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/**
 * Seam for the events feature: replace the empty state with 4 event cards from
 * GET /events?limit=4 (skeletons while loading).
 */
export function UpcomingEventsSection() {
  const { t } = useTranslation('home');
  return (
    <section className="home-section container">
      <div className="section-heading">
        <h2 className="section-title">{t('upcomingEvents.title')}</h2>
        <Link to="/events">{t('upcomingEvents.viewAll')}</Link>
      </div>
      <EmptyState title={t('upcomingEvents.empty')} />
    </section>
  );
}
