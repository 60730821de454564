import { EmptyState, PageFrame, Pagination, useDebounced } from '@diaspora/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CommentThread } from '../comments';
import './news.css';
import { NewsCard, NewsCardSkeleton } from './NewsCard';
import { NewsFilters, type NewsFilterValues } from './NewsFilters';
import { useNewsList } from './useNews';

const NO_FILTERS: NewsFilterValues = { search: '', category: '', featuredOnly: false };
const SKELETON_CARDS = 6;

/** News & Stories: filters, cards, pagination, and the discussion of the first featured article. */
export function NewsPage() {
  const { t } = useTranslation('news');
  const [filters, setFilters] = useState(NO_FILTERS);
  const [page, setPage] = useState(1);
  const search = useDebounced(filters.search.trim());
  const list = useNewsList({ ...filters, search, page });
  if (list.isError) console.warn('news failed to load', list.error);
  const articles = list.data?.news ?? [];
  const firstFeatured = articles.find((article) => article.featured);

  const changeFilters = (values: NewsFilterValues) => {
    setFilters(values);
    setPage(1);
  };

  return (
    <PageFrame title={t('title')} subtitle={t('subtitle')}>
      <NewsFilters values={filters} onChange={changeFilters} />
      {list.isPending ? (
        <div className="news-grid" aria-busy="true" aria-label={t('loading')}>
          {Array.from({ length: SKELETON_CARDS }, (_, index) => (
            <NewsCardSkeleton key={index} />
          ))}
        </div>
      ) : articles.length === 0 ? (
        <EmptyState
          title={t('empty')}
          hint={t('emptyHint')}
          action={
            <button type="button" className="btn" onClick={() => changeFilters(NO_FILTERS)}>
              {t('clearFilters')}
            </button>
          }
        />
      ) : (
        <>
          <div className="news-grid">
            {articles.map((article) => (
              <NewsCard key={article._id} article={article} />
            ))}
          </div>
          <Pagination
            page={list.data?.page ?? 1}
            totalPages={list.data?.totalPages ?? 1}
            onPageChange={setPage}
          />
        </>
      )}
      {firstFeatured && (
        <div className="news-discussion card">
          <p className="news-discussion__about">{firstFeatured.title}</p>
          <CommentThread
            contentType="news"
            contentId={firstFeatured._id}
            title={t('communityDiscussion')}
          />
        </div>
      )}
    </PageFrame>
  );
}
