import './compile-cache';
import { ConfigError, loadConfig } from './config/config';

async function bootstrap(): Promise<void> {
  const config = loadConfig();
  // Traces (ADR 0065) start before pg, ioredis and http are loaded, so that they are wrapped; with
  // no OTLP endpoint set the OpenTelemetry SDK is not even loaded.
  if (config.tracing) {
    const { startTracing } = await import('./common/tracing/tracing');
    const tracing = startTracing(config.tracing);
    // What finished before a stop is sent rather than lost with the process.
    process.once('SIGTERM', () => void tracing.flush());
    process.once('beforeExit', () => void tracing.shutdown());
  }
  const { openDatabase } = await import('./db/database');
  // Opened before the app's modules load: a first embedded start copies the database template in
  // the thread pool meanwhile (db/database.ts), instead of after them.
  const opening = openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    pool: config.databasePool,
  });
  // Until it is awaited, a failure to open is the await's to report, not an unhandled rejection.
  opening.catch(() => undefined);
  const { startProcess } = await import('./start-process');
  await startProcess(config, opening);
}

bootstrap().catch((error: unknown) => {
  const message =
    error instanceof ConfigError
      ? error.message
      : error instanceof Error
        ? error.stack
        : String(error);
  process.stderr.write(`Failed to start: ${message}\n`);
  process.exit(1);
});
