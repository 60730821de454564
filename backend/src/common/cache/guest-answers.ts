import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ClosingState } from '../http/error-shape.hooks';
import type { RequestLine } from '../http/request-log';
import { putBeforeFastify, writeNotModified } from '../http/before-fastify';
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

/** A stored answer's key: its URL and the Origin its CORS headers were worked out for. */
export function keyOf(url: string, origin: string | undefined): string {
  return `${url}\n${origin ?? ''}`;
}

/** Accept-Encoding values seen, and the encoding each chose: browsers send a handful of them. */
const chosenEncodings = new Map<string, 'br' | 'gzip' | undefined>();
const CHOSEN_ENCODINGS_MAX = 100;

/** The encoding to send: brotli, then gzip, when the client accepts it (q=0 refuses). */
export function acceptedEncoding(header: string | undefined): 'br' | 'gzip' | undefined {
  if (!header) return undefined;
  if (chosenEncodings.has(header)) return chosenEncodings.get(header);
  const chosen = parseAcceptEncoding(header);
  if (chosenEncodings.size < CHOSEN_ENCODINGS_MAX) chosenEncodings.set(header, chosen);
  return chosen;
}

function parseAcceptEncoding(header: string): 'br' | 'gzip' | undefined {
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

/** The encoding an answer of `length` bytes is sent in: as @fastify/compress chooses it. */
export function encodingFor(request: IncomingMessage, length: number): 'br' | 'gzip' | undefined {
  return length >= COMPRESS_THRESHOLD
    ? acceptedEncoding(request.headers['accept-encoding'])
    : undefined;
}

/** As @fastify/compress does it for the API's answers (brotli at quality 4, or gzip). */
export function compressed(raw: Buffer, encoding: 'br' | 'gzip'): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(raw, { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } })
    : gzipSync(raw);
}

function encode(answer: StoredAnswer, encoding: 'br' | 'gzip'): Buffer {
  let body = answer.encoded.get(encoding);
  if (!body) {
    body = compressed(answer.raw, encoding);
    answer.encoded.set(encoding, body);
  }
  return body;
}

export function matchesEtag(given: string | undefined, etag: string): boolean {
  return given === etag || given === `W/${etag}` || `W/${given}` === etag;
}

/**
 * Writes a stored answer (or its 304) straight to the socket with this request's id: its headers
 * were final when it was stored, so fastify's onSend chain (ETag hashing, compression, the error
 * shape, caching headers) would only redo the same work. `extra` are headers this request has
 * already been given (a draining replica's `connection: close`); the stored ones win.
 */
function sendStored(
  request: IncomingMessage,
  response: ServerResponse,
  answer: StoredAnswer,
  id: string,
  extra?: OutgoingHttpHeaders,
): number {
  if (matchesEtag(request.headers['if-none-match'], answer.etag)) {
    return writeNotModified(response, { ...extra, ...answer.headers }, id);
  }
  const encoding = encodingFor(request, answer.raw.length);
  const body = encoding ? encode(answer, encoding) : answer.raw;
  const headers: OutgoingHttpHeaders = {
    ...extra,
    ...(encoding ? encodedHeaders(answer, encoding) : answer.headers),
    'x-request-id': id,
    'content-length': body.length,
  };
  response.writeHead(200, headers);
  response.end(body);
  return 200;
}

/** As @fastify/compress says of what it compressed: `Vary` names Accept-Encoding, and the encoding. */
export function encodedHeadersOf<H extends OutgoingHttpHeaders>(headers: H, encoding: string): H {
  const vary = headers.vary;
  return {
    ...headers,
    vary: vary ? `${String(vary)}, accept-encoding` : 'accept-encoding',
    'content-encoding': encoding,
  };
}

/** A stored answer's headers for a compressed copy, worked out once per answer. */
function encodedHeaders(answer: StoredAnswer, encoding: 'br' | 'gzip'): StoredAnswer['headers'] {
  let headers = answer.encodedHeaders.get(encoding);
  if (!headers) {
    headers = encodedHeadersOf(answer.headers, encoding);
    answer.encodedHeaders.set(encoding, headers);
  }
  return headers;
}

/**
 * Registers the replay for requests fastify routes itself (`inject`, as the first view's data
 * does, and a draining replica's requests, which the front below leaves to fastify) and marks a
 * guest's request on a cached route as one whose answer may be stored.
 * Only requests without an Authorization header count as guests here; a bad token is not cached.
 */
export function registerGuestAnswerReplay(fastify: FastifyInstance, cache: ResponseCache): void {
  fastify.decorateRequest('guestAnswerSince', -1);
  fastify.addHook('onRequest', (request, reply, done) => {
    if (request.method !== 'GET' || request.headers.authorization || !isCachedRoute(request)) {
      return done();
    }
    const answer = cache.peekAnswer(keyOf(request.url, request.headers.origin));
    if (!answer) {
      request.guestAnswerSince = cache.generation;
      return done();
    }
    reply.hijack();
    const extra = reply.getHeaders() as OutgoingHttpHeaders;
    sendStored(request.raw, reply.raw, answer, request.id, extra);
  });
}

/** What the front needs of the rest of the app. */
export interface GuestAnswerFront {
  cache: ResponseCache;
  /** The graceful stop's state: from the drain on, every request goes through fastify. */
  state: ClosingState;
  requestId: (request: IncomingMessage) => string;
  /** The request's one log line (see OneLinePerRequest). */
  log: (line: RequestLine & { reqId: string }) => void;
}

/**
 * Answers a guest's request for a stored answer as it arrives at the HTTP server, before fastify
 * routes it and before Nest's own request hooks and middleware (CORS, whose headers the stored
 * answer carries for its Origin) would run: those came first whatever order our hooks were added
 * in, and they are most of what a replayed answer cost. Anything else (a miss, a token, a write,
 * a draining replica) goes to fastify as before. An entry exists only for a GET a cached route
 * stored, under the same URL and Origin, so no route is answered that did not ask for it.
 */
export function answerGuestsFirst(fastify: FastifyInstance, front: GuestAnswerFront): void {
  putBeforeFastify(fastify, (request, response, next) => {
    const started = performance.now();
    const answer =
      request.method === 'GET' &&
      !request.headers.authorization &&
      !front.state.draining &&
      !front.state.closing
        ? front.cache.peekAnswer(keyOf(request.url ?? '', request.headers.origin))
        : undefined;
    if (!answer) return next(request, response);
    const reqId = front.requestId(request);
    const statusCode = sendStored(request, response, answer, reqId);
    front.log({
      reqId,
      method: 'GET',
      url: request.url ?? '',
      statusCode,
      responseTime: Math.round((performance.now() - started) * 10) / 10,
    });
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
          keyOf(request.url, request.headers.origin),
          {
            raw: Buffer.from(payload),
            etag,
            headers,
            encoded: new Map(),
            encodedHeaders: new Map(),
          },
          request.guestAnswerSince,
        );
      }
    }
    done(null, payload);
  });
}
