// The admin console deployed as docs/adr/0015-standalone-admin-console.md describes, for the
// browser e2e: built, configured and served as the Dockerfile's `console` target says (its build
// stage's command, its nginx server block, its start script writing config.js and the CSP), with
// nginx on a loopback port of its own.
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { parseDockerfile } from './dockerfile.mjs';
import { startNginx, waitForOk } from './services.mjs';

function run(command, args, options) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit', ...options });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    child.on('error', () => resolve(1));
  });
}

/**
 * What the Dockerfile's `console` target does: the command of the stage it copies the build from,
 * that build's folder and where it lands, the server block it installs and its start script.
 */
export function consoleTarget(dockerfile) {
  const stages = parseDockerfile(dockerfile);
  const target = stages.find((stage) => stage.name === 'console');
  const copies = target?.steps.filter((step) => step.op === 'COPY') ?? [];
  const built = copies.find((copy) => copy.flags.from);
  const buildStage = stages.find((stage) => stage.name === built?.flags.from);
  const command = buildStage?.steps.find((step) => step.op === 'RUN')?.shell;
  const into = (dest) => copies.find((copy) => copy.words.at(-1).startsWith(dest))?.words[0];
  const found = {
    command,
    outDir: built?.words[0],
    htmlRoot: built?.words.at(-1),
    serverConf: into('/etc/nginx/conf.d/'),
    startScript: into('/docker-entrypoint.d/'),
  };
  const missing = Object.keys(found).filter((key) => !found[key]);
  if (missing.length)
    throw new Error(`the Dockerfile's console target lost: ${missing.join(', ')}`);
  return found;
}

/**
 * Builds and serves the console at http://localhost:<port> (another site than the API's
 * 127.0.0.1, so nothing passes only because the two share a site) against `apiOrigin`.
 */
export async function serveStandaloneConsole({ root, apiOrigin, port }) {
  const work = join(root, 'tmp', 'standalone-console');
  const html = join(work, 'html');
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  const { NODE_ENV: _ignored, ...env } = process.env;
  const target = consoleTarget(readFileSync(join(root, 'Dockerfile'), 'utf8'));
  // The build stage's own command, its output folder (`/console` in the image) made this one.
  const outDir = new RegExp(
    `(?<=\\s)${target.outDir.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?=\\s|$)`,
  );
  if (!outDir.test(target.command)) throw new Error(`no ${target.outDir} in: ${target.command}`);
  const build = await run('sh', ['-c', target.command.replace(outDir, `'${html}'`)], {
    cwd: root,
    env,
  });
  if (build !== 0) throw new Error('the standalone console did not build');
  execFileSync('sh', [join(root, target.startScript)], {
    env: {
      ...env,
      CONSOLE_API_ORIGIN: apiOrigin,
      CONSOLE_CONFIG_JS: join(html, 'config.js'),
      CONSOLE_CSP_CONF: join(work, 'csp.conf'),
    },
    stdio: 'inherit',
  });

  // The image's server block as it is, on this port and this build.
  const server = readFileSync(join(root, target.serverConf), 'utf8')
    .replace(/listen 80;/, `listen 127.0.0.1:${port};`)
    .replace(`root ${target.htmlRoot};`, `root ${html};`)
    .replace(
      /include \/etc\/nginx\/admin-console-csp\.conf;/,
      `include ${join(work, 'csp.conf')};`,
    );
  const { stop, errorLog } = startNginx(work, server, { mimeTypes: true });
  if (!(await waitForOk(`http://127.0.0.1:${port}/config.js`, 15000))) {
    stop();
    throw new Error(`nginx did not serve the console (see ${errorLog})`);
  }
  return { url: `http://localhost:${port}`, stop };
}
