import type { preParsingHookHandler, RouteOptions } from 'fastify';
import { ErrorBody } from '../errors/app-exception';
import { CommonErrorCode } from '../errors/common.errors';

const ENCODED_BODY_REFUSED: ErrorBody = {
  statusCode: 415,
  msg: 'Compressed request bodies are not accepted. Send the body without Content-Encoding.',
  code: CommonErrorCode.UNSUPPORTED_MEDIA_TYPE,
};

/**
 * Bodies are read as sent (no route decompresses: our clients never compress a body, and one
 * inflated past the size it was checked at is a risk): a body declared compressed is refused with
 * 415 and `Accept-Encoding: identity` (RFC 9110, 15.5.16), not parsed into a confusing 400.
 */
const refuseEncodedBody: preParsingHookHandler = (request, reply, payload, done) => {
  const encoding = request.headers['content-encoding']?.trim().toLowerCase();
  if (!encoding || encoding === 'identity') return done(null, payload);
  void reply.status(415).header('accept-encoding', 'identity').send(ENCODED_BODY_REFUSED);
};

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** For the onRoute hook: routes that take a body get the refusal; reading routes no hook at all. */
export function refuseEncodedBodies(route: RouteOptions): void {
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  if (!methods.some((method) => BODY_METHODS.has(method.toUpperCase()))) return;
  const existing = route.preParsing ?? [];
  route.preParsing = [...(Array.isArray(existing) ? existing : [existing]), refuseEncodedBody];
}
