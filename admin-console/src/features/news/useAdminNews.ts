import { api, unwrap, upload } from '@diaspora/api-client';
import type { components } from '@diaspora/api-client';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

/** The whole article, as the editor and the view read it (GET /news/:id). */
export type NewsArticle = components['schemas']['NewsDto'];
/** An article as the list has it (the table's columns): no content. */
export type NewsListItem = components['schemas']['NewsSummaryDto'];
export type ArticleRequest = components['schemas']['CreateNewsDto'];

/** The dashboard list size of spec section 9. */
export const ADMIN_NEWS_LIMIT = 50;

// Under the portal's 'news' key, so the public pages refresh after an edit too.
const ADMIN_NEWS_KEY = ['news', 'admin'] as const;

/** GET /news?limit=50&page=n: every article, drafts included, 50 a page, for the News tab. */
export function useAdminNews(page = 1) {
  return useQuery({
    queryKey: [...ADMIN_NEWS_KEY, page],
    queryFn: () =>
      unwrap(api.GET('/api/news', { params: { query: { limit: ADMIN_NEWS_LIMIT, page } } })),
    placeholderData: keepPreviousData,
  });
}

/** GET /news/:id: the whole article (an admin's answer includes drafts). */
export function useAdminArticle(id: string | undefined) {
  return useQuery({
    queryKey: [...ADMIN_NEWS_KEY, 'article', id],
    enabled: id !== undefined,
    queryFn: () => unwrap(api.GET('/api/news/{id}', { params: { path: { id: id ?? '' } } })),
  });
}

function uploadImage(id: string, file: File): Promise<NewsArticle> {
  const form = new FormData();
  form.append('image', file);
  return upload('PUT', '/api/news/{id}/image', form, { path: { id } });
}

/** The article was saved but its image upload failed; a retry must edit, not create again. */
export class ImageUploadError extends Error {
  constructor(
    readonly article: NewsArticle,
    cause: unknown,
  ) {
    super('The article was saved but its image could not be uploaded', { cause });
  }
}

export interface SaveArticle {
  id?: string;
  article: ArticleRequest;
  /** Edit: the updatedAt the editor loaded; a newer save by someone else answers EDIT_CONFLICT. */
  updatedAt?: string;
  /** An image file to upload through the media service after the article is saved. */
  imageFile?: File;
}

/** POST /news (create) or PUT /news/:id (edit), then the image upload when a file is chosen. */
export function useSaveArticle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, article, updatedAt, imageFile }: SaveArticle) => {
      const saved = await unwrap(
        id
          ? api.PUT('/api/news/{id}', { params: { path: { id } }, body: { ...article, updatedAt } })
          : api.POST('/api/news', { body: article }),
      );
      if (!imageFile) return saved;
      try {
        return await uploadImage(saved._id, imageFile);
      } catch (cause) {
        throw new ImageUploadError(saved, cause);
      }
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['news'] }),
  });
}

/** DELETE /news/:id (after the confirmation). */
export function useDeleteArticle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => unwrap(api.DELETE('/api/news/{id}', { params: { path: { id } } })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['news'] }),
  });
}
