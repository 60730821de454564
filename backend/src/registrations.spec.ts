import 'reflect-metadata';
import { readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Test, type TestingModule } from '@nestjs/testing';
import { AppModule } from './app.module';
import { AccountDataRegistry } from './common/account/account-data-registry';
import { CONTENT_TYPES, ContentRegistry } from './common/content/content-registry';
import { loadConfig } from './config/config';
import type { DatabaseHandle } from './db/database';
import { columnNames, columnsReferencing, isTable, tableName, type Table } from './db/tables';

// The registrations a new feature must make, and that fail silently when missed: this suite makes
// them loud. What to do when one fails: docs/adding-a-feature.md.

const MODULES = join(__dirname, 'modules');

/**
 * Tables that point at a member but are consciously in no account-data source, and why. Add one
 * here only with its reason; the usual answer is a registration (docs/adding-a-feature.md).
 */
const NOT_ACCOUNT_DATA: Record<string, string> = {
  news: "articles are the organisation's publications; author_id is set null when the account goes",
  events: "events are the organisation's listings; created_by is set null when the account goes",
  event_reminders:
    'which reminders were sent for an RSVP (exported as the RSVP); deleted with the account by its cascade',
};

/** Sources without an export, and why (everything else a module keeps is in the member's file). */
const NOT_EXPORTED: Record<string, string> = {
  accountTokens: 'pending links are secrets; they are erased, never exported',
  auditLog: "the admins' record of what was done; the member's name in it is anonymised",
};

/** Tables with a content or target type column that are not engagement with a content item. */
const NOT_ENGAGEMENT: Record<string, string> = {
  audit_log: 'names what an admin acted on; the record stays after the item goes',
};

/** A column that holds a member's id: a foreign key to users.id, or named as one. */
const MEMBER_COLUMN = /^(user|author|member|owner|actor|creator)_id$|^created_by$/;

interface ModuleTable {
  module: string;
  table: Table;
  name: string;
}

/** Every table of every module's *.schema.ts, with the module that owns it. */
function moduleTables(): ModuleTable[] {
  const found: ModuleTable[] = [];
  for (const module of readdirSync(MODULES)) {
    for (const file of readdirSync(join(MODULES, module))) {
      if (!file.endsWith('.schema.ts')) continue;
      // eslint-disable-next-line @typescript-eslint/no-require-imports -- every schema file, by name
      const exports = require(join(MODULES, module, file)) as Record<string, unknown>;
      for (const value of Object.values(exports)) {
        if (isTable(value)) found.push({ module, table: value, name: tableName(value) });
      }
    }
  }
  return found;
}

/** The member columns of a table (empty when it holds nothing about a member). */
function memberColumns(table: Table): string[] {
  const byName = columnNames(table).filter((name) => MEMBER_COLUMN.test(name));
  return [...new Set([...columnsReferencing(table, 'users'), ...byName])];
}

/** The non-test source of a module folder, one string. */
function moduleSource(module: string): string {
  return readdirSync(join(MODULES, module))
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.spec.ts'))
    .map((file) => readFileSync(join(MODULES, module, file), 'utf8'))
    .join('\n');
}

/** A database that must not be reached: registering happens in onModuleInit, without queries. */
function noDatabase(): DatabaseHandle {
  const db = new Proxy(
    {},
    {
      get: (_target, property) => {
        // Nest looks for lifecycle hooks, thenables and (since 12, for discovery) the
        // constructor on every provider value.
        if (
          typeof property === 'symbol' ||
          property === 'then' ||
          property === 'constructor' ||
          /^(on[A-Z]|beforeApplicationShutdown$)/.test(property)
        ) {
          return undefined;
        }
        throw new Error(`the database was used while modules registered (${property})`);
      },
    },
  );
  return {
    db,
    driver: 'pglite',
    ping: async () => undefined,
    close: async () => undefined,
    whileStartupLocked: (work: () => Promise<unknown>) => work(),
  } as unknown as DatabaseHandle;
}

describe('the registrations every feature makes', () => {
  let app: TestingModule;
  const tables = moduleTables();

  beforeAll(async () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: join(tmpdir(), 'registrations-spec'),
      JWT_SECRET: 'test-secret-that-is-long-enough-123456',
    });
    app = await Test.createTestingModule({
      imports: [AppModule.forRoot(config, noDatabase())],
    }).compile();
    // Runs every onModuleInit, where modules register with the account-data and content registries.
    await app.init();
  });

  afterAll(async () => {
    await app?.close();
  });

  it('finds the tables (the check below would pass vacuously otherwise)', () => {
    expect(tables.map((entry) => entry.name)).toEqual(
      expect.arrayContaining(['users', 'comments', 'directory_listings']),
    );
  });

  describe('account data (export and deletion of a member)', () => {
    it('covers every table that points at a member with a source that exports and erases it', () => {
      const covered = new Map<string, string>();
      for (const source of app.get(AccountDataRegistry).all()) {
        for (const table of source.tables) covered.set(tableName(table), source.key);
      }
      const missing = tables
        .filter(({ table, name }) => memberColumns(table).length && name !== 'users')
        .filter(({ name }) => !covered.has(name) && !(name in NOT_ACCOUNT_DATA))
        .map(
          ({ module, table, name }) =>
            `${name} (modules/${module}, column ${memberColumns(table).join(', ')}): register it ` +
            `with AccountDataRegistry in onModuleInit, { key, tables: [the table], export, erase } ` +
            '(see docs/adding-a-feature.md)',
        );
      expect(missing).toEqual([]);
    });

    it('has the account row itself covered, by the profile', () => {
      const profile = app
        .get(AccountDataRegistry)
        .all()
        .find((source) => source.tables.some((table) => tableName(table) === 'users'));
      expect(profile?.key).toBe('profile');
    });

    it('gives every source an export, or a reason in NOT_EXPORTED', () => {
      const withoutExport = app
        .get(AccountDataRegistry)
        .all()
        .filter((source) => !source.export && !(source.key in NOT_EXPORTED))
        .map((source) => `${source.key}: add export(owner), the member's rows ready for JSON`);
      expect(withoutExport).toEqual([]);
    });

    it('gives every source at least one table, and keeps the exemptions current', () => {
      const sources = app.get(AccountDataRegistry).all();
      expect(sources.filter((source) => !source.tables.length).map((source) => source.key)).toEqual(
        [],
      );
      const names = new Set(tables.map((entry) => entry.name));
      expect(Object.keys(NOT_ACCOUNT_DATA).filter((name) => !names.has(name))).toEqual([]);
      const keys = new Set(sources.map((source) => source.key));
      expect(Object.keys(NOT_EXPORTED).filter((key) => !keys.has(key))).toEqual([]);
    });
  });

  describe('content (comments, reactions and views go with their item)', () => {
    it('has a source registered for every content type engagement accepts', () => {
      const registered = app.get(ContentRegistry).registeredTypes();
      const missing = CONTENT_TYPES.filter((type) => !registered.includes(type)).map(
        (type) =>
          `${type}: register it with ContentRegistry in its module's onModuleInit ` +
          `(content.register('${type}', { exists, preview }))`,
      );
      expect(missing).toEqual([]);
    });

    it("has every module that registers a content type delete that type's items through the registry", () => {
      const problems: string[] = [];
      for (const module of readdirSync(MODULES)) {
        const source = moduleSource(module);
        for (const [, type] of source.matchAll(/content\.register\(\s*'([\w-]+)'/g)) {
          const deletes = new RegExp(`deleteWithEngagement\\(\\s*'${type}'`);
          if (!deletes.test(source)) {
            problems.push(
              `modules/${module} registers '${type}' but never deletes through ` +
                `content.deleteWithEngagement('${type}', id, () => repository.delete(id)): ` +
                'its comments, reactions and views would outlive the item',
            );
          }
        }
      }
      expect(problems).toEqual([]);
    });

    it('has every engagement table cleaned by its module when an item is deleted', () => {
      const problems = tables
        .filter(({ table }) =>
          columnNames(table).some((name) => /^(content|target)_type$/.test(name)),
        )
        .filter(({ name }) => !(name in NOT_ENGAGEMENT))
        .filter(({ module }) => !/content\.onRemoved\(/.test(moduleSource(module)))
        .map(
          ({ module, name }) =>
            `${name} (modules/${module}) engages with content items: call ` +
            'content.onRemoved((type, id) => ...) in onModuleInit to delete its rows with the item',
        );
      expect(problems).toEqual([]);
      const names = new Set(tables.map((entry) => entry.name));
      expect(Object.keys(NOT_ENGAGEMENT).filter((name) => !names.has(name))).toEqual([]);
    });
  });
});
