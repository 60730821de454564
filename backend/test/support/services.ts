import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { Client } from 'pg';

export interface OwnPostgres {
  url: string;
  halt(): void;
  resume(): void;
  stop(): void;
}
export interface OwnRedis {
  url: string;
  halt(): void;
  resume(): Promise<void>;
  stop(): void;
}
interface Services {
  startPostgres(): Promise<OwnPostgres>;
  startRedis(): Promise<OwnRedis>;
}

/**
 * A real dynamic import (the compiled CommonJS `import()` would become `require`), compiled anew
 * each time: V8 reuses a Function of the same source, whose import() would then go through the
 * first Jest run's torn-down environment (Stryker runs Jest many times in one process).
 */
const importEsm = (path: string): Promise<Services> =>
  (
    new Function('path', `return import(path); // ${process.hrtime.bigint()}`) as (
      path: string,
    ) => Promise<Services>
  )(path);

/** scripts/services.mjs of the repository this file sits in, or below (a mutation sandbox). */
function servicesScript(): string {
  for (let dir = __dirname; ; dir = dirname(dir)) {
    const script = join(dir, 'scripts', 'services.mjs');
    if (existsSync(script)) return script;
    if (dirname(dir) === dir) throw new Error(`no scripts/services.mjs above ${__dirname}`);
  }
}

/** The servers of scripts/services.mjs, for suites that stop and restart their own. */
export function services(): Promise<Services> {
  return importEsm(servicesScript());
}

/** Creates a database on a server and returns its URL. */
export async function createDatabaseOn(serverUrl: string, name: string): Promise<string> {
  const client = new Client({ connectionString: serverUrl });
  await client.connect();
  await client.query(`CREATE DATABASE ${name}`);
  await client.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
