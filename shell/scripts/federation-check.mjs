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
