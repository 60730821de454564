// Tests of the install, nginx and image tooling (run by the `install` stage: node --test).
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { auditFindings } from './audit.mjs';
import { installMatchesLock } from './ensure-installed.mjs';
import { findGaps } from './lock.mjs';
import { demoAdmin } from './start.mjs';
import { consoleTarget } from './standalone-console.mjs';
import {
  bindMounts,
  composeServices,
  forNginxVersion,
  mapToLoopback,
  mergeCompose,
  nginxSite,
} from './nginx-check.mjs';
import YAML from 'yaml';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const read = (path) => readFileSync(join(root, path), 'utf8');

test('findGaps names an optional platform build the lock lacks, found from nested paths', () => {
  const lock = {
    packages: {
      '': { name: 'root' },
      'node_modules/@swc/core': {
        version: '1.16.22',
        optionalDependencies: {
          '@swc/core-linux-x64-gnu': '1.16.22',
          '@swc/core-darwin-arm64': '1.16.22',
        },
      },
      'node_modules/@swc/core-linux-x64-gnu': { version: '1.16.22' },
      'node_modules/a/node_modules/b': { version: '1.0.0', dependencies: { c: '^1' } },
      'node_modules/c': { version: '1.0.0' },
    },
  };
  assert.deepEqual(findGaps(lock), [
    {
      path: 'node_modules/@swc/core',
      name: '@swc/core',
      version: '1.16.22',
      missing: ['@swc/core-darwin-arm64'],
    },
  ]);
});

test('findGaps names a required dependency missing below the workspaces', () => {
  const lock = {
    packages: {
      'node_modules/bullmq': { version: '6.7.0', dependencies: { msgpackr: '2.1.3' } },
      backend: { name: '@diaspora/backend', dependencies: { bullmq: '^6' } },
      'node_modules/@diaspora/backend': { resolved: 'backend', link: true },
    },
  };
  assert.deepEqual(
    findGaps(lock).map((gap) => [gap.name, gap.missing]),
    [['bullmq', ['msgpackr']]],
  );
});

test('the committed lock has no gaps', () => {
  assert.deepEqual(findGaps(JSON.parse(read('package-lock.json'))), []);
});

test('nginx check maps compose service hosts to loopback, and nothing else', () => {
  const services = composeServices(read('docker-compose.yml'));
  assert.ok(services.includes('api') && services.includes('postgres'));
  assert.ok(!services.includes('uploads'), 'volumes are not services');
  const conf = [
    'resolver 127.0.0.11 valid=10s;',
    'set $api http://api:3000;',
    'upstream apis { server api:3000 max_fails=3; }',
    'location /x { proxy_pass https://api.example.org/; }',
    'location /y { proxy_pass http://web; }',
  ].join('\n');
  const { mapped, count } = mapToLoopback(conf, services);
  assert.equal(count, 3);
  assert.match(mapped, /set \$api http:\/\/127\.0\.0\.1:3000;/);
  assert.match(mapped, /server 127\.0\.0\.1:3000 max_fails=3;/);
  assert.match(mapped, /https:\/\/api\.example\.org\//);
  assert.match(mapped, /proxy_pass http:\/\/127\.0\.0\.1;/);
});

test("nginx check drops an upstream server's resolve for an nginx older than 1.27.3 only", () => {
  const conf = 'upstream a { zone a 64k; server api:3000 resolve; keepalive 8; }';
  assert.equal(
    forNginxVersion(conf, '1.22.1'),
    'upstream a { zone a 64k; server api:3000; keepalive 8; }',
  );
  assert.equal(forNginxVersion(conf, '1.27.3'), conf);
  assert.equal(forNginxVersion(conf, '1.28.0'), conf);
  // As the web service reads it: nginx.conf with the proxy rules it includes.
  const { web } = YAML.parse(read('docker-compose.yml'), { merge: true }).services;
  const shipped = nginxSite(web, { read, local: () => assert.fail('no folder is mounted') });
  assert.match(read('deploy/nginx.conf'), /^\s*include \/etc\/nginx\/platform-proxy\.conf;/m);
  assert.match(shipped, /server api:3000 resolve;/);
  assert.match(shipped, /keepalive \d+;/);
  assert.match(shipped, /proxy_http_version 1\.1;/);
  assert.match(shipped, /proxy_set_header Connection "";/);
});

test("nginx check turns a server's `http2 on;` into its ssl listens' http2 for an nginx older than 1.25.1", () => {
  const conf = [
    'server { listen 80; location / { return 200 \'{"a":"}"}\'; } }',
    '# a comment { with a brace',
    'server {',
    '  listen 443 ssl default_server;',
    '  listen [::]:443 ssl;',
    '  http2 on;',
    '}',
  ].join('\n');
  assert.equal(
    forNginxVersion(conf, '1.22.1'),
    conf
      .replace('  http2 on;\n', '')
      .replace('ssl default_server;', 'ssl default_server http2;')
      .replace('[::]:443 ssl;', '[::]:443 ssl http2;'),
  );
  assert.equal(forNginxVersion(conf, '1.25.1'), conf);
  assert.equal(forNginxVersion('server { listen 80; }', '1.22.1'), 'server { listen 80; }');
  const tls = read('deploy/nginx-tls.conf');
  assert.match(tls, /^\s*http2 on;/m);
  assert.match(forNginxVersion(tls, '1.22.1'), /^\s*listen 443 ssl default_server http2;/m);
  assert.doesNotMatch(forNginxVersion(tls, '1.22.1'), /http2 on/);
});

test('the compose files merge as compose merges them: ports added, volumes one per container path', () => {
  const base = {
    services: {
      web: {
        image: 'nginx:1.28',
        ports: ['3000:80'],
        volumes: ['./a.conf:/etc/nginx/conf.d/default.conf:ro', 'logs:/var/log/nginx'],
        environment: { A: '1', B: '2' },
        command: ['nginx', '-g', 'daemon off;'],
      },
      api: { image: 'app' },
    },
    volumes: { logs: null },
  };
  const override = {
    services: {
      web: {
        ports: ['3000:80', '443:443'],
        volumes: ['./b.conf:/etc/nginx/conf.d/default.conf:ro', './certs:/etc/nginx/certs:ro'],
        environment: { B: 'two' },
        command: ['nginx-debug'],
      },
    },
  };
  assert.deepEqual(mergeCompose(base, override), {
    services: {
      web: {
        image: 'nginx:1.28',
        ports: ['3000:80', '443:443'],
        volumes: [
          './b.conf:/etc/nginx/conf.d/default.conf:ro',
          'logs:/var/log/nginx',
          './certs:/etc/nginx/certs:ro',
        ],
        environment: { A: '1', B: 'two' },
        command: ['nginx-debug'],
      },
      api: { image: 'app' },
    },
    volumes: { logs: null },
  });
  assert.deepEqual(bindMounts(base.services.web), [
    { source: './a.conf', target: '/etc/nginx/conf.d/default.conf' },
  ]);
  // The shipped files: docker-compose.tls.yml adds to the web service, it takes nothing away.
  const shipped = YAML.parse(read('docker-compose.yml'), { merge: true });
  const web = mergeCompose(shipped, YAML.parse(read('docker-compose.tls.yml'))).services.web;
  assert.deepEqual(web.ports, ['3000:80', '80:80', '443:443']);
  assert.deepEqual(
    bindMounts(web).map(({ source, target }) => `${source}:${target}`),
    [
      './deploy/nginx.conf:/etc/nginx/conf.d/default.conf',
      './deploy/platform-proxy.conf:/etc/nginx/platform-proxy.conf',
      './deploy/nginx-resolver.sh:/docker-entrypoint.d/05-resolver.sh',
      './deploy/nginx-connections.sh:/docker-entrypoint.d/06-connections.sh',
      './deploy/nginx-tls.conf:/etc/nginx/conf.d/tls.conf',
      './deploy/certs:/etc/nginx/certs',
      './deploy/acme:/var/www/acme',
    ],
  );
});

test("nginx's site is read as the image reads the mounts: conf.d in name order, includes inlined, folders here", () => {
  const files = {
    './z.conf': 'server {\n  listen 80;\n  include /etc/nginx/rules.conf;\n}\n',
    './a.conf':
      '# certificates in /etc/nginx/certs\nserver {\n  listen 443 ssl;\n' +
      '  ssl_certificate /etc/nginx/certs/fullchain.pem;\n  include /etc/nginx/mime.types;\n' +
      '  include /etc/nginx/rules.conf;\n}\n',
    './rules.conf': 'location / {\n  root /var/www/acme;\n}\n',
  };
  const web = {
    volumes: [
      './z.conf:/etc/nginx/conf.d/default.conf:ro',
      './a.conf:/etc/nginx/conf.d/another.conf:ro',
      './rules.conf:/etc/nginx/rules.conf:ro',
      './certs:/etc/nginx/certs:ro',
      './acme:/var/www/acme',
      'data:/data',
    ],
  };
  const site = nginxSite(web, {
    read: (source) => files[source],
    local: (source) => `/here/${source.slice(2)}`,
  });
  assert.equal(
    site,
    [
      '# ./a.conf:',
      '# certificates in /etc/nginx/certs',
      'server {',
      '  listen 443 ssl;',
      '  ssl_certificate /here/certs/fullchain.pem;',
      '  include /etc/nginx/mime.types;',
      '  # ./rules.conf:',
      '  location / {',
      '    root /here/acme;',
      '  }',
      '}',
      '',
      '# ./z.conf:',
      'server {',
      '  listen 80;',
      '  # ./rules.conf:',
      '  location / {',
      '    root /here/acme;',
      '  }',
      '}',
      '',
    ].join('\n'),
  );
  assert.throws(() => nginxSite({ volumes: ['./x:/etc/nginx/x.conf'] }, {}), /no nginx site/);
  const loop = { volumes: ['./l.conf:/etc/nginx/conf.d/l.conf', './l.conf:/etc/nginx/l.conf'] };
  assert.throws(
    () => nginxSite(loop, { read: () => 'include /etc/nginx/l.conf;\n', local: () => '' }),
    /includes itself/,
  );
});

test('.ci/run, npm start and npm test (ensure-installed) and the Dockerfile install with npm ci only', () => {
  for (const file of ['.ci/run', 'scripts/ensure-installed.mjs', 'Dockerfile']) {
    const text = read(file)
      .split('\n')
      .filter((line) => !/^\s*(#|\/\/)/.test(line))
      .join('\n');
    assert.match(text, /npm ci\b/, file);
    assert.doesNotMatch(text, /npm install\b/, file);
  }
});

test('auditFindings keeps high and critical advisories once each, with their waivers', () => {
  const advisory = (name, severity, ghsa) => ({
    source: 1,
    name,
    severity,
    title: `${name} flaw`,
    url: `https://github.com/advisories/${ghsa}`,
  });
  const report = {
    vulnerabilities: {
      a: {
        via: [advisory('a', 'critical', 'GHSA-aaaa-bbbb-cccc'), advisory('a', 'low', 'GHSA-low')],
      },
      b: { via: ['a', advisory('b', 'high', 'GHSA-dddd-eeee-ffff')] },
      c: { via: [advisory('a', 'critical', 'GHSA-aaaa-bbbb-cccc')] },
    },
  };
  const { unreachable, findings } = auditFindings(report, {
    'GHSA-dddd-eeee-ffff': 'only reachable through a CLI we never run in production',
    'GHSA-aaaa-bbbb-cccc': ' ',
  });
  assert.equal(unreachable, undefined);
  assert.deepEqual(
    findings.map(({ id, severity, waived }) => [id, severity, waived]),
    [
      ['GHSA-aaaa-bbbb-cccc', 'critical', false],
      ['GHSA-dddd-eeee-ffff', 'high', true],
    ],
  );
});

test('auditFindings reports an unreachable advisory endpoint instead of a clean result', () => {
  const refused = {
    message:
      '405 Method Not Allowed - POST https://registry.npmjs.org/-/npm/v1/security/advisories/bulk',
    error: { summary: '', detail: '' },
  };
  assert.match(auditFindings(refused, {}).unreachable, /405 Method Not Allowed/);
  assert.equal(auditFindings({ vulnerabilities: {} }, {}).unreachable, undefined);
});

test('npm test and npm start work from a fresh clone: they install before importing from node_modules', () => {
  for (const script of ['scripts/test.mjs', 'scripts/start.mjs']) {
    const source = read(script);
    const staticImports = [...source.matchAll(/^import\s[^;]*?from\s+'([^']+)'/gms)].map(
      ([, specifier]) => specifier,
    );
    assert.ok(staticImports.length > 0, script);
    for (const specifier of staticImports) {
      assert.ok(
        specifier.startsWith('node:') || specifier === './ensure-installed.mjs',
        `${script} imports ${specifier} before dependencies are installed`,
      );
    }
    assert.match(source, /ensureInstalled\(root\);/, script);
  }
  assert.doesNotMatch(read('scripts/ensure-installed.mjs'), /from '(?!node:)/);
});

test('npm refuses a dependency whose engines leave out the Node it installs on (.npmrc)', () => {
  assert.match(read('.npmrc'), /^engine-strict=true$/m);
  const root = JSON.parse(read('package.json'));
  assert.equal(root.engines.node, JSON.parse(read('package-lock.json')).packages[''].engines.node);
});

test('npm test and npm start install again when node_modules no longer matches the lock', () => {
  const dir = mkdtempSync(join(tmpdir(), 'install-'));
  try {
    const write = (file, packages) => {
      mkdirSync(dirname(join(dir, file)), { recursive: true });
      writeFileSync(join(dir, file), JSON.stringify({ lockfileVersion: 3, packages }));
    };
    const locked = {
      '': { name: 'root' },
      'node_modules/a': { version: '1.0.0' },
      'node_modules/@scope/b': { version: '2.0.0', dev: true },
      'node_modules/c-linux': { version: '3.0.0', optional: true },
      'node_modules/@diaspora/e2e': { resolved: 'e2e', link: true },
    };
    write('package-lock.json', locked);
    assert.equal(installMatchesLock(dir), false, 'nothing installed yet');
    const installed = { ...locked };
    delete installed[''];
    delete installed['node_modules/c-linux'];
    write('node_modules/.package-lock.json', installed);
    assert.equal(installMatchesLock(dir), true, "another platform's optional build may be missing");
    // A pull that added a package, or moved one to another version.
    write('package-lock.json', { ...locked, 'node_modules/d': { version: '1.0.0', dev: true } });
    assert.equal(installMatchesLock(dir), false, 'a package added to the lock');
    write('package-lock.json', { ...locked, 'node_modules/a': { version: '1.1.0' } });
    assert.equal(installMatchesLock(dir), false, 'a package at another version');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('npm start signs in the admin the user set, or a demo admin with a password made once', () => {
  const generated = () => 'admin-generated';
  assert.deepEqual(demoAdmin({}, generated), {
    settings: { ADMIN_EMAIL: 'admin@example.com', ADMIN_PASSWORD: 'admin-generated' },
    notice:
      'Admin sign-in: admin@example.com / admin-generated (set ADMIN_EMAIL and ADMIN_PASSWORD to change)',
  });
  // Only a password given: it is kept (it used to be replaced by the generated one), not printed.
  const own = demoAdmin({ ADMIN_PASSWORD: 'my-own-passphrase' }, generated);
  assert.equal(own.settings.ADMIN_PASSWORD, 'my-own-passphrase');
  assert.doesNotMatch(own.notice, /my-own-passphrase/);
  assert.deepEqual(demoAdmin({ ADMIN_EMAIL: 'me@example.org', ADMIN_PASSWORD: 'x' }, generated), {
    settings: {},
    notice: undefined,
  });
});

test("the browser e2e's standalone console follows the Dockerfile's console target", () => {
  assert.deepEqual(consoleTarget(read('Dockerfile')), {
    command:
      'ADMIN_BASE=/ npm run build -w @diaspora/admin-console -- --outDir /console --emptyOutDir',
    outDir: '/console',
    htmlRoot: '/usr/share/nginx/html',
    serverConf: 'deploy/admin-console.nginx.conf',
    startScript: 'deploy/admin-console-config.sh',
  });
  assert.throws(
    () => consoleTarget('FROM node:24 AS build\nFROM nginx:1.27 AS console\n'),
    /console target lost: command, outDir, htmlRoot, serverConf, startScript/,
  );
});

test("the Dockerfile's backend-build runs the backend's `npm run build`", async () => {
  const { parseDockerfile } = await import('./dockerfile.mjs');
  const stage = parseDockerfile(read('Dockerfile')).find((s) => s.name === 'backend-build');
  const run = stage?.steps.find((step) => step.op === 'RUN')?.shell ?? '';
  const build = JSON.parse(read('backend/package.json')).scripts.build;
  assert.ok(run.replace(/\s+/g, ' ').startsWith(`${build} `), `the Dockerfile runs: ${run}`);
});
