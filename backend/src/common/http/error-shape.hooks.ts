import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import { ErrorBody } from '../errors/app-exception';
import { CommonErrorCode } from '../errors/common.errors';
import { toErrorBody } from '../errors/error-body';
import { findUnsafeInput, unsafeInputError } from '../validation/safe-input';

const API_PREFIX = '/api';

/** Answers for errors Fastify or Node raise before any route runs, in the one error shape. */
export const FRAMEWORK_ERROR_OPTIONS: Pick<
  FastifyServerOptions,
  'frameworkErrors' | 'clientErrorHandler' | 'return503OnClosing'
> = {
  frameworkErrors: (error, _request, reply) => {
    const body: ErrorBody =
      error.code === 'FST_ERR_BAD_URL'
        ? { statusCode: 400, msg: 'The address is not valid', code: CommonErrorCode.BAD_URL }
        : toErrorBody(error);
    void (reply as FastifyReply).status(body.statusCode).send(body);
  },
  // Node's parser refuses oversized headers or broken requests before Fastify sees them.
  clientErrorHandler: (error: Error & { code?: string }, socket: Socket) => {
    if (!socket.writable) return socket.destroy();
    const tooLarge = error.code === 'HPE_HEADER_OVERFLOW';
    const body: ErrorBody = tooLarge
      ? {
          statusCode: 431,
          msg: 'The request headers are too large',
          code: CommonErrorCode.HEADERS_TOO_LARGE,
        }
      : { statusCode: 400, msg: 'The request is not valid', code: 'BAD_REQUEST' };
    const json = JSON.stringify(body);
    socket.end(
      `HTTP/1.1 ${body.statusCode} ${STATUS_CODES[body.statusCode]}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(json)}\r\n` +
        `Connection: close\r\n\r\n${json}`,
    );
  },
  // Answered by the shutdown hook below instead, in the one shape.
  return503OnClosing: false,
};

const SHUTDOWN_BODY: ErrorBody = {
  statusCode: 503,
  msg: 'This server is restarting. Please try again in a moment.',
  code: CommonErrorCode.SHUTTING_DOWN,
};

/** Where the graceful-shutdown sequence is: draining (still serving) or closing. */
export interface ClosingState {
  draining: boolean;
  closing: boolean;
}

/**
 * Hooks that keep every API answer in the one error shape: input PostgreSQL cannot store (NUL) or
 * nested beyond reason is refused before validation; requests arriving while the server closes
 * get a shaped 503; error bodies from plugins that answer in plain text (CORS preflight) are
 * rewritten.
 */
export function registerErrorShapeHooks(fastify: FastifyInstance, state: ClosingState): void {
  // A callback hook, not an async one: it runs on every request, and a promise per request costs.
  fastify.addHook('onRequest', (_request, reply, done) => {
    // While draining, clients are asked to reconnect (to another replica) after this answer.
    if (state.draining) reply.header('connection', 'close');
    if (state.closing) return reply.status(503).send(SHUTDOWN_BODY);
    done();
  });

  // Callback hooks like the one above: these run on every request too.
  fastify.addHook('preValidation', (request: FastifyRequest, reply: FastifyReply, done) => {
    const found =
      findUnsafeInput(request.params) ??
      findUnsafeInput(request.query) ??
      findUnsafeInput(request.body);
    if (!found) return done();
    const body = toErrorBody(unsafeInputError(found));
    reply.status(body.statusCode).send(body);
  });

  fastify.addHook('onSend', (request: FastifyRequest, reply: FastifyReply, payload, done) => {
    if (reply.statusCode < 400 || !request.url.startsWith(API_PREFIX)) return done(null, payload);
    const type = String(reply.getHeader('content-type') ?? '');
    if (type.includes('application/json')) return done(null, payload);
    reply.header('content-type', 'application/json; charset=utf-8');
    done(null, JSON.stringify(plainErrorBody(reply.statusCode, request)));
  });
}

/** The shaped body for a plain-text error a plugin wrote (only preflights do today). */
function plainErrorBody(statusCode: number, request: FastifyRequest): ErrorBody {
  if (request.method === 'OPTIONS' && statusCode === 400) {
    return {
      statusCode,
      msg: 'A preflight request needs the Origin and Access-Control-Request-Method headers',
      code: CommonErrorCode.BAD_PREFLIGHT,
    };
  }
  return toErrorBody(Object.assign(new Error(), { statusCode }));
}
