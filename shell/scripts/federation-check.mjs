// The federation check of the shell's build output (see build.mjs for why).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
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
 * A text each shared entry's package keeps in its minified code (an error message or option
 * name), to tell its code from the federation plugin's wrapper around it.
 */
export const SHARED_ENTRY_MARKERS = {
  reactRouter: 'may be used only in the context of a <Router>',
  reactQuery: 'No QueryClient set',
  reactI18next: 'i18n.languages were undefined or empty',
};

/**
 * Shared entries (shell/federation.shared.ts) built without their package: under load the
 * entry's own `from 'react-router'` sometimes resolved back to the share it provides, so the
 * entry only re-exported that share, nobody provided the package's code, and every page failed
 * with React error #130. An entry that only re-exports its share's chunk is fine when that chunk
 * holds the package's code (the bundler may put it there). Their file names, if any.
 */
export function selfReferencingSharedEntries(assetsDir, markers = SHARED_ENTRY_MARKERS) {
  return readdirSync(assetsDir)
    .filter((file) => file.endsWith('.js'))
    .flatMap((file) => {
      const name = Object.keys(markers).find((entry) => file.startsWith(`${entry}-`));
      if (!name) return [];
      const reExport =
        /^export\s*\{[^}]*\}\s*from\s*["']\.\/([^"']*loadShare[^"']*)["'];?\s*$/.exec(
          readFileSync(join(assetsDir, file), 'utf8'),
        );
      if (!reExport) return [];
      const share = join(assetsDir, reExport[1]);
      const holdsCode = existsSync(share) && readFileSync(share, 'utf8').includes(markers[name]);
      return holdsCode ? [] : [file];
    });
}

/**
 * Whether a failed build's output is the federation plugin's race, not a fault of the code: under
 * load it sometimes writes a share's loadShare module before it has read the package's exports,
 * and the bundler then finds none (`[MISSING_EXPORT] "useState" is not exported by
 * "\0virtual:mf:…loadShare__react…"`). Seen once in the portal's build during a full run.
 */
export function federationExportRace(output) {
  return /MISSING_EXPORT[^\n]*virtual:mf:[^\n]*loadShare/.test(output);
}
