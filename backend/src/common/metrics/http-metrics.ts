import type { FastifyInstance } from 'fastify';
import { Metrics } from './metrics';

/**
 * Counts and times every answer by its route pattern (`/api/events/:id`, never the raw URL, so
 * ids do not make a series each); requests that matched no route share `unmatched`.
 */
export function registerHttpMetrics(fastify: FastifyInstance, metrics: Metrics): void {
  fastify.addHook('onResponse', (request, reply, done) => {
    const labels = {
      method: request.method,
      route: request.routeOptions.url ?? 'unmatched',
      status: String(reply.statusCode),
    };
    metrics.httpRequests.inc(labels);
    metrics.httpDuration.observe(labels, reply.elapsedTime / 1000);
    done();
  });
}
