// The admin console deployed as docs/decisions.md describes ("Standalone admin console"), for the
// browser e2e: built with ADMIN_BASE=/, config.js written by the deployment's own script and
// served by nginx with deploy/admin-console.nginx.conf, on a loopback port of its own.
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { startNginx, waitForOk } from './services.mjs';

function run(command, args, options) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit', ...options });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    child.on('error', () => resolve(1));
  });
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
  const build = await run(
    'npm',
    ['run', 'build', '-w', '@diaspora/admin-console', '--', '--outDir', html, '--emptyOutDir'],
    { cwd: root, env: { ...env, ADMIN_BASE: '/' } },
  );
  if (build !== 0) throw new Error('the standalone console did not build');
  execFileSync('sh', [join(root, 'deploy', 'admin-console-config.sh')], {
    env: {
      ...env,
      CONSOLE_API_ORIGIN: apiOrigin,
      CONSOLE_CONFIG_JS: join(html, 'config.js'),
      CONSOLE_CSP_CONF: join(work, 'csp.conf'),
    },
    stdio: 'inherit',
  });

  // The deployment's server block as it is, on this port and this build.
  const server = readFileSync(join(root, 'deploy', 'admin-console.nginx.conf'), 'utf8')
    .replace(/listen 80;/, `listen 127.0.0.1:${port};`)
    .replace(/root \/usr\/share\/nginx\/html;/, `root ${html};`)
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
