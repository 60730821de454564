import 'reflect-metadata';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { createApp } from './app.factory';
import { loadConfig } from './config/config';
import type { Database, DatabaseHandle } from './db/database';
import { buildOpenApiDocument } from './swagger';

/** Writes the OpenAPI document without a database: the document depends on code alone. */
async function main(): Promise<void> {
  const out = resolve(process.argv[2] ?? 'openapi.json');
  const config = loadConfig({
    NODE_ENV: 'test',
    JWT_SECRET: 'x'.repeat(32),
    LOG_LEVEL: 'silent',
    DATA_DIR: dirname(out),
  });
  const offline: DatabaseHandle = {
    db: {} as Database,
    driver: 'postgres',
    ping: async () => undefined,
    close: async () => undefined,
    queueDepth: () => 0,
    whileStartupLocked: (work) => work(),
  };
  const app = await createApp(config, offline);
  const document = buildOpenApiDocument(app);
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, `${JSON.stringify(document, null, 2)}\n`);
  await app.close();
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
