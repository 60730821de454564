import { ArgumentsHost, Catch, ExceptionFilter, Logger } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { toErrorBody } from './error-body';

/** Writes every error in the one shape; logs server faults with the request id, never leaks them. */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  private readonly logger = new Logger('Errors');

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const reply = http.getResponse<FastifyReply>();
    const request = http.getRequest<FastifyRequest>();
    const body = toErrorBody(exception);
    if (body.statusCode >= 500) {
      const err = exception instanceof Error ? exception : new Error(String(exception));
      request.log?.error({ err }, 'request failed');
      if (!request.log) this.logger.error(err.stack ?? err.message);
    }
    if (body.retryAfter) void reply.header('retry-after', String(body.retryAfter));
    void reply.status(body.statusCode).send(body);
  }
}
