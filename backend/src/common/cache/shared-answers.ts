import { createHash } from 'node:crypto';
import zlib from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { isSharedValue } from './response-cache';

/** The encodings offered, in the server's order of preference (as @fastify/compress is given). */
export const ANSWER_ENCODINGS = ['br', 'gzip'] as const;
type Encoding = (typeof ANSWER_ENCODINGS)[number];
/** Smaller answers go uncompressed (as @fastify/compress's threshold). */
export const COMPRESS_THRESHOLD = 1024;
// Quality 2: a third of quality 4's CPU for about 9% more bytes on a list page (bench/README.md);
// 11 is for build time.
export const BROTLI_OPTIONS = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 2 } };

/** The hash inside an answer's weak ETag (@fastify/etag's `hashFn`, so both tag alike). */
export function answerHash(payload: string | Buffer): string {
  return createHash('sha1').update(payload).digest('base64');
}

/** What a shared value's answer is, worked out once: its JSON, ETag and bodies as sent. */
interface SharedAnswer {
  text: string;
  bytes: number;
  etag?: string;
  /** The JSON as UTF-8: a string body is encoded again on every socket write. */
  plain?: Buffer;
  encoded: Partial<Record<Encoding, Buffer>>;
}

const answers = new WeakMap<object, SharedAnswer>();
const replies = new WeakMap<FastifyReply, SharedAnswer>();

function sharedAnswer(value: object): SharedAnswer {
  let answer = answers.get(value);
  if (answer === undefined) {
    const text = JSON.stringify(value);
    answers.set(value, (answer = { text, bytes: Buffer.byteLength(text), encoded: {} }));
  }
  return answer;
}

/**
 * An answer's JSON (Fastify's reply serializer): a value the cache shares between answers (a
 * list's page, an item) is written once, not once per request.
 */
export function answerText(payload: unknown): string {
  if (typeof payload !== 'object' || payload === null || !isSharedValue(payload)) {
    return JSON.stringify(payload);
  }
  return sharedAnswer(payload).text;
}

/** The encoding @fastify/compress would choose for this Accept-Encoding, or undefined for none. */
export function chosenEncoding(acceptEncoding: string | undefined): Encoding | undefined {
  if (acceptEncoding === undefined) return undefined;
  // As @fastify/compress reads it: `*` and `x-gzip` stand for gzip.
  const header = acceptEncoding.toLowerCase().replace(/\*|x-gzip/g, 'gzip');
  return (negotiate(header, [...ANSWER_ENCODINGS]) as Encoding | null) ?? undefined;
}

function encode(text: string, encoding: Encoding): Buffer {
  return encoding === 'br' ? zlib.brotliCompressSync(text, BROTLI_OPTIONS) : zlib.gzipSync(text);
}

/**
 * A value the read cache shares is answered to every guest alike, so its ETag and its bodies
 * (UTF-8, br, gzip) are worked out once and kept with the value (they go when it does), where
 * otherwise @fastify/etag would hash, @fastify/compress compress and the socket encode it on
 * every request. Register it after @fastify/etag (which then finds the ETag set and only answers
 * 304s) and before @fastify/compress (which finds the Content-Encoding set and leaves the body as
 * it is).
 */
export function registerSharedAnswers(fastify: FastifyInstance): void {
  fastify.addHook('preSerialization', (_request, reply, payload, done) => {
    if (typeof payload === 'object' && payload !== null && isSharedValue(payload)) {
      const answer = sharedAnswer(payload);
      answer.etag ??= `W/"${answerHash(answer.text)}"`;
      reply.header('etag', answer.etag);
      replies.set(reply, answer);
    }
    done(null, payload);
  });
  fastify.addHook('onSend', (request, reply, payload, done) => {
    const answer = replies.get(reply);
    // Only the answer as serialised: a 304, an error or another hook's body is left alone.
    if (answer === undefined || payload !== answer.text || reply.statusCode !== 200) {
      return done(null, payload);
    }
    const encoding = chosenEncoding(request.headers['accept-encoding']);
    if (
      encoding === undefined ||
      answer.bytes < COMPRESS_THRESHOLD ||
      request.headers['x-no-compression'] !== undefined
    ) {
      // The page's bytes, kept: writing its JSON string was a third of a guest request's CPU.
      return done(null, (answer.plain ??= Buffer.from(answer.text)));
    }
    const body = (answer.encoded[encoding] ??= encode(answer.text, encoding));
    const vary = reply.getHeader('vary');
    if (typeof vary !== 'string' || !vary) reply.header('vary', 'accept-encoding');
    else if (!/accept-encoding/i.test(vary)) reply.header('vary', `${vary}, accept-encoding`);
    reply.header('content-encoding', encoding);
    done(null, body);
  });
}
