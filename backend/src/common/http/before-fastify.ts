import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';

export type RequestListener = (request: IncomingMessage, response: ServerResponse) => void;

/**
 * Puts `front` before the HTTP server's one request listener (fastify's, or a front put there
 * before), which `front` calls with `next` for every request it does not answer itself.
 */
export function putBeforeFastify(
  fastify: FastifyInstance,
  front: (request: IncomingMessage, response: ServerResponse, next: RequestListener) => void,
): void {
  const server = fastify.server;
  const listeners = server.listeners('request');
  if (listeners.length !== 1) throw new Error('expected one request listener');
  const listener = listeners[0] as RequestListener;
  const next: RequestListener = (request, response) => listener.call(server, request, response);
  server.removeListener('request', listener);
  server.on('request', (request: IncomingMessage, response: ServerResponse) =>
    front(request, response, next),
  );
}

/** A 304 with an answer's headers but its content type, and this request's id. */
export function writeNotModified(
  response: ServerResponse,
  headers: OutgoingHttpHeaders,
  reqId: string,
): 304 {
  const sent: OutgoingHttpHeaders = { ...headers, 'x-request-id': reqId };
  delete sent['content-type'];
  response.writeHead(304, sent);
  response.end();
  return 304;
}
