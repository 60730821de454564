import { EmptyState } from '@diaspora/ui';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/**
 * Seam for the news feature: replace the empty state with 4 featured news cards from
 * GET /news?limit=4&featured=true.
 */
export function LatestNewsSection() {
  const { t } = useTranslation('home');
  return (
    <section className="home-section container">
      <div className="section-heading">
        <h2 className="section-title">{t('latestNews.title')}</h2>
        <Link to="/news">{t('latestNews.viewAll')}</Link>
      </div>
      <EmptyState title={t('latestNews.empty')} />
    </section>
  );
}
