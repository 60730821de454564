// Tests of the install, nginx and image tooling (run by the `install` stage: node --test).
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { applyDockerignore, parseDockerfile, stagesForDefaultTarget } from './image-replay.mjs';
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
import {
  durationMs,
  envRecipe,
  interpolate,
  localSite,
  parseDotenv,
  publishedPorts,
  serviceEnv,
} from './compose-replay.mjs';
import { backupRecipe, translateBackupLine } from './replay/backup-recipe.mjs';
import {
  certbotCommand,
  composeFiles,
  httpsRecipe,
  shellWords,
  translateDeployHook,
} from './replay/https-recipe.mjs';

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
  assert.deepEqual(
    publishedPorts({ ports: ['3000:80', '127.0.0.1:80:80', '443:443/tcp', 8080] }),
    [80, 443, 8080],
  );
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
  // Here: the replicas' ports for the upstream, loopback ports for the published ones, a log file.
  const conf =
    'resolver 127.0.0.11 valid=10s;\nupstream u { server api:3000 resolve; }\n' +
    'server {\n  listen 80 default_server;\n  access_log /dev/stdout main;\n}\n' +
    'server {\n  listen 443 ssl;\n  access_log /dev/stdout main;\n}\n';
  const here = localSite(conf, {
    listen: { 80: 8080, 443: 8443 },
    replicaPorts: [4001, 4002],
    accessLog: '/tmp/a.log',
  });
  assert.equal(
    here,
    '\nupstream u { server 127.0.0.1:4001; server 127.0.0.1:4002; }\n' +
      'server {\n  listen 127.0.0.1:8080 default_server;\n  access_log /tmp/a.log main;\n}\n' +
      'server {\n  listen 127.0.0.1:8443 ssl;\n  access_log /tmp/a.log main;\n}\n',
  );
  assert.throws(
    () => localSite(conf, { listen: { 80: 8080 }, replicaPorts: [4001], accessLog: '/a.log' }),
    /listens on 443, which web does not publish/,
  );
});

test('the Dockerfile parses into the stages the replay runs', () => {
  const [build, runtime, ...more] = stagesForDefaultTarget(parseDockerfile(read('Dockerfile')));
  assert.equal(more.length, 0);
  assert.equal(build.name, 'build');
  assert.match(build.image, /^node:24-/);
  assert.match(runtime.image, /^node:24-/);
  assert.ok(build.steps.some((s) => s.op === 'RUN' && /^npm ci\b/.test(s.shell)));
  assert.ok(!build.steps.some((s) => s.op === 'RUN' && /npm install\b/.test(s.shell)));
  const copies = runtime.steps.filter((s) => s.op === 'COPY');
  assert.ok(copies.every((s) => s.flags.from === 'build'));
  assert.ok(copies.some((s) => s.words[0] === '/app/node_modules'));
  assert.deepEqual(runtime.steps.at(-1), {
    op: 'CMD',
    flags: {},
    exec: ['node', 'backend/dist/main.js'],
  });
  assert.equal(runtime.steps.find((s) => s.op === 'USER').words[0], 'node');
});

test('the replay builds the default target and the stages it needs, not the other targets', () => {
  const stages = parseDockerfile(
    'FROM node:24 AS build\nRUN true\nFROM build AS extra\nRUN true\n' +
      'FROM nginx:1 AS console\nCOPY --from=extra /x /y\nFROM node:24\nCOPY --from=build /a /a\n',
  );
  assert.deepEqual(
    stagesForDefaultTarget(stages).map((stage) => stage.name ?? stage.image),
    ['build', 'node:24'],
  );
});

test('the replay refuses what it cannot replay instead of skipping it', () => {
  assert.throws(() => parseDockerfile('FROM node:24\nHEALTHCHECK CMD true\n'), /does not support/);
  assert.throws(() => parseDockerfile('FROM node:24\nCMD node main.js\n'), /exec form/);
  const [stage] = parseDockerfile('FROM node:24 AS b\nENV A=1 B="x y"\nRUN a && \\\n  b\n');
  assert.deepEqual(stage.steps, [
    { op: 'ENV', flags: {}, env: { A: '1', B: 'x y' } },
    { op: 'RUN', flags: {}, shell: 'a &&    b' },
  ]);
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

test('.dockerignore keeps dependencies, build output and secrets out of the build context', () => {
  const context = mkdtempSync(join(tmpdir(), 'dockerignore-'));
  try {
    const files = [
      'package.json',
      'backend/src/main.ts',
      'backend/node_modules/x/index.js',
      'node_modules/y/index.js',
      'portal/dist/index.html',
      '.env',
      'data/pglite/base',
      'e2e/test-results/a.png',
      'deploy/certs/privkey.pem',
      'deploy/acme/.well-known/acme-challenge/token',
      'deploy/nginx.conf',
    ];
    for (const file of files) {
      mkdirSync(dirname(join(context, file)), { recursive: true });
      writeFileSync(join(context, file), '');
    }
    writeFileSync(join(context, '.dockerignore'), read('.dockerignore'));
    applyDockerignore(context);
    const kept = files.filter((file) => existsSync(join(context, file)));
    assert.deepEqual(kept, ['package.json', 'backend/src/main.ts', 'deploy/nginx.conf']);
  } finally {
    rmSync(context, { recursive: true, force: true });
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

test("the compose replay reads compose's interpolation, .env files and durations as compose does", () => {
  const env = { SET: 'x', EMPTY: '' };
  assert.equal(
    interpolate('${SET:-d} ${EMPTY:-d} ${EMPTY-d} ${UNSET-d} ${UNSET} $$HOME', env),
    'x d  d  $HOME',
  );
  assert.throws(() => interpolate('${EMPTY:?set it}', env), /EMPTY: set it/);
  assert.equal(interpolate('${EMPTY?set it}', env), '');
  assert.deepEqual(parseDotenv('# note\nA=1\n\nB="two words"\nC=a=b\n'), {
    A: '1',
    B: 'two words',
    C: 'a=b',
  });
  assert.equal(durationMs('1m30s'), 90000);
  assert.equal(durationMs('500ms'), 500);
  // env_file first, then `environment`, interpolated from .env.
  const service = { env_file: [{ path: '.env' }], environment: { A: '${B:-none}', C: 'c' } };
  assert.deepEqual(serviceEnv(service, { A: 'file', B: 'b' }), { A: 'b', B: 'b', C: 'c' });
  assert.deepEqual(serviceEnv({ environment: { C: '${B}' } }, { B: 'b' }), { C: 'b' });
});

test("docs/operations.md's compose recipe writes .env with the secrets compose requires, and nothing guessable", () => {
  const lines = envRecipe(read('docs/operations.md'));
  assert.ok(lines.some((line) => line.includes('JWT_SECRET=$(openssl rand')));
  assert.ok(lines.some((line) => line.includes('ADMIN_PASSWORD=$(openssl rand')));
  assert.ok(lines.every((line) => !/docker compose/.test(line)));
});

test("docs/operations.md's backup recipe dumps the database and the uploads volume, and restores them stopped", () => {
  const { backup, restore } = backupRecipe(read('docs/operations.md'));
  assert.ok(backup.some((line) => /exec -T postgres pg_dump .*-Fc/.test(line)));
  assert.ok(backup.some((line) => /exec -T api tar c.* -C \/data /.test(line)));
  assert.equal(restore[0], 'docker compose stop api worker');
  assert.ok(restore.some((line) => /pg_restore .*--clean --if-exists/.test(line)));
  assert.equal(restore.at(-1), 'docker compose start api worker');
  const section = (blocks) =>
    `# T\n\n## Backups and restore\n\n${blocks}\n## Next\n\n\`\`\`bash\nlater\n\`\`\`\n`;
  assert.deepEqual(
    backupRecipe(section('```bash\n# a comment\none\n\n```\n\n```bash\ntwo\n```\n')),
    {
      backup: ['one'],
      restore: ['two'],
    },
  );
  assert.throws(
    () => backupRecipe(section('```bash\none\n```\n')),
    /lost its backup or its restore/,
  );
  assert.throws(() => backupRecipe('# T\n'), /no "## Backups and restore" section/);
});

test("the compose replay runs docs/operations.md's backup lines here, and refuses a shape it does not know", () => {
  const { services } = YAML.parse(read('docker-compose.yml'), { merge: true });
  const where = {
    services,
    databaseUrl: 'postgres://postgres@127.0.0.1:5433/replay',
    volumes: { uploads: '/tmp/replay data' },
    bin: (name) => `/pg/${name}`,
  };
  const run = (line) => translateBackupLine(line, where);
  const { backup, restore } = backupRecipe(read('docs/operations.md'));
  assert.deepEqual([...backup, ...restore].map(run), [
    {
      service: 'postgres',
      via: 'exec',
      shell: '/pg/pg_dump -Fc -d postgres://postgres@127.0.0.1:5433/replay > platform.dump',
    },
    { service: 'api', via: 'exec', shell: "tar czf - -C '/tmp/replay data' . > uploads.tgz" },
    { stop: ['api', 'worker'] },
    {
      service: 'postgres',
      via: 'exec',
      shell:
        '/pg/pg_restore --clean --if-exists -d postgres://postgres@127.0.0.1:5433/replay < platform.dump',
    },
    { service: 'api', via: 'run', shell: "tar xzf - -C '/tmp/replay data' < uploads.tgz" },
    { start: ['api', 'worker'] },
  ]);
  assert.equal(
    run('docker compose exec -T postgres pg_dump -U platform -d platform --schema=public > a.dump')
      .shell,
    '/pg/pg_dump --schema=public -d postgres://postgres@127.0.0.1:5433/replay > a.dump',
  );
  assert.equal(
    run('docker compose exec -T worker tar czf /data/a.tgz -C /data/uploads .').shell,
    "tar czf '/tmp/replay data/a.tgz' -C '/tmp/replay data/uploads' .",
  );
  const refusals = {
    'docker compose exec postgres pg_dump -U platform platform > a.dump': /needs -T/,
    'docker compose exec -T postgres pg_dump -U postgres platform > a.dump': /not POSTGRES_USER/,
    'docker compose exec -T postgres pg_dump -U platform other > a.dump':
      /other is not POSTGRES_DB/,
    'docker compose exec -T postgres pg_dump -U platform -Fc > a.dump': /name the database once/,
    // Options with a separate value are not known: the value would read as the database.
    'docker compose exec -T postgres pg_dump -n public -U platform platform':
      /public is not POSTGRES_DB/,
    'docker compose exec -T postgres pg_dump -h db -U platform platform': /-h is not replayed/,
    'docker compose exec -T api pg_dump -U platform platform': /api is not the postgres service/,
    'docker compose exec -T postgres psql -U platform platform < a.sql': /psql is not replayed/,
    'docker compose exec -T api tar czf - -C /app . > a.tgz': /\/app is in no volume of api/,
    'docker compose exec -T redis tar czf - -C /data . > a.tgz': /redis's redisdata volume/,
    'docker compose exec -T api tar czf - -C /data . | gzip > a.tgz': /pipes/,
    'docker compose exec -T api tar czf - -C /data . >a.tgz': /one `< file` or `> file`/,
    'docker compose exec -T --user root api tar czf - -C /data .': /--user is not replayed/,
    'docker compose cp api:/data .': /`docker compose cp` is not replayed/,
    'docker compose stop -t 5 api': /services only/,
    'docker compose start nowhere': /no service nowhere/,
    'docker-compose stop api': /not a `docker compose` command/,
  };
  for (const [line, why] of Object.entries(refusals)) assert.throws(() => run(line), why, line);
});

test("docs/operations.md's HTTPS recipe makes the folders, a first certificate, the .env, then certbot with its hook", () => {
  const lines = httpsRecipe(read('docs/operations.md'));
  assert.match(lines[0], /^mkdir -p deploy\/certs deploy\/acme$/);
  assert.ok(
    lines.some((line) => /^openssl req -x509 .*-keyout deploy\/certs\/privkey\.pem/.test(line)),
  );
  const up = lines.findIndex((line) => line.startsWith('docker compose'));
  const certbot = lines.findIndex((line) => /certbot certonly/.test(line));
  assert.ok(up > 0 && certbot > up, 'nginx serves the webroot before certbot asks for it');
  // What the `echo "..." >> .env` lines before it append.
  const appended = lines.slice(0, up).map((line) => /^echo "(.*)" >> \.env$/.exec(line)?.[1]);
  const dotenv = parseDotenv(appended.filter(Boolean).join('\n'));
  assert.match(dotenv.PUBLIC_URL, /^https:\/\//);
  assert.deepEqual(composeFiles(lines[up], dotenv), [
    'docker-compose.yml',
    'docker-compose.tls.yml',
  ]);
  const { webroot, domains, hook } = certbotCommand(lines[certbot]);
  assert.equal(webroot, 'deploy/acme');
  assert.deepEqual(domains, ['example.org']);
  assert.deepEqual(translateDeployHook(hook, { pwd: '/srv/p', letsencrypt: '/le' }), [
    { cd: '/srv/p' },
    {
      cwd: '/srv/p',
      shell:
        'cp -L /le/live/example.org/fullchain.pem /le/live/example.org/privkey.pem deploy/certs/',
    },
    { reload: 'web' },
  ]);
});

test('the HTTPS replay reads shell words, compose files, certbot and its hook, and refuses the rest', () => {
  assert.deepEqual(shellWords(`a "b $PWD \\"c\\"" 'd e'f g\\ h`), [
    'a',
    'b $PWD "c"',
    'd ef',
    'g h',
  ]);
  assert.throws(() => shellWords('a && b'), /not a plain command/);
  assert.throws(() => shellWords('cp deploy/certs/* /tmp'), /not a plain command/);
  assert.deepEqual(composeFiles('docker compose -f a.yml -f b.yml up -d', {}), ['a.yml', 'b.yml']);
  assert.deepEqual(composeFiles('docker compose up --build -d', { COMPOSE_FILE: 'x.yml:y.yml' }), [
    'x.yml',
    'y.yml',
  ]);
  assert.deepEqual(composeFiles('docker compose up -d', {}), ['docker-compose.yml']);
  assert.throws(() => composeFiles('docker compose up -d --scale api=4', {}), /knows/);
  assert.deepEqual(
    certbotCommand(
      "certbot certonly -n --agree-tos -m me@example.org --webroot --webroot-path /w -d a.org,b.org --deploy-hook 'x'",
    ),
    { webroot: '/w', domains: ['a.org', 'b.org'], hook: 'x' },
  );
  assert.throws(() => certbotCommand('certbot --nginx -d a.org'), /`certbot certonly` only/);
  assert.throws(() => certbotCommand('certbot certonly --standalone -d a.org'), /--standalone/);
  assert.throws(() => certbotCommand('certbot certonly --webroot -w /w -d a.org'), /deploy-hook/);
  const where = { pwd: '/p', letsencrypt: '/le' };
  const refusals = {
    'cp /etc/letsencrypt/live/a/fullchain.pem deploy/certs/': /without -L/,
    'cp -L /home/me/fullchain.pem deploy/certs/': /not certbot's/,
    'cd /srv/platform': /cd \$PWD only/,
    'docker compose restart web': /not replayed/,
    'docker compose exec web nginx -s stop': /only `web nginx -s reload`/,
    'systemctl reload nginx': /not replayed/,
  };
  for (const [hook, why] of Object.entries(refusals)) {
    assert.throws(() => translateDeployHook(hook, where), why, hook);
  }
  // Without `cd`, certbot's directory (/ under its timer) is where relative paths land.
  assert.equal(
    translateDeployHook('cp -L /etc/letsencrypt/live/a/privkey.pem certs/', where)[0].cwd,
    '/',
  );
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
