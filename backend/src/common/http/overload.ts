import underPressure, { TYPE_EVENT_LOOP_DELAY } from '@fastify/under-pressure';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { OverloadOptions } from '../../config/config';
import type { DatabaseHandle } from '../../db/database';
import { CommonErrorCode } from '../errors/common.errors';
import type { ErrorBody } from '../errors/app-exception';
import { routeFlag } from './route-config';

/** Answered under any load: load balancers, orchestrators and Prometheus must still see the state. */
const NEVER_SHED = /^\/api\/(health(\/|$)|metrics$)/;

const waitsOutBusyLoop = routeFlag('waitsOutBusyLoop');

/**
 * A route whose requests wait in memory rather than on the database (Going answers, batched per
 * event: ADR 0070) is not shed for the event loop's delay: a member's answer to a popular event is
 * better slow than refused, and a storm is exactly when the loop is busy. The database's queue
 * still sheds it.
 */
export const WaitsOutBusyLoop = waitsOutBusyLoop.mark;

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
  const databaseFull = () => checksDatabase && database.queueDepth() > options.maxDatabaseQueue;
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
          healthCheck: async () => !databaseFull(),
          healthCheckInterval: options.sampleMs,
        }
      : {}),
    pressureHandler: (request: FastifyRequest, reply: FastifyReply, type: string): void => {
      const path = request.url.split('?')[0];
      if (Date.now() < shedsFrom) return undefined;
      // Nothing returned: the request goes on as if there were no pressure.
      if (!path.startsWith('/api/') || NEVER_SHED.test(path)) return undefined;
      // under-pressure reports one signal: the database's queue is asked again for such a route.
      if (type === TYPE_EVENT_LOOP_DELAY && waitsOutBusyLoop.isOn(request) && !databaseFull()) {
        return undefined;
      }
      void reply.status(503).header('retry-after', String(options.retryAfterSeconds));
      // A value returned is what under-pressure sends (its types say void; its code sends it).
      return body as unknown as void;
    },
  });
}
