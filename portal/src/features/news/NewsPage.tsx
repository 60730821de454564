import { CardGrid, EmptyState, PageFrame, useListFilters } from '@diaspora/ui';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { CommentThread } from '../comments';
import './news.css';
import { NewsCard, NewsCardSkeleton } from './NewsCard';
import { NewsFilters, type NewsFilterValues } from './NewsFilters';
import { useNewsList } from './useNews';

const NO_FILTERS: NewsFilterValues = { search: '', category: '', featuredOnly: false };

/** News & Stories: filters, cards, pagination, and the discussion of the first featured article. */
export function NewsPage() {
  const { t } = useTranslation('news');
  const { filters, changeFilters, search, page, setPage } = useListFilters(NO_FILTERS);
  const list = useNewsList({ ...filters, search, page });
  if (list.isError) console.warn('news failed to load', list.error);
  const articles = list.data?.news ?? [];
  const firstFeatured = articles.find((article) => article.featured);

  return (
    <PageFrame title={t('title')} subtitle={t('subtitle')}>
      <NewsFilters values={filters} onChange={changeFilters} />
      <CardGrid
        className="news-grid"
        pending={list.isPending}
        loadingLabel={t('loading')}
        resultsLabel={t('results', { count: list.data?.total ?? 0 })}
        Skeleton={NewsCardSkeleton}
        items={articles}
        renderItem={(article) => (
          <Fragment key={article._id}>
            <NewsCard article={article} level={2} />
            {/* Spec: the Community Discussion sits under the first featured article. */}
            {article._id === firstFeatured?._id && (
              <div className="news-discussion card" data-testid="news-discussion">
                <p className="news-discussion__about">{article.title}</p>
                <CommentThread
                  contentType="news"
                  contentId={article._id}
                  title={t('communityDiscussion')}
                />
              </div>
            )}
          </Fragment>
        )}
        empty={
          <EmptyState
            title={t('empty')}
            hint={t('emptyHint')}
            action={
              <button type="button" className="btn" onClick={() => changeFilters(NO_FILTERS)}>
                {t('clearFilters')}
              </button>
            }
          />
        }
        page={list.data?.page ?? 1}
        totalPages={list.data?.totalPages ?? 1}
        onPageChange={setPage}
      />
    </PageFrame>
  );
}
