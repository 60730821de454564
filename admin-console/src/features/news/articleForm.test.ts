import { describe, expect, it } from 'vitest';
import { EMPTY_ARTICLE, toArticleRequest, validateArticle } from './articleForm';

describe('article form', () => {
  it('requires title and content (spec section 5)', () => {
    expect(validateArticle(EMPTY_ARTICLE)).toEqual({ title: 'required', content: 'required' });
    expect(validateArticle({ ...EMPTY_ARTICLE, title: '  ', content: 'Body' })).toEqual({
      title: 'required',
    });
    expect(validateArticle({ ...EMPTY_ARTICLE, title: 'T', content: 'Body' })).toEqual({});
  });

  it('defaults to category community, published, not featured', () => {
    expect(toArticleRequest({ ...EMPTY_ARTICLE, title: ' T ', content: ' C ' })).toEqual({
      title: 'T',
      content: 'C',
      excerpt: '',
      category: 'community',
      image: '',
      featured: false,
      published: true,
    });
  });
});
