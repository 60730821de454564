import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

const RUNTIME_PACKAGE = /[\\/]@module-federation[\\/]runtime[\\/]package\.json$/;

/**
 * The federation plugin's runtime-core bridge imports the runtime's whole package.json for its
 * `version` alone, and a JSON default import ships every field (1.5 KB on every first page):
 * the file is given to the bundle as that one field.
 */
export const runtimeVersionOnly = (): Plugin => ({
  name: 'runtime-version-only',
  enforce: 'pre',
  load(id) {
    const file = id.split('?')[0];
    if (!RUNTIME_PACKAGE.test(file)) return null;
    const { version } = JSON.parse(readFileSync(file, 'utf8')) as { version: string };
    // Still JSON: the bundler's JSON step makes the module of it.
    return JSON.stringify({ version });
  },
});
