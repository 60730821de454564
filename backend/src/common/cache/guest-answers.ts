import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { mergeRouteConfig } from '../http/route-config';
import { ResponseCache, StoredAnswer } from './response-cache';

const ROUTE_FLAG = 'cachedForGuests';
/** Answers shorter than this go uncompressed, as @fastify/compress's threshold does. */
const COMPRESS_THRESHOLD = 1024;
/** Headers that belong to one answer, never replayed. */
const NOT_REPLAYED = new Set(['x-request-id', 'content-length', 'date', 'connection']);

/**
 * A public GET whose guest answer depends on nothing but its URL (and the Origin, for CORS):
 * the whole answer is kept after the first guest asks and replayed to the next guests before any
 * guard, pipe, handler or serialisation runs, until a write anywhere clears the read cache.
 */
export const CachedForGuests = () => mergeRouteConfig({ [ROUTE_FLAG]: true });

declare module 'fastify' {
  interface FastifyRequest {
    /** The read cache's generation when a storable guest request began; -1 when not storable. */
    guestAnswerSince: number;
  }
}

function isCachedRoute(request: FastifyRequest): boolean {
  const config = request.routeOptions.config as { [ROUTE_FLAG]?: boolean } | undefined;
  return config?.[ROUTE_FLAG] === true;
}

function keyOf(request: FastifyRequest): string {
  const origin = request.headers.origin;
  return `${request.url}\n${typeof origin === 'string' ? origin : ''}`;
}

/** The encoding to send: brotli, then gzip, when the client accepts it (q=0 refuses). */
export function acceptedEncoding(header: string | undefined): 'br' | 'gzip' | undefined {
  if (!header) return undefined;
  const accepted = new Set(
    header
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([, q]) => !q || !/^\s*q=0(\.0*)?\s*$/.test(q))
      .map(([name]) => name.trim().toLowerCase()),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return undefined;
}

function encode(answer: StoredAnswer, encoding: 'br' | 'gzip'): Buffer {
  let body = answer.encoded.get(encoding);
  if (!body) {
    body =
      encoding === 'br'
        ? brotliCompressSync(answer.body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } })
        : gzipSync(answer.body);
    answer.encoded.set(encoding, body);
  }
  return body;
}

function matchesEtag(request: FastifyRequest, etag: string): boolean {
  const given = request.headers['if-none-match'];
  return given === etag || given === `W/${etag}` || `W/${given}` === etag;
}

function replay(request: FastifyRequest, reply: FastifyReply, answer: StoredAnswer): void {
  reply.headers(answer.headers);
  if (matchesEtag(request, answer.etag)) {
    reply.code(304).send('');
    return;
  }
  const encoding =
    answer.body.length >= COMPRESS_THRESHOLD
      ? acceptedEncoding(request.headers['accept-encoding'])
      : undefined;
  if (!encoding) {
    reply.send(answer.body);
    return;
  }
  // As @fastify/compress says of what it compressed.
  const vary = answer.headers.vary;
  reply
    .header('vary', vary ? `${String(vary)}, accept-encoding` : 'accept-encoding')
    .header('content-encoding', encoding)
    .send(encode(answer, encoding));
}

/**
 * Registers the replay (first of all onRequest hooks: a hit skips CORS, helmet and Nest, whose
 * headers it replays) and the store (an onSend hook after the ETag's, before compression).
 * Only requests without an Authorization header count as guests here; a bad token is not cached.
 */
export function registerGuestAnswerReplay(fastify: FastifyInstance, cache: ResponseCache): void {
  fastify.decorateRequest('guestAnswerSince', -1);
  fastify.addHook('onRequest', (request, reply, done) => {
    if (request.method !== 'GET' || request.headers.authorization || !isCachedRoute(request)) {
      return done();
    }
    const answer = cache.peekAnswer(keyOf(request));
    if (answer) return replay(request, reply, answer);
    request.guestAnswerSince = cache.generation;
    done();
  });
}

/** Call after @fastify/etag is registered, so the answer's ETag is there to keep. */
export function registerGuestAnswerStore(fastify: FastifyInstance, cache: ResponseCache): void {
  fastify.addHook('onSend', (request, reply, payload, done) => {
    if (
      request.guestAnswerSince >= 0 &&
      reply.statusCode === 200 &&
      typeof payload === 'string' &&
      !reply.hasHeader('set-cookie')
    ) {
      const etag = reply.getHeader('etag');
      if (typeof etag === 'string') {
        const headers: StoredAnswer['headers'] = {};
        for (const [name, value] of Object.entries(reply.getHeaders())) {
          if (value !== undefined && !NOT_REPLAYED.has(name)) headers[name] = value;
        }
        cache.storeAnswer(
          keyOf(request),
          { body: payload, etag, headers, encoded: new Map() },
          request.guestAnswerSince,
        );
      }
    }
    done(null, payload);
  });
}
