import { intlLocale } from '@diaspora/i18n';
import type { ArticleCategory, components } from '@diaspora/api-client';

export type NewsArticle = components['schemas']['NewsDto'];

/** Spec section 9: the excerpt falls back to the first 150 characters of the content. */
export const EXCERPT_FALLBACK_LENGTH = 150;

export function excerptOf(article: Pick<NewsArticle, 'excerpt' | 'content'>): string {
  if (article.excerpt) return article.excerpt;
  return `${article.content.slice(0, EXCERPT_FALLBACK_LENGTH)}...`;
}

/** Dates in the reader's language (en-US formats of spec section 9 in English). */
export function formatPublished(
  article: Pick<NewsArticle, 'publishedAt' | 'createdAt'>,
  language?: string,
): string {
  return new Date(article.publishedAt ?? article.createdAt).toLocaleDateString(
    intlLocale(language),
    {
      year: 'numeric',
      month: 'long',
      day: 'numeric',
    },
  );
}

/** Spec section 3: the author defaults to Admin (news:defaultAuthor, translated). */
export function authorOf(article: Pick<NewsArticle, 'author'>, t: (key: string) => string): string {
  return article.author?.name || t('news:defaultAuthor');
}

/**
 * The filter's categories (spec section 2, News list): a chosen subset of the API's categories in
 * the spec's order, which the OpenAPI document does not carry; typed against the API.
 */
export const FILTER_CATEGORIES: readonly ArticleCategory[] = [
  'news',
  'events',
  'community',
  'culture',
  'announcements',
];
