import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { createApp, createLogger } from './app.factory';
import { AppModule } from './app.module';
import type { AppConfig } from './config/config';
import type { DatabaseHandle } from './db/database';
import { listenDescription } from './listen-description';
import { DemoService } from './modules/demo/demo.service';
import { Metrics } from './common/metrics/metrics';
import { serveWorkerMetrics } from './common/metrics/worker-metrics-server';

/**
 * Connections the kernel holds for the API before it accepts them (Node's default is 511; Linux
 * caps it at net.core.somaxconn, 4096 by default). A crowd that opens more at once, as nginx does
 * for a popular event's RSVPs, saw its extra connections dropped and retried a second later.
 */
const LISTEN_BACKLOG = 4096;

/** Runs the API (or, with PROCESS_ROLE=worker, the job handlers alone) on an opening database. */
export async function startProcess(
  config: AppConfig,
  opening: Promise<DatabaseHandle>,
): Promise<void> {
  const database = await opening;
  // However the graceful stop goes (a request that never ends, a job waiting on a service that is
  // gone), the process exits in bounded time, in either role.
  process.once('SIGTERM', () =>
    setTimeout(() => process.exit(1), config.shutdown.timeoutMs).unref(),
  );
  if (config.processRole === 'worker') {
    // A worker runs the job handlers without an HTTP server.
    const worker = await NestFactory.createApplicationContext(AppModule.forRoot(config, database), {
      logger: createLogger(config),
    });
    worker.enableShutdownHooks();
    if (config.metricsToken) {
      const server = await serveWorkerMetrics(
        worker.get(Metrics),
        config.metricsToken,
        config.metricsPort,
        config.host,
      );
      process.once('SIGTERM', () => server.close());
      new Logger('Bootstrap').log(`worker metrics on port ${server.port} (/metrics)`);
    }
    new Logger('Bootstrap').log(`worker started (${database.driver})`);
    return;
  }
  const app = await createApp(config, database);
  await app.listen({ port: config.port, host: config.host, backlog: LISTEN_BACKLOG });
  // The embedded default answers first and fills in its demo content right after (issue 16).
  app.get(DemoService).seedAfterStart();
  new Logger('Bootstrap').log(
    `listening on ${listenDescription(config.host, config.port)} (database: ${database.driver}, docs: /api/docs)`,
  );
}
