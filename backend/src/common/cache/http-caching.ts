import etag from '@fastify/etag';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { routeFlag } from '../http/route-config';
import { ResponseCache } from './response-cache';
import { answerHash, registerSharedAnswers } from './shared-answers';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

const keepsReadCache = routeFlag('keepsReadCache');

/**
 * A write whose success changes no answer the read cache holds (a sign-in, asking for an emailed
 * link, a contact message), or that clears it itself when it does (a view, only when it is
 * counted): so a guest repeating it cannot keep every replica's cache empty. Not for a write that
 * changes an account: the cache also holds each signed-in caller's role and token version.
 */
export const KeepsReadCache = keepsReadCache.mark;

/**
 * HTTP caching of the API: an ETag on every answer (a matching If-None-Match gets 304),
 * `Cache-Control: no-cache` so clients revalidate, `private` when the caller sent a token (the
 * answer may hold their own RSVP and reaction), and every write that may have changed something
 * clears the read cache on all replicas before its answer leaves.
 */
export async function registerHttpCaching(app: NestFastifyApplication): Promise<void> {
  const cache = app.get(ResponseCache);
  const fastify = app.getHttpAdapter().getInstance();
  // A callback hook: it runs on every request, and a promise per request costs.
  fastify.addHook('onSend', (request: FastifyRequest, reply: FastifyReply, payload, done) => {
    if (!request.url.startsWith('/api/')) return done(null, payload);
    if (!SAFE_METHODS.has(request.method)) {
      // Refusals changed nothing; a server error may have, so it clears too.
      const changed =
        reply.statusCode < 400 ? !keepsReadCache.isOn(request) : reply.statusCode >= 500;
      if (changed) cache.invalidate();
      return done(null, payload);
    }
    if (reply.getHeader('cache-control') === undefined) {
      reply.header(
        'cache-control',
        request.headers.authorization ? 'private, no-cache' : 'no-cache',
      );
    }
    reply.header('vary', varyWithAuthorization(reply.getHeader('vary')));
    done(null, payload);
  });
  // Registered after the hook above, so its onSend runs later and sees the final headers.
  await app.register(etag, { weak: true, hashFn: answerHash });
  registerSharedAnswers(fastify);
}

function varyWithAuthorization(current: unknown): string {
  const given = typeof current === 'string' ? current : '';
  return /\bauthorization\b/i.test(given)
    ? given
    : given
      ? `${given}, Authorization`
      : 'Authorization';
}
