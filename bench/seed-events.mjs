#!/usr/bin/env node
// Seeds N events (default 10,000) into the PostgreSQL at DATABASE_URL, in one set-based insert.
// Usage: DATABASE_URL=postgres://... node bench/seed-events.mjs [count]
import { fileURLToPath } from 'node:url';
import pg from 'pg';

export const CATEGORIES = ['cultural', 'business', 'education', 'social', 'youth', 'religious'];
export const COUNTRIES = [
  'United States',
  'Canada',
  'United Kingdom',
  'Germany',
  'Sweden',
  'Ethiopia',
];

/**
 * The events generator, one set-based insert ($1 how many, $2 CATEGORIES, $3 COUNTRIES): events
 * spread from a year ago to two years ahead, with varied text for full-text search. The bulk seed
 * (seed-bulk.mjs) runs it too.
 */
export const INSERT_EVENTS = `INSERT INTO events (title, description, category, starts_at, time, venue_name, country, city,
                       is_free, pricing, max_attendees, organizer_name)
   SELECT 'Event ' || i || ' ' || (ARRAY['Gala','Meetup','Workshop','Forum','Picnic','Concert'])[1 + i % 6],
          'Seeded description number ' || i || ' about ' ||
            (ARRAY['music','coffee','careers','investment','youth mentoring','literature'])[1 + i % 6],
          ($2::text[])[1 + i % 6],
          now() - interval '365 days' + (i * interval '1 day' * 1095 / $1::int),
          lpad((8 + i % 12)::text, 2, '0') || ':30',
          'Venue ' || (i % 200),
          ($3::text[])[1 + i % 6],
          'City ' || (i % 50),
          i % 3 <> 0,
          CASE WHEN i % 3 = 0 THEN '{"general":{"amount":25,"currency":"usd"}}'::jsonb ELSE '{}'::jsonb END,
          CASE WHEN i % 2 = 0 THEN 100 ELSE NULL END,
          'Organizer ' || (i % 30)
   FROM generate_series(1, $1::int) AS i`;

/** Seeds `count` events (INSERT_EVENTS) and returns how many the table holds. */
export async function seedEvents(databaseUrl, count = 10000) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(INSERT_EVENTS, [count, CATEGORIES, COUNTRIES]);
    // A live database is autovacuumed; without it, counts cannot use index-only scans.
    await client.query('VACUUM ANALYZE events');
    const { rows } = await client.query('SELECT count(*)::int AS total FROM events');
    return rows[0].total;
  } finally {
    await client.end();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const url = process.env.DATABASE_URL;
  if (!url) {
    console.error('DATABASE_URL is required');
    process.exit(2);
  }
  const total = await seedEvents(url, Number(process.argv[2] ?? 10000));
  console.log(`events in the database: ${total}`);
}
