import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

/**
 * Shared packages provided through an entry of ours that names the exports the front ends use:
 * a shared module is built whole, since any remote might need any export, so React Router would
 * ship its server helpers (200 KB raw). Tree-shaken through these entries instead.
 */
const here = dirname(fileURLToPath(import.meta.url));

export const sharedEntries: Record<string, string> = {
  'react-router': join(here, 'src/federation/reactRouter.ts'),
  '@tanstack/react-query': join(here, 'src/federation/reactQuery.ts'),
  'react-i18next': join(here, 'src/federation/reactI18next.ts'),
};

/**
 * The sharing contract of the host and its remotes: everything that holds React context is one
 * instance. No version ranges (`requiredVersion: false`): the front ends are built from one lockfile
 * and tested together, and the runtime's check of each range against each share (its semver
 * parser builds a dozen regular expressions per check) was 10–15 ms of the first load on a desktop
 * CPU, four times that on Lighthouse's phone.
 */
const singleton = { singleton: true, requiredVersion: false } as const;
export const sharedSingletons = {
  react: singleton,
  'react-dom': singleton,
  'react-router': { ...singleton, import: sharedEntries['react-router'] },
  '@tanstack/react-query': { ...singleton, import: sharedEntries['@tanstack/react-query'] },
  i18next: singleton,
  'react-i18next': { ...singleton, import: sharedEntries['react-i18next'] },
  '@diaspora/session': singleton,
  '@diaspora/i18n': singleton,
  '@diaspora/api-client': singleton,
};

/**
 * The same contract for a remote that only ever runs inside the shell (the portal): it consumes
 * each share from the shell and ships no copy of its own (`import: false`), so a guest does not
 * download a second api-client or i18n just to learn the shell's are used.
 */
export const consumedSingletons = Object.fromEntries(
  Object.keys(sharedSingletons).map((pkg) => [pkg, { ...singleton, import: false }]),
) as Record<keyof typeof sharedSingletons, typeof singleton & { import: false }>;

/**
 * The federation plugin writes its share map once it has seen every module of the build, or
 * after `moduleParseTimeout` (10 s by default) if that comes first; on a loaded machine the
 * default fired first and the map left shares out (`materialize: false`, React error #130 in the
 * browser). It waits for a gap of this many seconds with no module activity instead.
 */
export const federationParse = { moduleParseIdleTimeout: 120 };

/**
 * Lets each shared entry import its own package: without this the federation plugin would point
 * the entry's `from 'react-router'` back at the shared module the entry provides (a cycle).
 * Goes before `federation()` in each front end's plugins.
 */
export function sharedEntryImports(): Plugin {
  const entries = new Map(Object.entries(sharedEntries).map(([pkg, file]) => [file, pkg]));
  return {
    name: 'shared-entry-imports',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!importer || entries.get(importer) !== source) return null;
      return this.resolve(source, importer, {
        ...options,
        skipSelf: true,
        // The federation plugin's own marker for "resolve the package itself, not its share".
        custom: { ...options.custom, __mfSharedEntryLookup: true },
      });
    },
  };
}
