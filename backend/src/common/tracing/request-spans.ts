import type { FastifyInstance } from 'fastify';
import { nameRequestSpan } from './trace-context';

/** With tracing on, each request's span is named by its route pattern once Fastify matched it. */
export function registerRequestSpanNames(fastify: FastifyInstance): void {
  fastify.addHook('onRequest', (request, _reply, done) => {
    nameRequestSpan(request.method, request.routeOptions.url);
    done();
  });
}
