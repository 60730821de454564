import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FeaturedNews } from '../news/FeaturedNews';

/** Latest featured news: 4 cards from GET /news?limit=4&featured=true (the news feature). */
export function LatestNewsSection() {
  const { t } = useTranslation('home');
  return (
    <section className="home-section container">
      <div className="section-heading">
        <h2 className="section-title">{t('latestNews.title')}</h2>
        <Link to="/news">{t('latestNews.viewAll')}</Link>
      </div>
      <FeaturedNews />
    </section>
  );
}
