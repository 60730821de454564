import { readdir, readFile, stat } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { mimeForKey } from './media.sniff';
import { isSafeKey } from './media.storage';
import type { S3Storage } from './media.s3-storage';

export interface MigrationReport {
  copied: number;
  alreadyThere: number;
  skipped: string[];
  bytes: number;
}

async function* filesUnder(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(path);
    else if (entry.isFile()) yield path;
  }
}

/**
 * Copies every stored file under `uploadDir` to the object store under the same key (its path
 * relative to the directory), so every URL in the database stays valid. Idempotent: an object
 * already there with the same size is left alone, so it can be run again after an interruption,
 * and once more after the switch for files uploaded meanwhile. Nothing local is deleted.
 */
export async function migrateUploads(
  uploadDir: string,
  store: Pick<S3Storage, 'put' | 'size'>,
  log: (line: string) => void = () => undefined,
): Promise<MigrationReport> {
  const report: MigrationReport = { copied: 0, alreadyThere: 0, skipped: [], bytes: 0 };
  for await (const path of filesUnder(uploadDir)) {
    const key = relative(uploadDir, path).split(sep).join('/');
    if (!isSafeKey(key)) {
      report.skipped.push(key);
      continue;
    }
    const { size } = await stat(path);
    if ((await store.size(key)) === size) {
      report.alreadyThere++;
      continue;
    }
    await store.put(key, await readFile(path), mimeForKey(key));
    report.copied++;
    report.bytes += size;
    log(`copied ${key} (${size} bytes)`);
  }
  return report;
}
