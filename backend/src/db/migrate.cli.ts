import { loadConfig } from '../config/config';
import { openDatabase } from './database';

/** `npm run db:migrate`: applies the committed migrations to the configured database. */
async function main(): Promise<void> {
  const config = loadConfig();
  const handle = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    pool: config.databasePool,
  });
  await handle.close();
  process.stdout.write(`migrations applied (${handle.driver})\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
