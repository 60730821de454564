import 'reflect-metadata';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { INestApplication } from '@nestjs/common';
import type { OpenAPIObject } from '@nestjs/swagger';
import { createApp } from './app.factory';
import { accessOf, ERROR_CODES_EXTENSION, routeHandlers } from './common/errors/openapi-errors';
import { loadConfig } from './config/config';
import type { Database, DatabaseHandle } from './db/database';
import { buildOpenApiDocument } from './swagger';

/** Every `*.errors.ts` file under src, recursively. */
function errorFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? errorFiles(join(dir, entry.name))
      : entry.name.endsWith('.errors.ts')
        ? [join(dir, entry.name)]
        : [],
  );
}

/** The values of every exported `<Feature>ErrorCode` enum (FieldErrorCode has its own schema). */
async function declaredCodes(): Promise<Record<string, string[]>> {
  const codes: Record<string, string[]> = {};
  for (const file of errorFiles(__dirname)) {
    for (const [name, value] of Object.entries((await import(file)) as Record<string, unknown>)) {
      if (name.endsWith('ErrorCode') && name !== 'FieldErrorCode') {
        codes[name] = Object.values(value as Record<string, string>);
      }
    }
  }
  return codes;
}

describe('the API contract (routes and the OpenAPI document)', () => {
  let app: INestApplication;
  let document: OpenAPIObject;

  beforeAll(async () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      JWT_SECRET: 'x'.repeat(32),
      LOG_LEVEL: 'silent',
      DATA_DIR: join(__dirname, '../tmp-openapi-spec'),
    });
    const offline: DatabaseHandle = {
      db: {} as Database,
      driver: 'postgres',
      ping: async () => undefined,
      close: async () => undefined,
      queueDepth: () => 0,
      whileStartupLocked: (work) => work(),
    };
    app = await createApp(config, offline);
    document = buildOpenApiDocument(app);
  });
  afterAll(() => app.close());

  it('gives every route an explicit access decision (@Public, @Member or @Roles)', () => {
    const routes = [...routeHandlers(app).entries()];
    expect(routes.length).toBeGreaterThan(30);
    expect(routes.filter(([, route]) => !accessOf(route)).map(([id]) => id)).toEqual([]);
  });

  it('lists every declared error code in the ErrorCode schema', async () => {
    const listed = new Set((document.components?.schemas?.ErrorCode as { enum: string[] }).enum);
    const declared = await declaredCodes();
    expect(Object.keys(declared)).toEqual(
      expect.arrayContaining(['CommonErrorCode', 'EventsErrorCode']),
    );
    for (const [name, values] of Object.entries(declared)) {
      expect({ name, missing: values.filter((code) => !listed.has(code)) }).toEqual({
        name,
        missing: [],
      });
    }
  });

  it('answers every operation with its codes by status, and says when no sign-in is needed', () => {
    for (const [path, item] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(item) as Array<
        [string, { security?: unknown[]; responses: Record<string, unknown> }]
      >) {
        expect({ path, method, security: Array.isArray(operation.security) }).toEqual({
          path,
          method,
          security: true,
        });
      }
    }
    const rsvp = document.paths['/api/events/{id}/rsvp'].post;
    const codesOf = (status: string) =>
      (rsvp?.responses[status] as unknown as Record<string, unknown>)[ERROR_CODES_EXTENSION];
    expect(codesOf('401')).toEqual(['UNAUTHORIZED', 'ACCOUNT_BLOCKED']);
    expect(codesOf('404')).toEqual(['EVENT_NOT_FOUND']);
    expect(codesOf('409')).toEqual(['EVENT_INACTIVE', 'EVENT_ENDED', 'EVENT_CANCELLED']);
    expect(codesOf('429')).toEqual(['RATE_LIMITED']);
    expect(document.paths['/api/events'].get?.security).toEqual([]);
    // The `uploads` bucket's routes (a listing's files) too.
    for (const upload of [
      document.paths['/api/directory'].post,
      document.paths['/api/directory/{id}'].put,
    ]) {
      expect(
        (upload?.responses['429'] as unknown as Record<string, unknown>)[ERROR_CODES_EXTENSION],
      ).toEqual(['UPLOADS_RATE_LIMITED']);
    }
  });
});
