// The compose deployment's step for nginx's microcache of guests' reads (deploy/platform-proxy.conf):
// a crowd of guests on one list costs the replicas one request, a member's request is never stored
// nor served from the cache, a replica's health is never cached, and a write reaches guests within
// about a second.
import { postJson } from '../services.mjs';
import { check } from './steps.mjs';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * The answers whose request reached a replica, by the id nginx gave each (the replicas log it as
 * reqId): one nginx passed on to the other replica (a 503 from the first) is still one request.
 */
const reachedReplica = (apis, path, answers) => {
  const lines = apis.flatMap((proc) => proc.lines).filter((l) => l.includes(`"${path}"`));
  return answers.filter((answer) => lines.some((l) => l.includes(answer.id)));
};

/**
 * 20 guests at once on a list nobody asked for yet, and one guest's repeat sent as the first
 * answer arrives (well within the cache's second however slow the machine).
 */
async function crowdOn(base, apis, list) {
  let firstArrival;
  const arrived = new Promise((resolveArrival) => (firstArrival = resolveArrival));
  const repeat = arrived.then(async (at) => {
    const response = await fetch(`${base}${list}`);
    await response.arrayBuffer();
    return { response, afterMs: Date.now() - at };
  });
  const crowd = await Promise.all(
    Array.from({ length: 20 }, async () => {
      const response = await fetch(`${base}${list}`);
      firstArrival(Date.now());
      await response.arrayBuffer();
      return {
        status: response.status,
        retryAfter: Number(response.headers.get('retry-after') ?? 0),
        cache: response.headers.get('x-cache-status'),
        id: response.headers.get('x-request-id'),
      };
    }),
  );
  const again = await repeat;
  await sleep(200);
  return { crowd, again, reached: reachedReplica(apis, list, crowd) };
}

export async function guestCacheStep({ base, dotenv, balancer, services: { running } }) {
  const apis = running.api;
  const list = '/api/news?limit=17';

  // A 503 is never stored by design, so its crowd all reaches the replicas: a replica busy enough
  // to shed (Retry-After, ADR 0055) or with its database away (DATABASE_UNAVAILABLE). That is not
  // the cache's doing: tried again after a pause on a list nobody asked for, twice at most, and said.
  let attempt = await crowdOn(base, apis, list);
  for (let limit = 18; limit < 20; limit++) {
    const refused = attempt.crowd.filter((answer) => answer.status === 503);
    if (!refused.length) break;
    console.log(`   ${refused.length} of the crowd answered 503 by a busy deployment: once more`);
    await sleep(1000 * Math.max(1, ...refused.map((answer) => answer.retryAfter)));
    attempt = await crowdOn(base, apis, `/api/news?limit=${limit}`);
  }
  const { crowd, again, reached } = attempt;
  const allOk = crowd.every((answer) => answer.status === 200);
  // An answer nginx made itself (a 500 names no replica) is explained only by its error log;
  // a replica's, by its warnings and errors.
  const explained = allOk
    ? ''
    : [
        '',
        ...(balancer?.errors() ?? '').split('\n').filter(Boolean).slice(-10),
        ...apis
          .flatMap((proc) => proc.lines)
          .filter((line) => /"level":(40|50|60)/.test(line))
          .slice(-10),
      ].join('\n');
  check(
    allOk && reached.length === 1,
    `20 guests at once on one list: ${reached.length} reached a replica ` +
      `(${[...new Set(crowd.map((a) => a.cache))].join(', ')}; ` +
      `statuses ${[...new Set(crowd.map((a) => a.status))].join(', ')})${explained}`,
  );
  check(
    again.response.headers.get('x-cache-status') === 'HIT',
    `a guest's repeat ${again.afterMs} ms after the first answer: ` +
      `${again.response.headers.get('x-cache-status')}`,
  );
  const ids = new Set([
    ...crowd.map((answer) => answer.id),
    again.response.headers.get('x-request-id'),
  ]);
  check(
    ids.size === 21 && !ids.has(null),
    `each of 21 answers, cached ones too, names its own request (${ids.size} distinct ids)`,
  );

  // A member's read carries their own RSVPs and reactions: never stored, never served stored.
  const login = await postJson(`${base}/api/auth/login`, {
    email: dotenv.ADMIN_EMAIL,
    password: dotenv.ADMIN_PASSWORD,
  });
  const { token } = await login.json();
  const member = [];
  for (let i = 0; i < 3; i++) {
    const response = await fetch(`${base}${list}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    await response.arrayBuffer();
    member.push({
      status: response.status,
      cache: response.headers.get('x-cache-status'),
      id: response.headers.get('x-request-id'),
    });
  }
  await sleep(200);
  const memberReached = reachedReplica(apis, list, member);
  check(
    member.every((read) => read.cache === 'BYPASS' && read.status === 200) &&
      memberReached.length === 3,
    `a member's three reads: ${member.map((read) => `${read.status} ${read.cache}`).join(', ')}, ` +
      `${memberReached.length} reached a replica`,
  );

  // Health is the replica's own, now.
  const health = await fetch(`${base}/api/health`);
  await health.arrayBuffer();
  check(
    health.ok && health.headers.get('x-cache-status') === null,
    `health is never cached (${health.headers.get('x-cache-status') ?? 'no cache status'})`,
  );

  // A write reaches guests within about a second (the cache's validity).
  const title = `Microcache ${Date.now()}`;
  const guestSees = async () => (await (await fetch(`${base}${list}`)).text()).includes(title);
  await guestSees();
  const created = await postJson(
    `${base}/api/news`,
    { title, content: 'Written while guests read the list.', published: true },
    { authorization: `Bearer ${token}` },
  );
  check(created.status === 201, `the admin publishes an article: ${created.status}`);
  const written = Date.now();
  let seen = false;
  while (!seen && Date.now() - written < 5000) {
    seen = await guestSees();
    if (!seen) await sleep(100);
  }
  check(seen, `guests see the new article after ${Date.now() - written} ms (the cache keeps 1 s)`);
}
