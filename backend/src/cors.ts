import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { AppConfig } from './config/config';

/** Every method the front ends call: the admin console edits with PUT and PATCH and deletes. */
export const CORS_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

/** The request headers the front ends set: the bearer token and JSON bodies. */
export const CORS_ALLOWED_HEADERS = ['Authorization', 'Content-Type'];

/** How long a browser reuses a preflight answer (Chromium caps it at two hours). */
export const CORS_MAX_AGE_SECONDS = 7200;

/**
 * Lets the origins in CORS_ORIGINS (a separately deployed admin console) call the API with a
 * bearer token; every other origin gets no CORS headers, so the browser refuses its requests.
 */
export function enableCors(app: NestFastifyApplication, config: AppConfig): void {
  app.enableCors({
    origin: (origin, callback) => callback(null, !origin || config.corsOrigins.includes(origin)),
    methods: CORS_METHODS,
    allowedHeaders: CORS_ALLOWED_HEADERS,
    maxAge: CORS_MAX_AGE_SECONDS,
    // The token travels in Authorization; no cookies, so no credentialed requests.
    credentials: false,
  });
}
