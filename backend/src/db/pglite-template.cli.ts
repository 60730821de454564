import { createPgliteTemplate, PGLITE_TEMPLATE } from './database';

/** Part of `npm run build`: the migrated, empty PGlite data directory a first `npm start` copies. */
createPgliteTemplate(PGLITE_TEMPLATE)
  .then(() => process.stdout.write(`PGlite template ready (${PGLITE_TEMPLATE})\n`))
  .catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
