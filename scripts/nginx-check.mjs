#!/usr/bin/env node
// Checks deploy/nginx.conf with `nginx -t` (Debian's nginx-light) the way docker-compose mounts it: as
// conf.d/default.conf inside the http block, with the files it includes (platform-proxy.conf); then
// again with docker-compose.tls.yml's additions (deploy/nginx-tls.conf as conf.d/tls.conf, its
// certificate a throwaway self-signed one). nginx resolves an upstream host name when it reads the
// file, and the compose service names (api, ...) exist only on Docker's network, so a copy with those
// names mapped to 127.0.0.1 is what gets checked; directives newer than the local nginx are adapted
// (forNginxVersion).
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import YAML from 'yaml';
import { findNginx } from './services.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** The service names of docker-compose.yml (two-space keys under `services:`). */
export function composeServices(yaml) {
  const names = [];
  let inServices = false;
  for (const line of yaml.split(/\r?\n/)) {
    if (/^\S/.test(line)) inServices = /^services:\s*$/.test(line);
    const m = inServices && /^ {2}([A-Za-z0-9][\w.-]*):/.exec(line);
    if (m) names.push(m[1]);
  }
  return names;
}

/** The config with every compose service name, used as a proxied or upstream host, made 127.0.0.1. */
export function mapToLoopback(conf, services) {
  let count = 0;
  const pattern = new RegExp(
    `(https?://|grpc://|\\bserver\\s+)(${services.map((s) => s.replace(/\./g, '\\.')).join('|')})(?=[:;/\\s])`,
    'g',
  );
  const mapped = conf.replace(pattern, (_, prefix) => {
    count += 1;
    return `${prefix}127.0.0.1`;
  });
  return { mapped, count };
}

/** The image's cache folder (/var/cache/nginx, which a local nginx may lack) as `dir`/cache, made. */
export function localCachePaths(conf, dir) {
  mkdirSync(join(dir, 'cache'), { recursive: true });
  return conf.replace(/(\bproxy_cache_path\s+)\/var\/cache\/nginx\//g, `$1${dir}/cache/`);
}

/** `version` (1.22.1) is `at` or later. */
function atLeast(version, at) {
  const [a, b] = [version, at].map((v) => v.split('.').map(Number));
  const i = a.findIndex((n, j) => n !== b[j]);
  return i < 0 || a[i] > b[i];
}

/**
 * The `server { ... }` blocks of a config, as [start, end) offsets, found by their braces (those in
 * quoted strings and comments skipped).
 */
function serverBlocks(conf) {
  const blocks = [];
  const open = [];
  let statement = 0;
  for (let i = 0; i < conf.length; i++) {
    const c = conf[i];
    if (c === '#') {
      // A comment before a block is not part of its name.
      i = conf.indexOf('\n', i) < 0 ? conf.length : conf.indexOf('\n', i);
      if (!conf.slice(statement, i).replace(/#.*/, '').trim()) statement = i + 1;
    } else if (c === "'" || c === '"') {
      for (i++; i < conf.length && conf[i] !== c; i++) if (conf[i] === '\\') i++;
    } else if (c === '{') {
      open.push({ head: conf.slice(statement, i).trim(), start: statement });
      statement = i + 1;
    } else if (c === '}') {
      const block = open.pop();
      if (block?.head === 'server') blocks.push([block.start, i + 1]);
      statement = i + 1;
    } else if (c === ';') statement = i + 1;
  }
  return blocks;
}

/**
 * The config as an older nginx can check it: `resolve` on an upstream server (re-resolving its
 * name, nginx 1.27.3+, the image's) is dropped when the local nginx predates it (Debian's 1.22),
 * and a server's `http2 on;` (1.25.1+) becomes the `http2` parameter of its `ssl` listens.
 */
export function forNginxVersion(conf, version) {
  let out = conf;
  if (!atLeast(version, '1.27.3')) {
    out = out.replace(/(\bserver\s+[^;]*?)\s+resolve(?=[\s;])/g, '$1');
  }
  if (!atLeast(version, '1.25.1')) {
    for (const [start, end] of serverBlocks(out).reverse()) {
      const block = out.slice(start, end);
      if (!/^\s*http2\s+on\s*;/m.test(block)) continue;
      const adapted = block
        .replace(/^[ \t]*http2\s+on\s*;[ \t]*\n?/gm, '')
        .replace(/^(\s*listen\s[^;]*\bssl\b[^;]*?)\s*;/gm, (listen, head) =>
          /\bhttp2\b/.test(head) ? listen : `${head} http2;`,
        );
      out = out.slice(0, start) + adapted + out.slice(end);
    }
  }
  return out;
}

/** The local nginx's version, as in `nginx -v`. */
export function nginxVersion(nginx) {
  const result = spawnSync(nginx, ['-v'], { encoding: 'utf8' });
  return /nginx\/(\d+\.\d+\.\d+)/.exec(`${result.stderr}${result.stdout}`)?.[1] ?? '0.0.0';
}

/** The sequences of a service that compose keeps one entry of per key (the override's). */
const UNIQUE_BY = {
  volumes: (volume) => (typeof volume === 'string' ? volume.split(':')[1] : volume.target),
  ports: (port) => (typeof port === 'string' ? port : JSON.stringify(port)),
};
/** Commands, which an override replaces instead of adding to. */
const REPLACED = new Set(['command', 'entrypoint', 'test']);

/**
 * `docker compose -f base -f override` as compose merges the two files: mappings key by key, a
 * service's `volumes` one per container path and its `ports` once each (the override's added to
 * the base's), other sequences added up, commands and any other value replaced.
 */
export function mergeCompose(base, override, key = '') {
  const isMap = (value) => value !== null && typeof value === 'object' && !Array.isArray(value);
  if (isMap(base) && isMap(override)) {
    const merged = { ...base };
    for (const [name, value] of Object.entries(override)) {
      merged[name] = name in base ? mergeCompose(base[name], value, name) : value;
    }
    return merged;
  }
  if (Array.isArray(base) && Array.isArray(override) && !REPLACED.has(key)) {
    const keyOf = UNIQUE_BY[key];
    if (!keyOf) return [...base, ...override];
    const merged = new Map(base.map((entry) => [keyOf(entry), entry]));
    for (const entry of override) merged.set(keyOf(entry), entry);
    return [...merged.values()];
  }
  return override;
}

/** A service's bind mounts (`./host/path:/container/path[:ro]`) as { source, target }. */
export function bindMounts(service) {
  return (service.volumes ?? []).flatMap((volume) => {
    const [source, target] =
      typeof volume === 'string' ? volume.split(':') : [volume.source, volume.target];
    const bind = typeof volume === 'string' ? /^[./~]/.test(source) : volume.type === 'bind';
    return bind ? [{ source, target }] : [];
  });
}

const escapeRegExp = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * What the nginx image reads into its http block from what the `web` service mounts: the files
 * mounted in conf.d, in name order (its nginx.conf includes conf.d/*.conf), each `include` of a
 * mounted file replaced by that file's text, and every other path in a mounted folder (the
 * certificates, the ACME webroot) made that folder's path here. `read(source)` is the text of a
 * mounted file, `local(source)` where a mounted folder is here.
 */
export function nginxSite(web, { read, local }) {
  const mounts = bindMounts(web);
  const sites = mounts
    .filter(({ target }) => /^\/etc\/nginx\/conf\.d\/[^/]+\.conf$/.test(target))
    .sort((a, b) => (a.target < b.target ? -1 : 1));
  if (sites.length === 0) throw new Error('the web service mounts no nginx site in conf.d');
  const inline = (text, depth) =>
    text.replace(/^([ \t]*)include\s+([^\s;]+)\s*;[ \t]*$/gm, (line, indent, path) => {
      const mount = mounts.find(({ target }) => target === path);
      if (!mount) return line;
      if (depth > 8) throw new Error(`${path} includes itself`);
      const lines = inline(read(mount.source), depth + 1)
        .replace(/\n+$/, '')
        .split('\n');
      return [`# ${mount.source}:`, ...lines].map((l) => (l ? indent + l : l)).join('\n');
    });
  const site = sites.map(({ source }) => `# ${source}:\n${inline(read(source), 0)}`).join('\n');
  const inMounts = mounts.map(({ source, target }) => [
    new RegExp(`(?<=[\\s'"])${escapeRegExp(target)}(?=[/;\\s'"])`, 'g'),
    source,
  ]);
  return site
    .split('\n')
    .map((line) =>
      /^\s*#/.test(line)
        ? line
        : inMounts.reduce(
            (text, [inMount, source]) => text.replace(inMount, () => local(source)),
            line,
          ),
    )
    .join('\n');
}

function main() {
  let nginx;
  try {
    nginx = findNginx();
  } catch (error) {
    console.error(`${error.message} (\`.ci/run\` does)`);
    process.exit(1);
  }
  const composeText = readFileSync(join(root, 'docker-compose.yml'), 'utf8');
  const services = composeServices(composeText);
  const base = YAML.parse(composeText, { merge: true });
  const tls = YAML.parse(readFileSync(join(root, 'docker-compose.tls.yml'), 'utf8'));
  const version = nginxVersion(nginx);
  const setups = [
    ['deploy/nginx.conf', base.services.web],
    [
      'deploy/nginx.conf with deploy/nginx-tls.conf (docker-compose.tls.yml)',
      mergeCompose(base, tls).services.web,
    ],
  ];
  let status = 0;
  for (const [name, web] of setups) {
    const dir = mkdtempSync(join(tmpdir(), 'nginx-check-'));
    try {
      // Mounted folders are empty ones here; a certificate nginx loads is a throwaway one.
      const local = (source) => {
        const path = join(dir, 'mounts', source.replace(/^[./~]+/, ''));
        mkdirSync(path, { recursive: true });
        return path;
      };
      const site = nginxSite(web, {
        read: (source) => readFileSync(join(root, source), 'utf8'),
        local,
      });
      const { mapped, count } = mapToLoopback(forNginxVersion(site, version), services);
      const certificates = [...mapped.matchAll(/^\s*ssl_certificate(_key)?\s+([^\s;]+)\s*;/gm)];
      if (certificates.length) {
        const made = join(dir, 'made');
        mkdirSync(made);
        const [key, cert] = [join(made, 'key.pem'), join(made, 'cert.pem')];
        const openssl = 'req -x509 -newkey rsa:2048 -nodes -days 1 -subj /CN=localhost';
        execFileSync('openssl', [...openssl.split(' '), '-keyout', key, '-out', cert], {
          stdio: 'ignore',
        });
        for (const [, isKey, path] of certificates) {
          mkdirSync(dirname(path), { recursive: true });
          copyFileSync(isKey ? key : cert, path);
        }
      }
      writeFileSync(join(dir, 'default.conf'), localCachePaths(mapped, dir));
      // The http block of the nginx image's own nginx.conf, which includes conf.d/*.conf.
      writeFileSync(
        join(dir, 'nginx.conf'),
        [
          `pid ${join(dir, 'nginx.pid')};`,
          `error_log ${join(dir, 'error.log')};`,
          'events {}',
          'http {',
          '  include /etc/nginx/mime.types;',
          '  default_type application/octet-stream;',
          `  access_log ${join(dir, 'access.log')};`,
          `  include ${join(dir, 'default.conf')};`,
          '}',
          '',
        ].join('\n'),
      );
      console.log(
        `nginx ${version} -t on ${name} (${count} upstream names mapped to 127.0.0.1` +
          `${certificates.length ? ', a throwaway certificate' : ''})`,
      );
      const result = spawnSync(
        nginx,
        ['-t', '-q', '-p', dir, '-e', join(dir, 'error.log'), '-c', join(dir, 'nginx.conf')],
        { stdio: 'inherit' },
      );
      if (result.status !== 0) status = result.status ?? 1;
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  process.exit(status);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
