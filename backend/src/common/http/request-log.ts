import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import {
  LogController,
  type FastifyBaseLogger,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';

/** What one request's log line says (the request id comes from the request's logger). */
export interface RequestLine {
  method: string;
  url: string;
  statusCode: number;
  /** From the request's arrival to the last byte handed to the socket, in ms. */
  responseTime: number;
}

/** The caller's `X-Request-Id` when it is a sensible one (a balancer's), otherwise a new one. */
export function requestIdOf(request: Pick<IncomingMessage, 'headers'>): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && given.length <= 100 ? given : randomUUID();
}

/**
 * One log line per request, when it ends (method, URL, status, time): fastify's default writes
 * two, "incoming request" and "request completed", each through pino's request and reply
 * serialisers. Errors are still logged at `error` with the error; at levels above `info` nothing
 * else is built or written.
 */
export class OneLinePerRequest extends LogController {
  readonly infoEnabled: boolean;

  constructor(level: string) {
    super();
    this.infoEnabled = level === 'info' || level === 'debug' || level === 'trace';
  }

  override incomingRequest(): void {
    // Said once, in requestCompleted.
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (!error && !this.infoEnabled) return;
    const line: RequestLine = {
      method: request.method,
      url: request.url,
      statusCode: reply.statusCode,
      responseTime: Math.round(reply.elapsedTime * 10) / 10,
    };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request');
  }

  /** The same line for a request answered before fastify saw it (a replayed guest answer). */
  write(logger: FastifyBaseLogger, line: RequestLine & { reqId: string }): void {
    if (this.infoEnabled) logger.info(line, 'request');
  }
}
