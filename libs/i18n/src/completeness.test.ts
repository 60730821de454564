import { describe, expect, it } from 'vitest';
import { LANGUAGES, resources, type Messages } from './resources';

function keysOf(messages: Messages, prefix = ''): string[] {
  return Object.entries(messages).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : keysOf(value, `${prefix}${key}.`),
  );
}

function emptyValues(messages: Messages, prefix = ''): string[] {
  return Object.entries(messages).flatMap(([key, value]) =>
    typeof value === 'string'
      ? value.trim() === ''
        ? [`${prefix}${key}`]
        : []
      : emptyValues(value, `${prefix}${key}.`),
  );
}

const allNamespaces = [...new Set(LANGUAGES.flatMap((lng) => Object.keys(resources[lng] ?? {})))];

describe('translations', () => {
  it('has namespaces', () => {
    expect(allNamespaces.length).toBeGreaterThan(0);
  });

  describe.each(allNamespaces)('namespace %s', (namespace) => {
    it.each(LANGUAGES)('exists in %s', (language) => {
      expect(resources[language]?.[namespace], `${language}/${namespace}.json`).toBeDefined();
    });

    it('has the same keys in every language', () => {
      const [first, ...others] = LANGUAGES;
      const expected = keysOf(resources[first]?.[namespace] ?? {}).sort();
      for (const language of others) {
        const actual = keysOf(resources[language]?.[namespace] ?? {}).sort();
        expect({ language, missing: expected.filter((k) => !actual.includes(k)) }).toEqual({
          language,
          missing: [],
        });
        expect({ language, extra: actual.filter((k) => !expected.includes(k)) }).toEqual({
          language,
          extra: [],
        });
      }
    });

    it.each(LANGUAGES)('has no empty texts in %s', (language) => {
      expect(emptyValues(resources[language]?.[namespace] ?? {})).toEqual([]);
    });
  });
});
