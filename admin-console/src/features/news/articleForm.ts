import { NewsCategory, toArticleCategory, type ArticleCategory } from '@diaspora/api-client';
import type { ArticleRequest, NewsArticle } from './useAdminNews';

/**
 * The admin create form's categories (spec section 9); community is the default. A chosen subset
 * of the API's categories in the spec's order, which the OpenAPI document does not carry; typed
 * against the API so a category the backend drops fails to compile.
 */
export const FORM_CATEGORIES: readonly ArticleCategory[] = [
  'community',
  'youth',
  'culture',
  'development',
  'news',
  'story',
];

export interface ArticleForm {
  title: string;
  content: string;
  excerpt: string;
  category: string;
  image: string;
  featured: boolean;
  published: boolean;
}

export type ArticleErrors = Partial<Record<'title' | 'content', 'required'>>;

export const EMPTY_ARTICLE: ArticleForm = {
  title: '',
  content: '',
  excerpt: '',
  category: 'community',
  image: '',
  featured: false,
  published: true,
};

export function toArticleForm(article: NewsArticle): ArticleForm {
  return {
    title: article.title,
    content: article.content,
    excerpt: article.excerpt ?? '',
    category: article.category,
    image: article.image ?? '',
    featured: article.featured,
    published: article.published,
  };
}

/** Spec section 5, News form: title and content required. */
export function validateArticle(form: ArticleForm): ArticleErrors {
  const errors: ArticleErrors = {};
  if (!form.title.trim()) errors.title = 'required';
  if (!form.content.trim()) errors.content = 'required';
  return errors;
}

/** The JSON body of POST /news and PUT /news/:id; empty excerpt and image clear them. */
export function toArticleRequest(form: ArticleForm): ArticleRequest {
  return {
    title: form.title.trim(),
    content: form.content.trim(),
    excerpt: form.excerpt.trim(),
    // The select offers only the API's categories; community is the form's default too.
    category: toArticleCategory(form.category) ?? NewsCategory.community,
    image: form.image.trim(),
    featured: form.featured,
    published: form.published,
  };
}
