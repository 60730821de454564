import { afterEach, describe, expect, it, vi } from 'vitest';
import { LANGUAGE_KEY, storedLanguage } from './i18n';

/** A browser's localStorage, as far as the language preference uses it. */
function stubStorage(initial: Record<string, string> = {}): Map<string, string> {
  const store = new Map(Object.entries(initial));
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => store.get(key) ?? null,
    setItem: (key: string, value: string) => void store.set(key, value),
  });
  return store;
}

describe('the language a page opens in', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("follows the address's ?lang= (an hreflang alternate) over the stored choice, and keeps it", () => {
    const store = stubStorage({ [LANGUAGE_KEY]: 'en' });
    vi.stubGlobal('location', { search: '?page=2&lang=am' });
    expect(storedLanguage()).toBe('am');
    expect(store.get(LANGUAGE_KEY)).toBe('am');
  });

  it('keeps the stored choice when the address names no language or an unknown one', () => {
    stubStorage({ [LANGUAGE_KEY]: 'am' });
    vi.stubGlobal('location', { search: '?lang=fr' });
    expect(storedLanguage()).toBe('am');
    vi.stubGlobal('location', { search: '' });
    expect(storedLanguage()).toBe('am');
    stubStorage();
    expect(storedLanguage()).toBe('en');
  });
});
