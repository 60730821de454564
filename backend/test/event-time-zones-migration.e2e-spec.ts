import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from 'pg';

const MIGRATIONS = join(__dirname, '..', 'drizzle');
const ZONES = '0017_event_time_zones.sql';

/** Runs one migration file's statements, as drizzle's migrator splits them. */
async function apply(sql: Client, file: string): Promise<void> {
  for (const statement of readFileSync(join(MIGRATIONS, file), 'utf8').split(
    '--> statement-breakpoint',
  )) {
    if (statement.trim()) await sql.query(statement);
  }
}

/**
 * ADR 0020's rule for events written before time zones: their country's only zone, else the zone
 * their city names in a country of several, else UTC (the instant as it was); `starts_at` becomes
 * the instant of the stored wall clock in that zone, and sent-reminder markers move with it.
 */
describe('migration 0017: existing events get their venue zone', () => {
  const admin = process.env.TEST_DATABASE_URL as string;
  const name = `t_mig_${randomBytes(5).toString('hex')}`;
  let sql: Client;

  beforeAll(async () => {
    const server = new Client({ connectionString: admin });
    await server.connect();
    await server.query(`CREATE DATABASE ${name}`);
    await server.end();
    const url = new URL(admin);
    url.pathname = `/${name}`;
    sql = new Client({ connectionString: url.toString() });
    await sql.connect();
  });
  afterAll(async () => {
    await sql.end();
    const server = new Client({ connectionString: admin });
    await server.connect();
    await server.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await server.end();
  });

  it('applies the recorded rule', async () => {
    const files = readdirSync(MIGRATIONS)
      .filter((file) => file.endsWith('.sql'))
      .sort();
    for (const file of files.slice(0, files.indexOf(ZONES))) await apply(sql, file);
    const {
      rows: [user],
    } = await sql.query(
      `insert into users (name, email, password_hash) values ('M', 'm@example.com', 'x') returning id`,
    );
    const { rows } =
      await sql.query(`insert into events (title, description, starts_at, time, venue_name, country, city) values
      ('toronto', 'd', '2030-12-05 18:00+00', '18:00', 'v', 'Canada', 'Toronto'),
      ('addis', 'd', '2030-12-05 18:30+00', '18:30', 'v', 'Ethiopia', 'Addis Ababa'),
      ('washington', 'd', '2030-06-10 10:00+00', '10:00', 'v', 'United States', 'Washington'),
      ('melbourne', 'd', '2030-12-05 19:00+00', '19:00', 'v', 'Australia', 'Melbourne'),
      ('berlin', 'd', '2030-12-05 19:00+00', '19:00', 'v', 'Germany', null),
      ('unknown city', 'd', '2030-12-05 19:00+00', '19:00', 'v', 'Canada', 'Smalltown'),
      ('other', 'd', '2030-12-05 19:00+00', '19:00', 'v', 'Other', null)
      returning id, title`);
    const toronto = rows.find((row) => row.title === 'toronto').id;
    await sql.query(
      `insert into event_reminders (event_id, user_id, starts_at) values ($1, $2, '2030-12-05 18:00+00')`,
      [toronto, user.id],
    );

    await apply(sql, ZONES);

    const migrated = await sql.query(
      `select title, time_zone, to_char(starts_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI') as utc, sequence from events order by title`,
    );
    expect(
      Object.fromEntries(migrated.rows.map((row) => [row.title, [row.time_zone, row.utc]])),
    ).toEqual({
      addis: ['Africa/Addis_Ababa', '2030-12-05T15:30'],
      berlin: ['Europe/Berlin', '2030-12-05T18:00'],
      melbourne: ['Australia/Melbourne', '2030-12-05T08:00'],
      other: ['UTC', '2030-12-05T19:00'],
      toronto: ['America/Toronto', '2030-12-05T23:00'],
      'unknown city': ['UTC', '2030-12-05T19:00'],
      washington: ['America/New_York', '2030-06-10T14:00'],
    });
    expect(migrated.rows.every((row) => row.sequence === 0)).toBe(true);
    const reminder = await sql.query(
      `select to_char(starts_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI') as utc from event_reminders`,
    );
    expect(reminder.rows).toEqual([{ utc: '2030-12-05T23:00' }]);
  });
});
