#!/usr/bin/env node
// `npm start`: installs when needed, builds, and runs the whole platform on http://localhost:3000
// with the embedded database (PGlite under ./data) and demo content.
import { execSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureInstalled } from './ensure-installed.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const sh = (command, env = process.env) => execSync(command, { cwd: root, stdio: 'inherit', env });

// Exactly the locked tree (`npm run lock` keeps the lock complete for every platform).
ensureInstalled(root);
// Vite follows NODE_ENV: a development value in the shell would ship development React.
sh('npm run build', { ...process.env, NODE_ENV: 'production' });

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

const env = {
  SEED_DEMO: 'true',
  ADMIN_EMAIL: 'admin@example.com',
  ...process.env,
};
if (!process.env.ADMIN_EMAIL) env.ADMIN_PASSWORD = demoAdminPassword();
if (!process.env.ADMIN_EMAIL) {
  console.log(
    `Admin sign-in: ${env.ADMIN_EMAIL} / ${env.ADMIN_PASSWORD} (set ADMIN_EMAIL and ADMIN_PASSWORD to change)`,
  );
}
const server = spawn(process.execPath, ['backend/dist/main.js'], {
  cwd: root,
  stdio: 'inherit',
  env,
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
