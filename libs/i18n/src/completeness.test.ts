import { describe, expect, it } from 'vitest';
import { resources } from './allResources';
import { LANGUAGES, type Messages } from './resources';

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

function valuesOf(messages: Messages, prefix = ''): Array<[string, string]> {
  return Object.entries(messages).flatMap(([key, value]) =>
    typeof value === 'string'
      ? [[`${prefix}${key}`, value] as [string, string]]
      : valuesOf(value, `${prefix}${key}.`),
  );
}

const ETHIOPIC = /[\u1200-\u139F\u2D80-\u2DDF\uAB00-\uAB2F]/u;

/**
 * Amharic texts that may legitimately equal the English one: names of languages written in
 * their own script, addresses, and texts made only of placeholders, numbers and symbols.
 */
const SAME_IN_AMHARIC = new Set(['English']);
const languageNeutral = (text: string) =>
  SAME_IN_AMHARIC.has(text) ||
  /^[\w.+-]+@[\w-]+(\.[\w-]+)+$/.test(text) ||
  /^https?:\/\//.test(text) ||
  !/\p{L}/u.test(text.replace(/\{\{\s*\w+\s*\}\}/g, ''));

/** am texts without Ethiopic script that equal the English: left untranslated. */
function untranslated(english: Messages, amharic: Messages): string[] {
  const en = new Map(valuesOf(english));
  return valuesOf(amharic)
    .filter(([key, text]) => !ETHIOPIC.test(text) && text === en.get(key))
    .filter(([, text]) => !languageNeutral(text))
    .map(([key, text]) => `${key}: ${text}`);
}

const allNamespaces = [...new Set(LANGUAGES.flatMap((lng) => Object.keys(resources[lng] ?? {})))];

describe('the untranslated-text check', () => {
  it('flags English left in am and lets translations and neutral texts pass', () => {
    const en = {
      title: 'Events',
      nested: { save: 'Save', language: 'English' },
      email: 'info@example.org',
      counter: '{{count}}/{{max}}',
      brand: 'Stripe',
    };
    const am = {
      title: 'ዝግጅቶች',
      nested: { save: 'Save', language: 'English' },
      email: 'info@example.org',
      counter: '{{count}}/{{max}}',
      brand: 'ስትራይፕ',
    };
    expect(untranslated(en, am)).toEqual(['nested.save: Save']);
  });
});

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

    it('translates every am text (Ethiopic script, or different from en)', () => {
      expect(
        untranslated(resources.en?.[namespace] ?? {}, resources.am?.[namespace] ?? {}),
      ).toEqual([]);
    });
  });
});
