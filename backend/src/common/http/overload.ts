import underPressure from '@fastify/under-pressure';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { OverloadOptions } from '../../config/config';
import type { DatabaseHandle } from '../../db/database';
import { CommonErrorCode } from '../errors/common.errors';
import type { ErrorBody } from '../errors/app-exception';

/** Answered under any load: load balancers, orchestrators and Prometheus must still see the state. */
const NEVER_SHED = /^\/api\/(health(\/|$)|metrics$)/;

/**
 * Sheds API requests while this process is overloaded: a 503 with Retry-After in the one error
 * shape, at once, instead of queueing them for seconds. Two signals, sampled every `sampleMs`:
 * the event loop's delay (CPU: PGlite's queries run on it too) and the database's queue (the pg
 * pool's waiters, PGlite's pending calls). Health, readiness and metrics always answer; the web
 * front end's static files are cheap and are not shed.
 */
export async function registerOverloadShedding(
  fastify: FastifyInstance,
  options: OverloadOptions,
  database: Pick<DatabaseHandle, 'queueDepth'>,
): Promise<void> {
  const body: ErrorBody = {
    statusCode: 503,
    msg: `The server is busy. Please try again in ${options.retryAfterSeconds} seconds.`,
    code: CommonErrorCode.SERVICE_UNAVAILABLE,
  };
  const checksDatabase = options.maxDatabaseQueue > 0;
  // under-pressure reads a delay histogram with no sample yet as an infinite delay, so a process
  // whose start-up blocked the loop refused its first requests: shed only from two samples after
  // the server is ready.
  let shedsFrom = Infinity;
  fastify.addHook('onReady', (done) => {
    shedsFrom = Date.now() + 2 * options.sampleMs;
    done();
  });
  await fastify.register(underPressure, {
    maxEventLoopDelay: options.maxEventLoopDelayMs,
    sampleInterval: options.sampleMs,
    // under-pressure's "health check" is its hook for a signal of one's own: the database queue.
    ...(checksDatabase
      ? {
          healthCheck: async () => database.queueDepth() <= options.maxDatabaseQueue,
          healthCheckInterval: options.sampleMs,
        }
      : {}),
    pressureHandler: (request: FastifyRequest, reply: FastifyReply): void => {
      const path = request.url.split('?')[0];
      if (Date.now() < shedsFrom) return undefined;
      // Nothing returned: the request goes on as if there were no pressure.
      if (!path.startsWith('/api/') || NEVER_SHED.test(path)) return undefined;
      void reply.status(503).header('retry-after', String(options.retryAfterSeconds));
      // A value returned is what under-pressure sends (its types say void; its code sends it).
      return body as unknown as void;
    },
  });
}
