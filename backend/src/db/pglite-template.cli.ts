import { inspect } from 'node:util';
import { createPgliteTemplate, PGLITE_TEMPLATE } from './database';

/** Part of `npm run build`: the migrated, empty PGlite data directory a first `npm start` copies. */
createPgliteTemplate(PGLITE_TEMPLATE)
  .then(() => process.stdout.write(`PGlite template ready (${PGLITE_TEMPLATE})\n`))
  .catch((error: unknown) => {
    // PGlite rejects with plain objects too: print them whole, not as [object Object].
    process.stderr.write(`${error instanceof Error ? error.message : inspect(error)}\n`);
    process.exit(1);
  });
