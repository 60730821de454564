import { dateFormat, intlLocale } from '@diaspora/i18n';
import type { ArticleCategory, components } from '@diaspora/api-client';

export type NewsArticle = components['schemas']['NewsDto'];
/** An article as the list answers it: no content, and the excerpt its card shows (spec 9's fallback included). */
export type NewsSummary = components['schemas']['NewsSummaryDto'];

const PUBLISHED: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'long', day: 'numeric' };

/** Dates in the reader's language (en-US formats of spec section 9 in English). */
export function formatPublished(
  article: Pick<NewsArticle, 'publishedAt' | 'createdAt'>,
  language?: string,
): string {
  return dateFormat(intlLocale(language), PUBLISHED).format(
    new Date(article.publishedAt ?? article.createdAt),
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
