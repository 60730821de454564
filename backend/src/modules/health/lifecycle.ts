import {
  BeforeApplicationShutdown,
  Inject,
  Injectable,
  Logger,
  OnApplicationBootstrap,
} from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance } from 'fastify';
import type { ClosingState } from '../../common/http/error-shape.hooks';
import { AppConfig } from '../../config/config';
import { APP_CONFIG } from '../../config/config.module';

/** Where this replica is in its life: serving, draining (not ready, still answering), closing. */
@Injectable()
export class Lifecycle implements ClosingState {
  /** Readiness answers 503 from here on, so load balancers stop sending new work. */
  draining = false;
  /** The HTTP server has stopped taking requests; late ones get a shaped 503. */
  closing = false;
}

/**
 * Graceful stop, run by Nest before any module closes its resources: report not ready, keep
 * answering for the drain window (on SIGTERM only), then close the HTTP server, which refuses new
 * connections, closes idle keep-alive ones and waits for accepted requests. Only then do the
 * queue and the database pool close (their onApplicationShutdown hooks run after this one).
 */
@Injectable()
export class GracefulShutdown implements BeforeApplicationShutdown, OnApplicationBootstrap {
  private readonly logger = new Logger('Shutdown');
  private fastify?: FastifyInstance;

  constructor(
    private readonly lifecycle: Lifecycle,
    private readonly adapterHost: HttpAdapterHost,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    // A worker has no HTTP adapter.
    this.fastify = this.adapterHost.httpAdapter?.getInstance?.() as FastifyInstance | undefined;
  }

  async beforeApplicationShutdown(signal?: string): Promise<void> {
    this.lifecycle.draining = true;
    // Only an orchestrator's SIGTERM drains; Ctrl-C (SIGINT) and tests stop at once, and so does
    // a worker, which serves no requests to drain.
    if (signal === 'SIGTERM' && this.fastify && this.config.shutdown.drainMs > 0) {
      this.logger.log(`${signal}: not ready, draining for ${this.config.shutdown.drainMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, this.config.shutdown.drainMs));
    }
    // Requests that reach an open connection while the server closes are still served (the pool
    // is open until every one has finished); only what comes after gets the shaped 503.
    if (this.fastify?.server.listening) await this.fastify.close();
    this.lifecycle.closing = true;
  }
}
