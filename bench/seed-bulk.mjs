#!/usr/bin/env node
// Bulk seeding in SQL (generate_series, one statement per table) for the API benchmark, at two scales.
// Usage: DATABASE_URL=postgres://... node bench/seed-bulk.mjs [10k|1m]   (the schema must be migrated)
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { fetchSettled } from '../scripts/services.mjs';
import { CATEGORIES, COUNTRIES, INSERT_EVENTS } from './seed-events.mjs';

/** Row counts per scale: `10k` is the table, `1m` the "flat at a million rows" goal. */
export const SCALES = {
  '10k': {
    events: 10_000,
    news: 2_000,
    members: 1_000,
    reactions: 10_000,
    rsvps: 10_000,
    listings: 1_000,
  },
  '1m': {
    events: 1_000_000,
    news: 2_000,
    members: 100_000,
    reactions: 1_000_000,
    rsvps: 100_000,
    listings: 10_000,
  },
};

const NEWS_CATEGORIES = ['community', 'youth', 'culture', 'development', 'news', 'story'];
const LISTING_CATEGORIES = ['restaurant', 'retail', 'services', 'healthcare', 'technology'];

/**
 * Fills a migrated, empty database. Reactions and RSVPs go to the newest content (what page 1
 * shows), each item reacted to by many distinct members, the shape that makes popular lists heavy.
 */
export async function seedBulk(databaseUrl, scale, log = console.log) {
  const n = SCALES[scale];
  if (!n) throw new Error(`unknown scale "${scale}" (10k or 1m)`);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const step = async (label, text, values) => {
    const started = Date.now();
    const result = await client.query(text, values);
    log(
      `  ${label}: ${result.rowCount ?? 0} rows, ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
  };
  try {
    // Nothing to recover if the seed dies half-way: the database is thrown away.
    await client.query('SET synchronous_commit = off');
    await client.query("SET maintenance_work_mem = '256MB'");
    // Bulk loading: secondary indexes (the migrations' own definitions, read back) are dropped
    // before the inserts and built once after them, far cheaper than maintained row by row.
    const { rows: secondary } = await client.query(
      `SELECT i.indexname, i.indexdef FROM pg_indexes i
       WHERE i.schemaname = 'public'
         AND i.tablename IN ('events', 'news', 'users', 'reactions', 'event_attendees', 'directory_listings')
         AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)`,
    );
    for (const { indexname } of secondary) await client.query(`DROP INDEX "${indexname}"`);
    await step(
      'members',
      `INSERT INTO users (name, email, password_hash, role, country, profession, created_at)
       SELECT 'Member ' || i, 'member' || i || '@bench.test', 'not-a-hash', 'member',
              ($2::text[])[1 + i % 6], 'Profession ' || (i % 40),
              now() - (i * interval '1 minute')
       FROM generate_series(1, $1::int) AS i`,
      [n.members, COUNTRIES],
    );
    await step('events', INSERT_EVENTS, [n.events, CATEGORIES, COUNTRIES]);
    await step(
      'articles',
      `INSERT INTO news (title, content, excerpt, category, featured, published, published_at, created_at)
       SELECT 'Article ' || i || ' on ' || (ARRAY['coffee','careers','culture','youth','business','music'])[1 + i % 6],
              repeat('Seeded article body number ' || i || ' with community news. ', 8),
              'Excerpt of article ' || i,
              ($2::text[])[1 + i % 6],
              i % 50 = 0,
              i % 20 <> 0,
              CASE WHEN i % 20 <> 0 THEN now() - (i * interval '1 hour') END,
              now() - (i * interval '1 hour')
       FROM generate_series(1, $1::int) AS i`,
      [n.news, NEWS_CATEGORIES],
    );
    // Numbered copies of the ids, newest first, so reactions and answers can be spread by arithmetic.
    await client.query(
      `CREATE TEMP TABLE ev AS
         SELECT id, row_number() OVER (ORDER BY starts_at DESC, id DESC) AS n FROM events;
       CREATE UNIQUE INDEX ON ev (n);
       CREATE TEMP TABLE ar AS
         SELECT id, row_number() OVER (ORDER BY published_at DESC NULLS LAST, id DESC) AS n FROM news;
       CREATE UNIQUE INDEX ON ar (n);
       CREATE TEMP TABLE mb AS
         SELECT id, row_number() OVER (ORDER BY created_at DESC, id DESC) - 1 AS n FROM users;
       CREATE UNIQUE INDEX ON mb (n);`,
    );
    await step(
      'listings',
      `INSERT INTO directory_listings (name, description, type, category, country, city, tags, status,
                                       featured, owner_id)
       SELECT 'Business ' || i, 'Seeded listing ' || i || ' serving the community.',
              (ARRAY['business','professional','organization'])[1 + i % 3],
              ($2::text[])[1 + i % 5], ($3::text[])[1 + i % 6], 'City ' || (i % 50),
              jsonb_build_array('tag' || (i % 20), 'coffee'),
              CASE WHEN i % 10 = 0 THEN 'pending' ELSE 'approved' END, i % 25 = 0, u.id
       FROM generate_series(1, $1::int) AS i
       JOIN mb u ON u.n = i % $4::int`,
      [n.listings, LISTING_CATEGORIES, COUNTRIES, Math.min(n.members, 1000)],
    );
    // 100 distinct members per item at both scales, so page 1 carries the same reactions at 10k and
    // 1m and only the table sizes differ; 80% of the reactions on events, 20% on articles.
    const perItem = Math.min(100, n.members);
    const eventReactions = Math.round(n.reactions * 0.8);
    const reactionSql = (targetType, table) =>
      `INSERT INTO reactions (target_type, target_id, user_id, kind, created_at)
       SELECT '${targetType}', t.id, m.id, CASE WHEN i % 5 = 0 THEN 'dislike' ELSE 'like' END,
              now() - (i * interval '1 second')
       FROM generate_series(0, $1::int - 1) AS i
       JOIN ${table} t ON t.n = 1 + i / $2::int
       JOIN mb m ON m.n = ((i % $2::int) * ($3::int / $2::int) + (i / $2::int)) % $3::int`;
    await step('event reactions', reactionSql('events', 'ev'), [
      eventReactions,
      perItem,
      n.members,
    ]);
    await step('article reactions', reactionSql('news', 'ar'), [
      n.reactions - eventReactions,
      perItem,
      n.members,
    ]);
    const perEvent = Math.min(100, n.members);
    await step(
      'RSVPs',
      `INSERT INTO event_attendees (event_id, user_id, status)
       SELECT e.id, m.id, (ARRAY['going','maybe','not going'])[1 + i % 3]
       FROM generate_series(0, $1::int - 1) AS i
       JOIN ev e ON e.n = 1 + i / $2::int
       JOIN mb m ON m.n = ((i % $2::int) * ($3::int / $2::int) + (i / $2::int)) % $3::int`,
      [n.rsvps, perEvent, n.members],
    );
    await step(
      'going counts',
      `UPDATE events SET going_count = g.c
       FROM (SELECT event_id, count(*)::int AS c FROM event_attendees WHERE status = 'going'
             GROUP BY event_id) g
       WHERE events.id = g.event_id`,
    );
    const indexed = Date.now();
    for (const { indexdef } of secondary) await client.query(indexdef);
    log(`  ${secondary.length} indexes rebuilt: ${((Date.now() - indexed) / 1000).toFixed(1)} s`);
    // A live database is autovacuumed; without it, counts cannot use index-only scans.
    const started = Date.now();
    await client.query('VACUUM ANALYZE');
    log(`  vacuum analyze: ${((Date.now() - started) / 1000).toFixed(1)} s`);
    const { rows } = await client.query(
      `SELECT (SELECT count(*) FROM events)::int AS events, (SELECT count(*) FROM news)::int AS news,
              (SELECT count(*) FROM users)::int AS members,
              (SELECT count(*) FROM reactions)::int AS reactions,
              (SELECT count(*) FROM event_attendees)::int AS rsvps,
              (SELECT count(*) FROM directory_listings)::int AS listings`,
    );
    return rows[0];
  } finally {
    await client.end();
  }
}

/** How the benches run the built API: production, quiet logs, no demo content, on loopback. */
export function benchApiEnv({ databaseUrl, redisUrl, dataDir }) {
  return {
    NODE_ENV: 'production',
    JWT_SECRET: 'bench-secret-that-is-certainly-long-enough-0123456789',
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'false',
    // The view rows send thousands of writes a second from one address.
    RATE_LIMIT_WRITES: '1000000000',
  };
}

/** The member rows' token: a member registered through the API, then given answers and reactions. */
/** A member with answers and reactions; `confirmed: false` leaves their address unconfirmed. */
export async function registerBenchMember(baseUrl, databaseUrl, { confirmed = true } = {}) {
  const email = `bench-${Date.now()}-${confirmed ? 'c' : 'u'}@bench.test`;
  // A server that sheds load (503, Retry-After) on a busy shared machine is asked again.
  const response = await fetchSettled(
    `${baseUrl}/api/auth/register`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Bench Member',
        email,
        password: 'bench-secret-123',
        country: 'Canada',
        profession: 'Engineer',
      }),
    },
    10,
  );
  if (!response) throw new Error('register: no answer');
  if (response.status !== 201)
    throw new Error(`register: ${response.status} ${await response.text()}`);
  const body = await response.json();
  await engageMember(databaseUrl, body.user._id ?? body.user.id, confirmed);
  return body.token;
}

/** Confirms one member's address and gives them answers and reactions on the newest events (the bench's member rows). */
export async function engageMember(databaseUrl, userId, confirmed = true) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    if (confirmed) {
      await client.query('UPDATE users SET email_verified_at = now() WHERE id = $1', [userId]);
    }
    await client.query(
      `WITH newest AS (SELECT id, row_number() OVER (ORDER BY starts_at DESC, id DESC) AS n
                       FROM events ORDER BY starts_at DESC, id DESC LIMIT 24)
       INSERT INTO event_attendees (event_id, user_id, status)
       SELECT id, $1, CASE WHEN n % 2 = 0 THEN 'going' ELSE 'maybe' END FROM newest
       ON CONFLICT DO NOTHING`,
      [userId],
    );
    await client.query(
      `INSERT INTO reactions (target_type, target_id, user_id, kind)
       SELECT 'events', id, $1, 'like' FROM events ORDER BY starts_at DESC, id DESC LIMIT 24
       ON CONFLICT DO NOTHING`,
      [userId],
    );
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
  console.log(await seedBulk(url, process.argv[2] ?? '10k'));
}
