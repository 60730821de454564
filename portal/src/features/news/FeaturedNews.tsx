import { EmptyState, Skeleton } from '@diaspora/ui';
import { useTranslation } from 'react-i18next';
import './news.css';
import { NewsCard } from './NewsCard';
import { useFeaturedNews } from './useNews';

/** The home page's Latest featured news: 4 cards (spec section 2, Home). */
export function FeaturedNews() {
  const { t } = useTranslation('home');
  const featured = useFeaturedNews(4);
  if (featured.isError) console.warn('featured news failed to load', featured.error);
  if (featured.isPending) {
    return (
      <div className="news-grid news-grid--four" aria-busy="true">
        {Array.from({ length: 4 }, (_, index) => (
          <Skeleton key={index} height={260} />
        ))}
      </div>
    );
  }
  const articles = featured.data?.news ?? [];
  if (articles.length === 0) return <EmptyState title={t('latestNews.empty')} />;
  return (
    <div className="news-grid news-grid--four">
      {articles.map((article) => (
        <NewsCard key={article._id} article={article} />
      ))}
    </div>
  );
}
