import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, rmdirSync } from 'node:fs';
import { copyFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { DEFAULT_POOL, type DatabasePoolOptions } from '../config/config';
import * as schema from './schema';

export type Schema = typeof schema;
/** The one database type the repositories see, whichever driver is behind it. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
/**
 * The handle `db.transaction` gives its work: a repository passes it to another's method so a
 * change spanning aggregates (a refund that frees a seat) stays one transaction under one lock.
 */
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

export interface DatabaseHandle {
  db: Database;
  driver: 'postgres' | 'pglite';
  /** PGlite only: whether this start copied the build's template, ran initdb, or found a database. */
  origin?: PgliteOrigin;
  ping(): Promise<void>;
  close(): Promise<void>;
  /** PostgreSQL's pool now (PGlite has one connection and no pool): for the metrics. */
  poolStats?(): { total: number; idle: number; waiting: number };
  /** Queries waiting for the database now (the pool's waiters, or PGlite's queue): load shedding reads it. */
  queueDepth(): number;
  /**
   * Runs start-up work (the admin account, demo content) while no other replica runs its own:
   * on PostgreSQL under the advisory lock migrations take; the embedded database has one process.
   */
  whileStartupLocked<T>(work: () => Promise<T>): Promise<T>;
}

export const MIGRATIONS_FOLDER = resolve(__dirname, '..', '..', 'drizzle');
/** A migrated, empty PGlite data directory made by the build (`dist/pglite-template`). */
export const PGLITE_TEMPLATE = resolve(__dirname, '..', 'pglite-template');

/** How the embedded database came to be: copied from the build's template, initdb, or already there. */
export type PgliteOrigin = 'template' | 'initdb' | 'existing';

/** Opens PostgreSQL when a URL is given, else the embedded PGlite under dataDir; then migrates. */
export async function openDatabase(options: {
  databaseUrl?: string;
  dataDir: string;
  migrate?: boolean;
  /** The PGlite template to start an empty data directory from; PGLITE_TEMPLATE by default. */
  pgliteTemplate?: string;
  /** PostgreSQL's pool; DEFAULT_POOL when not given. */
  pool?: DatabasePoolOptions;
}): Promise<DatabaseHandle> {
  const handle = options.databaseUrl
    ? await openPostgres(options.databaseUrl, options.pool ?? DEFAULT_POOL)
    : await openPglite(join(options.dataDir, 'pglite'), options.pgliteTemplate ?? PGLITE_TEMPLATE);
  if (options.migrate !== false) await handle.migrate();
  return handle;
}

/**
 * How long an idle connection beyond the kept ones stays open (pg's default is 10 s): a burst after
 * a quiet spell reuses the last one's connections instead of opening (fork, authentication) a dozen
 * at once.
 */
const IDLE_CONNECTION_MS = 5 * 60_000;

/**
 * Connections opened at start and never closed for idleness (pg-pool's `min`), as HikariCP's
 * minimumIdle: an ordinary request never waits for a new one, which a busy host can take seconds
 * to open.
 */
const KEPT_CONNECTIONS = 4;

async function openPostgres(
  url: string,
  settings: DatabasePoolOptions,
): Promise<DatabaseHandle & { migrate(): Promise<void> }> {
  const { Client, Pool } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  // Two different waits: pg's pool uses connectionTimeoutMillis both for a free client and for
  // opening a connection. Under load a request queues for a client (waitMs) rather than answer 503
  // at once; while the server is unreachable, opening a connection fails fast (connectTimeoutMs).
  class QuickToConnect extends Client {
    constructor(config?: ConstructorParameters<typeof Client>[0]) {
      super({
        ...(typeof config === 'object' ? config : { connectionString: config }),
        connectionTimeoutMillis: settings.connectTimeoutMs,
      });
    }
  }
  const kept = Math.min(KEPT_CONNECTIONS, settings.max);
  const pool = new Pool({
    connectionString: url,
    max: settings.max,
    connectionTimeoutMillis: settings.waitMs,
    idleTimeoutMillis: IDLE_CONNECTION_MS,
    min: kept,
    Client: QuickToConnect,
  });
  // An idle client that loses its server must not crash the process.
  pool.on('error', () => undefined);
  // A server down at start is the first request's 503, as before: the pool opens on demand.
  const opened = await Promise.allSettled(Array.from({ length: kept }, () => pool.connect()));
  for (const client of opened) if (client.status === 'fulfilled') client.value.release();
  const db = drizzle(pool, { schema }) as unknown as Database;
  return {
    db,
    driver: 'postgres',
    ping: async () => {
      await pool.query('select 1');
    },
    close: () => pool.end(),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    queueDepth: () => pool.waitingCount,
    migrate: async () => {
      // Replicas booting together must not apply the same migration twice.
      const lock = await pool.connect();
      try {
        await lock.query('select pg_advisory_lock($1)', [STARTUP_LOCK]);
        // On the locked client itself: a pool of one (DATABASE_POOL_MAX=1) has no second one.
        await migrate(drizzle(lock), { migrationsFolder: MIGRATIONS_FOLDER });
      } finally {
        await lock.query('select pg_advisory_unlock($1)', [STARTUP_LOCK]).catch(() => undefined);
        lock.release();
      }
    },
    whileStartupLocked: async (work) => {
      // A connection of its own, outside the pool: the work uses the pool, which may hold just one.
      // Start-up can wait for it longer than a request waits for the pool's.
      const lock = new Client({ connectionString: url, connectionTimeoutMillis: 30_000 });
      lock.on('error', () => undefined);
      await lock.connect();
      try {
        await lock.query('select pg_advisory_lock($1)', [STARTUP_LOCK]);
        return await work();
      } finally {
        // Ending the session releases its lock.
        await lock.end().catch(() => undefined);
      }
    },
  };
}

/** Held by whichever replica migrates, creates the admin or seeds demo content; the others wait. */
const STARTUP_LOCK = 7_340_021;

/**
 * Fills an absent or empty `dir` with a copy of `template` when there is one: initdb in WebAssembly
 * is most of a first start (tens of seconds on a busy machine), so the build runs it once. The copy
 * is made beside `dir` and renamed into place, so a stop half-way leaves no half-made database.
 */
export async function seedFromTemplate(dir: string, template: string): Promise<PgliteOrigin> {
  if (existsSync(join(dir, 'PG_VERSION'))) return 'existing';
  const empty = !existsSync(dir) || readdirSync(dir).length === 0;
  if (!empty || !existsSync(join(template, 'PG_VERSION'))) return 'initdb';
  const staging = `${dir}.copy-${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(dirname(dir), { recursive: true });
  await copyTree(template, staging);
  if (existsSync(dir)) rmdirSync(dir);
  renameSync(staging, dir);
  return 'template';
}

/**
 * Copies a directory tree with every file's copy queued at once in libuv's thread pool: the
 * template is about a thousand small files, and creating each costs about a millisecond of
 * file-system time here, which the thread pool spends while the main thread loads the app's
 * modules (main.ts starts the database first).
 */
async function copyTree(from: string, to: string): Promise<void> {
  const files: string[] = [];
  const walk = (relative: string) => {
    mkdirSync(join(to, relative), { recursive: true });
    for (const entry of readdirSync(join(from, relative), { withFileTypes: true })) {
      const path = join(relative, entry.name);
      if (entry.isDirectory()) walk(path);
      else files.push(path);
    }
  };
  walk('');
  await Promise.all(files.map((path) => copyFile(join(from, path), join(to, path))));
}

/** Makes `target` a migrated, empty PGlite data directory (run by the backend build). */
export async function createPgliteTemplate(target: string): Promise<void> {
  // Staged under this process's name: two builds at once (nx in two shells) each stage their own.
  const staging = `${target}.new-${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  const handle = await openPglite(staging, '');
  await handle.migrate();
  await handle.close();
  rmSync(target, { recursive: true, force: true });
  try {
    renameSync(staging, target);
  } catch (error) {
    // The other build put the same migrations there between our remove and rename: keep its copy.
    rmSync(staging, { recursive: true, force: true });
    if (!existsSync(target)) throw error;
  }
}

async function openPglite(
  dir: string,
  template: string,
): Promise<DatabaseHandle & { migrate(): Promise<void> }> {
  const origin = await seedFromTemplate(dir, template);
  mkdirSync(dir, { recursive: true });
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const client = await PGlite.create(dir);
  const calls = countCalls(client);
  const db = drizzle(client, { schema }) as unknown as Database;
  return {
    db,
    driver: 'pglite',
    origin,
    ping: async () => {
      await client.query('select 1');
    },
    close: () => client.close(),
    // PGlite runs one call at a time: all but the running one wait.
    queueDepth: () => Math.max(0, calls.inFlight - 1),
    whileStartupLocked: (work) => work(),
    migrate: () => migrate(db as never, { migrationsFolder: MIGRATIONS_FOLDER }),
  };
}

/** Counts PGlite calls under way (its own queue is not visible), for load shedding. */
function countCalls(client: {
  query: (...args: never[]) => Promise<unknown>;
  exec: (...args: never[]) => Promise<unknown>;
  transaction: (...args: never[]) => Promise<unknown>;
}): { inFlight: number } {
  const calls = { inFlight: 0 };
  for (const method of ['query', 'exec', 'transaction'] as const) {
    const original = client[method].bind(client);
    client[method] = async (...args: never[]) => {
      calls.inFlight++;
      try {
        return await original(...args);
      } finally {
        calls.inFlight--;
      }
    };
  }
  return calls;
}
