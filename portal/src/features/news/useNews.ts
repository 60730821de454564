import { api, toArticleCategory, unwrap } from '@diaspora/api-client';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useDeferredQuery } from '../../shared/useDeferredQuery';

export interface NewsFilters {
  search: string;
  category: string;
  featuredOnly: boolean;
  page: number;
}

/** Cards per page of the news list. */
export const NEWS_PAGE_SIZE = 12;

/** GET /news?search&category&featured: the list page. */
export function useNewsList(filters: NewsFilters) {
  return useDeferredQuery(
    useQuery({
      queryKey: ['news', 'list', filters],
      queryFn: () =>
        unwrap(
          api.GET('/api/news', {
            params: {
              query: {
                page: filters.page,
                limit: NEWS_PAGE_SIZE,
                search: filters.search || undefined,
                category: toArticleCategory(filters.category),
                featured: filters.featuredOnly ? true : undefined,
              },
            },
          }),
        ),
      placeholderData: keepPreviousData,
    }),
  );
}

/** GET /news?limit=4&featured=true: the home page's latest featured news. */
export function useFeaturedNews(limit = 4) {
  return useDeferredQuery(
    useQuery({
      queryKey: ['news', 'featured', limit],
      queryFn: () => unwrap(api.GET('/api/news', { params: { query: { limit, featured: true } } })),
    }),
  );
}

/** GET /news/:id: one article. */
export function useArticle(id: string | undefined) {
  return useQuery({
    queryKey: ['news', 'article', id],
    enabled: Boolean(id),
    retry: false,
    queryFn: () => unwrap(api.GET('/api/news/{id}', { params: { path: { id: id ?? '' } } })),
  });
}
