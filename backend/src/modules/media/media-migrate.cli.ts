import { loadConfig } from '../../config/config';
import { migrateUploads } from './media-migrate';
import { S3Storage } from './media.s3-storage';

/**
 * `npm run media:migrate -w @diaspora/backend`: copies UPLOAD_DIR's files to the S3 store that
 * S3_BUCKET and S3_* name (docs/operations.md, "Object storage"). Run it with the same
 * environment as the API; it changes nothing on disk and can be run again.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  if (!config.s3) throw new Error('S3_BUCKET is not set: nothing to migrate to');
  const store = new S3Storage(config.s3);
  try {
    const report = await migrateUploads(config.uploadDir, store, (line) => console.log(line));
    console.log(
      `${report.copied} file(s) copied (${report.bytes} bytes), ${report.alreadyThere} already in ${config.s3.bucket}` +
        (report.skipped.length
          ? `, ${report.skipped.length} skipped (not upload names): ${report.skipped.join(', ')}`
          : ''),
    );
  } finally {
    store.destroy();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(
    `media migration failed: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
});
