import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { LruMap } from 'toad-cache';
import type { AuthUser } from '../auth/auth.decorators';
import { routeAdmits, type RouteRules } from '../auth/auth.guard';
import type { ClosingState } from '../http/error-shape.hooks';
import type { RequestLine } from '../http/request-log';
import { rateLimitBucketOf } from '../rate-limit/rate-limit';
import { putBeforeFastify, writeNotModified } from '../http/before-fastify';
import { compressed, encodedHeadersOf, encodingFor, keyOf, matchesEtag } from './guest-answers';
import { SplicedJson } from './member-pages';

/** A member's page of a list, worked out by the route's service for any caller. */
type MemberAnswer = (caller: AuthUser) => Promise<unknown>;

/** The caller behind an Authorization header when their account state is at hand and admits them. */
export type CallerAtHand = (authorization: string) => AuthUser | undefined;

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by sendSpliced for a member's list page: how to answer the same URL for any caller. */
    memberAnswer?: MemberAnswer;
    /** The guard's rules for this route (see JwtAuthGuard). */
    routeRules?: RouteRules;
  }
}

/** What a member's list URL needs to be answered before fastify. */
interface KnownPage {
  answer: MemberAnswer;
  rules: RouteRules;
  /** The answer's headers but its own (ETag, length, request id, encoding). */
  headers: OutgoingHttpHeaders;
}

/** Headers of one answer, never used for another. */
const OWN_HEADERS = new Set([
  'x-request-id',
  'content-length',
  'date',
  'connection',
  'etag',
  'content-encoding',
]);
/** Distinct list URLs (per Origin) kept: the lists' pages and filters members ask for. */
const KNOWN_PAGES = 2_000;

/** Compressed copies of the answers' bytes: members with equal own parts share one body. */
const encodedBodies = new WeakMap<Buffer, Map<string, Buffer>>();

function encodedBody(body: Buffer, encoding: 'br' | 'gzip'): Buffer {
  let copies = encodedBodies.get(body);
  if (!copies) encodedBodies.set(body, (copies = new Map()));
  let copy = copies.get(encoding);
  if (!copy) copies.set(encoding, (copy = compressed(body, encoding)));
  return copy;
}

/**
 * A member's page of a list (events, news, the directory): their own RSVPs and reactions
 * spliced into the page every member shares. `answer` is called with the caller; the request
 * remembers it, so the next member who asks the same URL is answered before fastify.
 */
export async function sendSpliced<T>(
  reply: FastifyReply,
  caller: AuthUser | undefined,
  answer: (caller: AuthUser | undefined) => Promise<T | SplicedJson<T>>,
): Promise<T | Buffer> {
  const page = await answer(caller);
  if (!(page instanceof SplicedJson)) return page;
  if (caller) reply.request.memberAnswer = answer;
  reply.header('content-type', 'application/json; charset=utf-8').header('etag', page.etag);
  return page.body;
}

/**
 * Answers members' list pages before fastify, as guests' stored answers are: a GET with a bearer
 * token, for a URL (and Origin) a member was already answered through the whole pipeline, from
 * a caller whose account state is at hand and who meets the route's rules. The page itself comes
 * from the route's service as through the pipeline (its caches, cleared by every write on every
 * replica, decide what it says); what is skipped is routing, the hooks, the guard's metadata,
 * validation of a query already validated for this URL, and serialisation. Anything else (a
 * token to verify against the database, a refusal, an error, a draining replica) goes to
 * fastify, which answers as it always did.
 */
export class MemberFront {
  private readonly pages = new LruMap<KnownPage>(KNOWN_PAGES);

  constructor(
    private readonly callerOf: CallerAtHand,
    private readonly state: ClosingState,
    private readonly requestId: (request: IncomingMessage) => string,
    private readonly log: (line: RequestLine & { reqId: string }) => void,
  ) {}

  /** Keeps a member's answered list URL; call after the caching headers are set (onSend). */
  register(fastify: FastifyInstance): void {
    fastify.addHook('onSend', (request, reply, payload, done) => {
      const answer = request.memberAnswer;
      // A route with a rate limit counts every request in the pipeline: never answered here.
      if (
        answer &&
        reply.statusCode === 200 &&
        request.routeRules !== undefined &&
        rateLimitBucketOf(request.routeOptions.config) === undefined
      ) {
        const headers: OutgoingHttpHeaders = {};
        for (const [name, value] of Object.entries(reply.getHeaders())) {
          if (value !== undefined && !OWN_HEADERS.has(name)) headers[name] = value;
        }
        const key = keyOf(request.url, request.headers.origin);
        this.pages.set(key, { answer, rules: request.routeRules, headers });
      }
      done(null, payload);
    });
  }

  /** Puts this front before fastify's (and the guests' front's) request listener. */
  listen(fastify: FastifyInstance): void {
    putBeforeFastify(fastify, (request, response, next) => {
      const started = performance.now();
      const authorization = request.headers.authorization;
      const page =
        request.method === 'GET' && authorization && !this.state.draining && !this.state.closing
          ? this.pages.get(keyOf(request.url ?? '', request.headers.origin))
          : undefined;
      const caller = page && this.callerOf(authorization as string);
      if (!page || !caller || !routeAdmits(page.rules, caller)) return next(request, response);
      page.answer(caller).then(
        (answer) => {
          if (!(answer instanceof SplicedJson)) return next(request, response);
          const reqId = this.requestId(request);
          const statusCode = this.send(request, response, page, answer, reqId);
          const responseTime = Math.round((performance.now() - started) * 10) / 10;
          this.log({ reqId, method: 'GET', url: request.url ?? '', statusCode, responseTime });
        },
        // Nothing is written yet: the pipeline answers, with its own error shape.
        () => next(request, response),
      );
    });
  }

  private send(
    request: IncomingMessage,
    response: ServerResponse,
    page: KnownPage,
    answer: SplicedJson<unknown>,
    reqId: string,
  ): number {
    if (matchesEtag(request.headers['if-none-match'], answer.etag)) {
      return writeNotModified(response, { ...page.headers, etag: answer.etag }, reqId);
    }
    const encoding = encodingFor(request, answer.body.length);
    const body = encoding ? encodedBody(answer.body, encoding) : answer.body;
    response.writeHead(200, {
      ...(encoding ? encodedHeadersOf(page.headers, encoding) : page.headers),
      etag: answer.etag,
      'x-request-id': reqId,
      'content-length': body.length,
    });
    response.end(body);
    return 200;
  }
}
