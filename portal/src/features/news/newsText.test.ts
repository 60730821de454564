import { i18n } from '@diaspora/i18n';
import { afterEach, describe, expect, it } from 'vitest';
import { authorOf, formatPublished } from './newsText';

describe('news card text', () => {
  afterEach(() => void i18n.changeLanguage('en'));

  it('shows Admin, translated, when the author is unknown', async () => {
    const t = i18n.getFixedT(null, 'news');
    expect(authorOf({ author: { _id: null, name: '' } }, t)).toBe('Admin');
    expect(authorOf({ author: { _id: 'u1', name: 'Selam' } }, t)).toBe('Selam');
    await i18n.changeLanguage('am');
    expect(authorOf({ author: { _id: null, name: '' } }, i18n.getFixedT(null, 'news'))).toBe(
      'አስተዳዳሪ',
    );
  });

  it('formats the published date in en-US', () => {
    expect(
      formatPublished({
        publishedAt: '2026-03-05T12:00:00.000Z',
        createdAt: '2026-01-01T00:00:00Z',
      }),
    ).toBe('March 5, 2026');
  });
});
