import { join } from 'node:path';
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

// A real dynamic import (the compiled CommonJS `import()` would become `require`).
const importEsm = new Function('path', 'return import(path)') as (
  path: string,
) => Promise<Services>;

/** The servers of scripts/services.mjs, for suites that stop and restart their own. */
export function services(): Promise<Services> {
  return importEsm(join(__dirname, '..', '..', '..', 'scripts', 'services.mjs'));
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
