import { afterAll, describe, expect, it } from 'vitest';
import { i18n, languageLoaded, loadNamespaces, NAMESPACES } from './i18n';
import { resources } from './resources';

describe('languages loaded on demand', () => {
  afterAll(() => i18n.changeLanguage('en'));

  it("bundles the shared English texts and loads a page's own namespaces when asked", async () => {
    expect(i18n.hasResourceBundle('en', 'errors')).toBe(true);
    expect(i18n.hasResourceBundle('en', 'directory')).toBe(false);

    await loadNamespaces(['directory']);
    expect(i18n.hasResourceBundle('en', 'directory')).toBe(true);
    expect(i18n.getResourceBundle('en', 'directory')).toEqual(resources.en?.directory);
  });

  it('names every namespace, bundled or not', () => {
    expect([...NAMESPACES].sort()).toEqual(Object.keys(resources.en ?? {}).sort());
  });

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
