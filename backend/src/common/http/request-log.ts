import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/** What one request's log line says (the request id comes from the request's logger). */
export interface RequestLine {
  method: string;
  url: string;
  statusCode: number;
  /** From the request's arrival to the last byte handed to the socket, in ms. */
  responseTime: number;
}

/** What a log line shows instead of a one-time token. */
export const REDACTED = '[redacted]';

/** Query parameters whose value is a credential (an emailed link's one-time `token`). */
const SECRET_PARAMETERS = new Set(['token']);

const secretName = (raw: string): boolean => {
  let name = raw;
  try {
    name = decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    // A malformed escape: judged as written.
  }
  return SECRET_PARAMETERS.has(name.trim().toLowerCase());
};

/**
 * The URL as a log line may show it: the value of every `token` parameter (in the query, or in a
 * fragment a client sent anyway) becomes `[redacted]`; the path and every other parameter stay as
 * they were, so a list query can still be read. Anyone able to read the logs could otherwise
 * open an emailed one-time link (a password reset) before its owner.
 */
export function loggableUrl(url: string): string {
  const start = url.search(/[?#]/);
  if (start < 0) return url;
  const rest = url
    .slice(start)
    .replace(/([?&;#])([^?&;#=]*)=([^&;#]*)/g, (whole, separator: string, name: string) =>
      secretName(name) ? `${separator}${name}=${REDACTED}` : whole,
    );
  return url.slice(0, start) + rest;
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
      url: loggableUrl(request.url),
      statusCode: reply.statusCode,
      responseTime: Math.round(reply.elapsedTime * 10) / 10,
    };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request');
  }

  // fastify's other lines that name the URL, with it made loggable too.

  override routeNotFound(request: FastifyRequest): void {
    request.log.info(`Route ${request.raw.method}:${loggableUrl(request.raw.url ?? '')} not found`);
  }

  override defaultErrorLog(error: Error, request: FastifyRequest, reply: FastifyReply): void {
    if (reply.statusCode >= 500) {
      reply.log.error({ req: requestFields(request), res: reply, err: error }, error?.message);
    } else {
      reply.log.info({ res: reply, err: error }, error?.message);
    }
  }

  override writeHeadError(error: Error, request: FastifyRequest, reply: FastifyReply): void {
    reply.log.warn({ req: requestFields(request), res: reply, err: error }, error?.message);
  }
}

/** What fastify's request serialiser writes, with the URL made loggable. */
function requestFields(request: FastifyRequest) {
  return {
    method: request.method,
    url: loggableUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
