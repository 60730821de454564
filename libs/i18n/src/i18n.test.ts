import { afterAll, describe, expect, it } from 'vitest';
import { i18n, languageLoaded } from './i18n';

describe('languages loaded on demand', () => {
  afterAll(() => i18n.changeLanguage('en'));

  it('has English at once and Amharic only once it is chosen', async () => {
    await languageLoaded();
    expect(i18n.hasResourceBundle('en', 'common')).toBe(true);
    expect(i18n.hasResourceBundle('am', 'common')).toBe(false);

    await i18n.changeLanguage('am');
    expect(i18n.hasResourceBundle('am', 'common')).toBe(true);
    expect(i18n.t('skipToContent')).toMatch(/[\u1200-\u137F]/u);
    await languageLoaded();
  });
});
