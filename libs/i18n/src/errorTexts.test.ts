import { describe, expect, it } from 'vitest';
import document from '../../api-client/openapi.json';
import { resources } from './allResources';
import { LANGUAGES, type Messages } from './resources';

// The error codes of the OpenAPI document (generated from the backend) against the errors
// namespace and the front ends' sources: every code the API can answer has a text in every
// language, and no screen checks a code the API does not list.

interface Schema {
  enum?: string[];
  properties?: Record<string, Schema>;
  items?: Schema;
  $ref?: string;
  allOf?: Schema[];
}
const schemas = document.components.schemas as Record<string, Schema>;
const errorCodes = schemas.ErrorCode?.enum ?? [];
const fieldCodes = schemas.FieldErrorCode?.enum ?? [];

const section = (language: string, name: string) =>
  ((resources[language]?.errors ?? {}) as Record<string, Messages>)[name] ?? {};

/** Every field a request may carry: body properties (nested ones by their last segment) and query names. */
function requestFields(): string[] {
  const names = new Set<string>();
  const walk = (schema: Schema | undefined, seen: Set<string>) => {
    if (!schema) return;
    if (schema.$ref) {
      const name = schema.$ref.split('/').pop() as string;
      if (seen.has(name)) return;
      return walk(schemas[name], new Set([...seen, name]));
    }
    schema.allOf?.forEach((part) => walk(part, seen));
    walk(schema.items, seen);
    for (const [name, property] of Object.entries(schema.properties ?? {})) {
      // Flat multipart names (contact.address.city) are looked up by their last segment, too.
      names.add(name.split('.').pop() as string);
      walk(property, seen);
    }
  };
  for (const path of Object.values(document.paths) as Array<Record<string, unknown>>) {
    for (const operation of Object.values(path) as Array<{
      requestBody?: { content: Record<string, { schema: Schema }> };
      parameters?: Array<{ in: string; name: string }>;
    }>) {
      for (const media of Object.values(operation.requestBody?.content ?? {})) {
        walk(media.schema, new Set());
      }
      operation.parameters?.filter((p) => p.in === 'query').forEach((p) => names.add(p.name));
    }
  }
  return [...names].sort();
}

describe('error texts against the OpenAPI document', () => {
  it('the document lists the codes', () => {
    expect(errorCodes).toContain('VALIDATION_FAILED');
    expect(fieldCodes).toContain('REQUIRED');
  });

  it.each(LANGUAGES)('%s has a text for every error code and none the API never sends', (lng) => {
    expect(Object.keys(section(lng, 'codes')).sort()).toEqual([...errorCodes].sort());
  });

  it.each(LANGUAGES)('%s has a text for every field error code', (lng) => {
    expect(Object.keys(section(lng, 'fields')).sort()).toEqual([...fieldCodes].sort());
  });

  it.each(LANGUAGES)('%s names every request field', (lng) => {
    const named = Object.keys(section(lng, 'fieldNames'));
    expect(requestFields().filter((field) => !named.includes(field))).toEqual([]);
  });
});

const sources = import.meta.glob<string>(
  [
    '../../../portal/src/**/*.{ts,tsx}',
    '../../../admin-console/src/**/*.{ts,tsx}',
    '../../../shell/src/**/*.{ts,tsx}',
    '../../*/src/**/*.{ts,tsx}',
    '!../../api-client/src/schema.ts',
  ],
  { query: '?raw', import: 'default', eager: true },
);

/** Codes a front-end file checks or stubs: `ErrorCode.X`, `code === 'X'`, `code: 'X'`. */
function checkedCodes(source: string): string[] {
  const found = [
    ...source.matchAll(/\b(?:Field)?ErrorCode\.([A-Z][A-Z0-9_]+)/g),
    ...source.matchAll(/\bcode\s*(?:===|!==|==|!=|:)\s*['"]([A-Z][A-Z0-9_]+)['"]/g),
  ];
  return found.map((match) => match[1]);
}

describe('front-end error code checks', () => {
  it('finds the front-end sources', () => {
    expect(Object.keys(sources).length).toBeGreaterThan(50);
  });

  it('check only codes that the document lists', () => {
    const known = new Set([...errorCodes, ...fieldCodes]);
    const unknown = Object.entries(sources).flatMap(([file, source]) =>
      checkedCodes(source)
        .filter((code) => !known.has(code))
        .map((code) => `${file}: ${code}`),
    );
    expect(unknown).toEqual([]);
  });
});
