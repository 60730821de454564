#!/usr/bin/env node
// `npm start`: installs when needed, builds, and runs the whole platform on http://localhost:3000
// with the embedded database (PGlite under ./data) and demo content.
import { execSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureInstalled } from './ensure-installed.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const sh = (command, env = process.env) => execSync(command, { cwd: root, stdio: 'inherit', env });

/** The demo admin's password: generated once (the password policy refuses `admin123`), kept in ./data. */
function demoAdminPassword() {
  const dataDir = resolve(root, process.env.DATA_DIR ?? 'data');
  const file = join(dataDir, 'admin-password');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const password = `admin-${randomBytes(9).toString('base64url')}`;
  writeFileSync(file, password, { mode: 0o600 });
  return password;
}

/**
 * The admin `npm start` signs in: ADMIN_EMAIL and ADMIN_PASSWORD as given; without ADMIN_EMAIL,
 * admin@example.com with the given ADMIN_PASSWORD or else one generated once; and the line that
 * tells who that is (never an ADMIN_PASSWORD the user chose).
 */
export function demoAdmin(env, generatePassword) {
  if (env.ADMIN_EMAIL) return { settings: {}, notice: undefined };
  const email = 'admin@example.com';
  const password = env.ADMIN_PASSWORD ?? generatePassword();
  const shown = env.ADMIN_PASSWORD ? 'your ADMIN_PASSWORD' : password;
  return {
    settings: { ADMIN_EMAIL: email, ADMIN_PASSWORD: password },
    notice: `Admin sign-in: ${email} / ${shown} (set ADMIN_EMAIL and ADMIN_PASSWORD to change)`,
  };
}

function main() {
  // Exactly the locked tree (`npm run lock` keeps the lock complete for every platform).
  ensureInstalled(root);
  // Vite follows NODE_ENV: a development value in the shell would ship development React.
  sh('npm run build', { ...process.env, NODE_ENV: 'production' });
  const admin = demoAdmin(process.env, demoAdminPassword);
  if (admin.notice) console.log(admin.notice);
  const server = spawn(process.execPath, ['backend/dist/main.js'], {
    cwd: root,
    stdio: 'inherit',
    env: { SEED_DEMO: 'true', ...process.env, ...admin.settings },
  });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
  server.on('exit', (code) => process.exit(code ?? 0));
}

// Run as `npm start` (or through a link to it); imported by the tooling tests for demoAdmin.
if (
  process.argv[1] &&
  realpathSync(process.argv[1]) === realpathSync(fileURLToPath(import.meta.url))
) {
  main();
}
