// The built platform for page benchmarks: BASE_URL when given, else `backend/dist/main.js` started on a
// free loopback port with the embedded database and demo content in a throwaway data directory.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, waitForHealth } from '../scripts/services.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** Demo content is seeded after the server listens: pages measured before it would be empty. */
async function waitForDemoContent(baseUrl, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const [events, news] = await Promise.all(
      ['/api/events?limit=1', '/api/news?limit=1'].map((path) =>
        fetch(`${baseUrl}${path}`)
          .then((response) => (response.ok ? response.json() : { total: 0 }))
          .catch(() => ({ total: 0 })),
      ),
    );
    if (events.total > 0 && news.total > 0) {
      // The rest of the demo content lands in the same pass; give it a moment to finish.
      await new Promise((r) => setTimeout(r, 3000));
      return;
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('the demo content did not appear');
}

/** Resolves to `{ baseUrl, stop }`; `stop` ends only what this function started. `extraEnv` adds to
 * the server's environment (`WEB_DIR` for another build of the front ends). */
export async function startPlatform(extraEnv = {}) {
  if (process.env.BASE_URL) return { baseUrl: process.env.BASE_URL, stop: () => undefined };
  const main = join(root, 'backend/dist/main.js');
  if (!existsSync(main)) throw new Error('backend/dist is missing: run `npm run build` first');
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-web-'));
  const port = await freePort();
  const server = spawn(process.execPath, [main], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      JWT_SECRET: 'bench-secret-that-is-certainly-long-enough-0123456789',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      SEED_DEMO: 'true',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ...extraEnv,
    },
  });
  const stop = () => {
    server.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  };
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    if (!(await waitForHealth(baseUrl, 120_000))) throw new Error('the platform did not start');
    await waitForDemoContent(baseUrl, 120_000);
  } catch (error) {
    stop();
    throw error;
  }
  return { baseUrl, stop };
}
