import { afterAll, describe, expect, it } from 'vitest';
import { i18n, languageLoaded, loadErrorTexts, loadNamespaces, NAMESPACES } from './i18n';
import { resources } from './allResources';

describe('languages loaded on demand', () => {
  afterAll(() => i18n.changeLanguage('en'));

  it("bundles the shared English texts and loads a page's own namespaces when asked", async () => {
    expect(i18n.hasResourceBundle('en', 'common')).toBe(true);
    expect(i18n.hasResourceBundle('en', 'directory')).toBe(false);

    await loadNamespaces(['directory']);
    expect(i18n.hasResourceBundle('en', 'directory')).toBe(true);
    expect(i18n.getResourceBundle('en', 'directory')).toEqual(resources.en?.directory);
  });

  it('loads the error texts on first use, not with the bundle', async () => {
    expect(i18n.hasResourceBundle('en', 'errors')).toBe(false);
    let onAdded: (language: string, namespace: string) => void = () => undefined;
    const added = new Promise<string>((resolve) => {
      onAdded = (_language, namespace) => resolve(namespace);
      i18n.store.on('added', onAdded);
    });
    loadErrorTexts();
    // 'added' is what makes every useTranslation draw again (bindI18nStore).
    expect(await added).toBe('errors');
    i18n.store.off('added', onAdded);
    expect(i18n.getResourceBundle('en', 'errors')).toEqual(resources.en?.errors);
    expect(i18n.options.react?.bindI18nStore).toBe('added');
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
