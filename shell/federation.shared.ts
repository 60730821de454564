import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SharedModules } from './build/sharedModules.ts';

const here = dirname(fileURLToPath(import.meta.url));

/**
 * The sharing contract of the shell and its remotes: everything that holds React context, and
 * what those packages share, is one instance on the page (the import map's). React Router, TanStack
 * Query and react-i18next are provided through an entry of ours naming the exports the front ends
 * use (sharedEntries.test.ts checks every import is there), so the rest is tree-shaken away: React
 * Router whole would ship its server helpers. The front ends are built from one lockfile and tested
 * together, so there are no version ranges to check at run time.
 */
export const sharedModules: SharedModules = {
  react: { commonJs: true },
  'react/jsx-runtime': { commonJs: true },
  'react-dom': { commonJs: true },
  'react-dom/client': { commonJs: true },
  'react-router': { entry: join(here, 'src/federation/reactRouter.ts') },
  '@tanstack/react-query': { entry: join(here, 'src/federation/reactQuery.ts') },
  i18next: { hasDefault: true },
  'react-i18next': { entry: join(here, 'src/federation/reactI18next.ts') },
  '@diaspora/session': {},
  '@diaspora/i18n': {},
  '@diaspora/api-client': {},
};

/** What each front end loads from another at run time (shell/src/remotes/remotes.ts). */
export const remoteModules = ['portal/App', 'admin_console/App'];

/** The packages provided through an entry of ours, and that entry's file. */
export const sharedEntries: Record<string, string> = Object.fromEntries(
  Object.entries(sharedModules).flatMap(([spec, module]) =>
    module.entry ? [[spec, module.entry]] : [],
  ),
);
