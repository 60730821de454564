// scratch: microcache hit vs static file, nginx worker CPU per request, config variants
import http from 'node:http';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import YAML from 'yaml';
import { localCachePaths, nginxSite } from '../scripts/nginx-check.mjs';
import { freePort, startNginx } from '../scripts/services.mjs';
const root = '/work/main';
const body = JSON.stringify({ events: Array.from({ length: 12 }, (_, i) => ({ _id: 'x'.repeat(36), title: 'Ethiopian coffee networking ' + i, description: 'Join professionals for an evening of coffee and conversation about business '.repeat(4) })), total: 10000, page: 1 });
const full = {
  vary: 'Origin, Authorization',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'cross-origin-resource-policy': 'same-origin', 'referrer-policy': 'no-referrer', 'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY', 'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'content-type': 'application/json; charset=utf-8', etag: 'W/"oyt2h42TLchxJX9VoMVRArsNdsY="',
  'x-request-id': 'a4596fb1-aa22-4be1-b32b-d34a4c2b982a', 'cache-control': 'no-cache',
};
const minimal = { 'content-type': 'application/json; charset=utf-8', etag: full.etag, 'cache-control': 'no-cache' };
const upPort = await freePort();
let headers = full;
http.createServer((req, res) => { res.writeHead(200, headers); res.end(body); }).listen(upPort, '127.0.0.1');
function cpu(pids) { let t = 0; for (const pid of pids) { const s = readFileSync(`/proc/${pid}/stat`, 'utf8'); const f = s.slice(s.lastIndexOf(')') + 2).split(' '); t += +f[11] + +f[12]; } return t * 10; }
function workers(dir) { const m = readFileSync(join(dir, 'nginx.pid'), 'utf8').trim(); return readdirSync('/proc').filter((e) => /^\d+$/.test(e)).filter((pid) => { try { const s = readFileSync(`/proc/${pid}/stat`, 'utf8'); return s.slice(s.lastIndexOf(')') + 2).split(' ')[1] === m && readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('worker process'); } catch { return false; } }); }
async function run(name, edit, hdrs = full) {
  headers = hdrs;
  const dir = mkdtempSync(join(tmpdir(), 'mc-'));
  const port = await freePort();
  const web = YAML.parse(readFileSync(join(root, 'docker-compose.yml'), 'utf8'), { merge: true }).services.web;
  const local = (source) => { const p = join(dir, 'mounts', source.replace(/^[./~]+/, '')); mkdirSync(p, { recursive: true }); return p; };
  let site = nginxSite(web, { read: (s) => readFileSync(join(root, s), 'utf8'), local }).replace(/^\s*resolver .*$/m, '').replace(/access_log \/dev\/stdout [^;]*;/g, 'access_log off;')
    .replace(/listen 80;/, `listen 127.0.0.1:${port};\n  location = /bench-static.json { alias ${join(dir, 'static.json')}; default_type application/json; open_file_cache off; }`);
  site = localCachePaths(site.replace('server api:3000 resolve;', `server 127.0.0.1:${upPort};`), dir);
  site = edit(`sendfile on;\nkeepalive_timeout 65;\n${site}`);
  writeFileSync(join(dir, 'static.json'), body);
  const nginx = startNginx(dir, site, { mimeTypes: true });
  await new Promise((r) => setTimeout(r, 800));
  const base = `http://127.0.0.1:${port}`;
  const hitUrl = `${base}/api/events?page=1&limit=12`;
  await autocannon({ url: hitUrl, connections: 50, duration: 2 });
  const w = workers(dir);
  const m = async (url) => { const c0 = cpu(w); const r = await autocannon({ url, connections: 50, duration: 5 }); return { reqs: r.requests.average, us: ((cpu(w) - c0) * 1000) / r.requests.total, non2xx: r.non2xx }; };
  const out = [];
  for (let i = 0; i < 3; i++) { const s = await m(`${base}/bench-static.json`); const h = await m(hitUrl); out.push([h.reqs / s.reqs, s.us / h.us, h.us, s.us, h.non2xx]); }
  const med = (k) => out.map((o) => o[k]).sort((a, b) => a - b)[1];
  console.log(name.padEnd(28), 'req share', (100 * med(0)).toFixed(1) + '%', 'cpu share', (100 * med(1)).toFixed(1) + '%', 'hit µs', med(2).toFixed(1), 'static µs', med(3).toFixed(1), 'non2xx', out.map((o) => o[4]).join(','));
  nginx.stop();
}
const variants = process.argv.slice(2);
const all = {
  base: [(s) => s],
  noCacheStatus: [(s) => s.replace(/add_header X-Cache-Status[^;]*;/, '')],
  noReqId: [(s) => s.replace(/proxy_hide_header X-Request-Id;/, '').replace(/add_header X-Request-Id[^;]*;/, '')],
  noAddHeaders: [(s) => s.replace(/add_header X-Cache-Status[^;]*;/, '').replace(/proxy_hide_header X-Request-Id;/, '').replace(/add_header X-Request-Id[^;]*;/, '')],
  minimalHeaders: [(s) => s, minimal],
  shortKey: [(s) => s.replace(/proxy_cache_key [^;]*;/, 'proxy_cache_key $request_uri;')],
  noVary: [(s) => s, { ...full, vary: undefined }],
};
for (const v of variants.length ? variants : Object.keys(all)) { const [e, h] = all[v]; await run(v, e, h ? Object.fromEntries(Object.entries(h).filter(([, x]) => x !== undefined)) : undefined); }
process.exit(0);
