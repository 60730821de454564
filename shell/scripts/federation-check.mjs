// The federation check of the shell's build output (see build.mjs for why).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Shared modules the shell's build left unprovided, by name. */
export function unmaterializedShares(assetsDir) {
  const maps = readdirSync(assetsDir).filter(
    (file) => file.startsWith('_virtual_mf-localSharedImportMap') && file.endsWith('.js'),
  );
  if (maps.length === 0) throw new Error(`no localSharedImportMap in ${assetsDir}`);
  const missing = [];
  for (const file of maps) {
    const text = readFileSync(join(assetsDir, file), 'utf8');
    for (const m of text.matchAll(
      /name:\s*[`'"]([^`'"]+)[`'"][^]*?materialize:\s*(!0|!1|true|false)/g,
    )) {
      if (m[2] === '!1' || m[2] === 'false') missing.push(m[1]);
    }
  }
  return missing;
}

/**
 * Shared entries (shell/federation.shared.ts: reactRouter, reactQuery) built without their
 * package: under load the entry's own `from 'react-router'` sometimes resolves back to the share
 * it provides, so the entry only re-exports that share, nobody provides the package's code, and
 * every page fails with React error #130. Their file names, if any.
 */
export function selfReferencingSharedEntries(assetsDir, entries = ['reactRouter', 'reactQuery']) {
  return readdirSync(assetsDir)
    .filter((file) => entries.some((name) => file.startsWith(`${name}-`)) && file.endsWith('.js'))
    .filter((file) =>
      /^export\s*\{[^}]*\}\s*from\s*["'][^"']*loadShare[^"']*["'];?\s*$/.test(
        readFileSync(join(assetsDir, file), 'utf8'),
      ),
    );
}
