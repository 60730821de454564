#!/usr/bin/env node
// Checks deploy/nginx.conf with `nginx -t` (Debian's nginx-light) the way docker-compose mounts it: as
// conf.d/default.conf inside the http block. nginx resolves an upstream host name when it reads the
// file, and the compose service names (api, ...) exist only on Docker's network, so a copy with those
// names mapped to 127.0.0.1 is what gets checked.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

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

/**
 * The config as an older nginx can check it: `resolve` on an upstream server (re-resolving its
 * name, nginx 1.27.3+, the image's) is dropped when the local nginx predates it (Debian's 1.22).
 */
export function forNginxVersion(conf, version) {
  const [major, minor, patch] = version.split('.').map(Number);
  const knowsResolve = major > 1 || minor > 27 || (minor === 27 && patch >= 3);
  return knowsResolve ? conf : conf.replace(/(\bserver\s+[^;]*?)\s+resolve(?=[\s;])/g, '$1');
}

function nginxVersion(nginx) {
  const result = spawnSync(nginx, ['-v'], { encoding: 'utf8' });
  return /nginx\/(\d+\.\d+\.\d+)/.exec(`${result.stderr}${result.stdout}`)?.[1] ?? '0.0.0';
}

function main() {
  const nginx = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((path) => existsSync(path));
  if (!nginx) {
    console.error('nginx not found: install nginx-light (`.ci/run` does)');
    process.exit(1);
  }
  const services = composeServices(readFileSync(join(root, 'docker-compose.yml'), 'utf8'));
  const conf = readFileSync(join(root, 'deploy', 'nginx.conf'), 'utf8');
  const version = nginxVersion(nginx);
  const { mapped, count } = mapToLoopback(forNginxVersion(conf, version), services);
  const dir = mkdtempSync(join(tmpdir(), 'nginx-check-'));
  let status = 1;
  try {
    writeFileSync(join(dir, 'default.conf'), mapped);
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
      `nginx ${version} -t on deploy/nginx.conf (${count} upstream names mapped to 127.0.0.1)`,
    );
    const result = spawnSync(
      nginx,
      ['-t', '-q', '-p', dir, '-e', join(dir, 'error.log'), '-c', join(dir, 'nginx.conf')],
      { stdio: 'inherit' },
    );
    status = result.status ?? 1;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  process.exit(status);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
