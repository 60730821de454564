import { parse as parseQueryString } from 'node:querystring';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { RawServerDefault } from 'fastify';

/**
 * The API's body parsers, in place of Nest's (the same limit; the raw body is kept for Stripe's
 * webhook). JSON as Fastify parses it, except that an empty body is no body: spec 7's client
 * sends every call with a JSON content type, the bodiless ones (reject, view, like) too, and the
 * route's own validation then applies as when nothing is declared. Text that is not JSON,
 * whitespace included, stays a 400. URL-encoded bodies are read as Nest read them: registering
 * one parser through Nest takes the place of all of its own.
 */
export function registerBodyParsers(app: NestFastifyApplication, bodyLimit: number): void {
  const parseJson = app.getHttpAdapter().getInstance().getDefaultJsonParser('error', 'error');
  app.useBodyParser<RawServerDefault>('application/json', { bodyLimit }, (request, body, done) => {
    if (body.length === 0) return done(null, undefined);
    parseJson(request, body.toString(), done);
  });
  app.useBodyParser('application/x-www-form-urlencoded', { bodyLimit }, (_request, body, done) =>
    done(null, parseQueryString(body.toString())),
  );
}
