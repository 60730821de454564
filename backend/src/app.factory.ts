import { LogLevel } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import multipart from '@fastify/multipart';
import { AppModule } from './app.module';
import { AppConfig } from './config/config';
import { enableCors } from './cors';
import { registerHttpCaching } from './common/cache/http-caching';
import { answerText } from './common/cache/shared-answers';
import { VerifiedTokens } from './modules/auth/verified-tokens';
import { AllExceptionsFilter } from './common/errors/all-exceptions.filter';
import { registerBodyParsers } from './common/http/body-parsers';
import { FRAMEWORK_ERROR_OPTIONS, registerErrorShapeHooks } from './common/http/error-shape.hooks';
import { OneLinePerRequest, requestIdOf } from './common/http/request-log';
import { registerOverloadShedding } from './common/http/overload';
import { registerSecurityHeaders } from './common/http/security-headers';
import { trustedProxies } from './common/http/trusted-proxies';
import { ContextLogger, registerLogContext } from './common/logging/context-logger';
import { registerRequestSpanNames } from './common/tracing/request-spans';
import { Metrics } from './common/metrics/metrics';
import { registerHttpMetrics } from './common/metrics/http-metrics';
import { registerRateLimits } from './common/rate-limit/rate-limit';
import { RateLimitStore } from './common/rate-limit/rate-limit.store';
import { createValidationPipe } from './common/validation/validation.pipe';
import type { DatabaseHandle } from './db/database';
import { Lifecycle } from './modules/health/lifecycle';
import { setupSwagger } from './swagger';
import { compressAnswers, serveWeb } from './web/web';

const NEST_LEVELS: Record<string, LogLevel[]> = {
  silent: [],
  error: ['error', 'fatal'],
  warn: ['error', 'fatal', 'warn'],
  info: ['error', 'fatal', 'warn', 'log'],
  debug: ['error', 'fatal', 'warn', 'log', 'debug'],
};

/**
 * Nest's logger for the configured level; JSON lines in production. Shared by the API and the
 * worker; each line carries the request or job it was written in (ContextLogger).
 */
export function createLogger(config: AppConfig): ContextLogger {
  return new ContextLogger({
    json: config.isProduction,
    logLevels: NEST_LEVELS[config.logLevel] ?? NEST_LEVELS.info,
  });
}

/** Builds the fully configured application (used by main.ts and by every e2e test). */
export async function createApp(
  config: AppConfig,
  database: DatabaseHandle,
): Promise<NestFastifyApplication> {
  const requestLog = new OneLinePerRequest(config.logLevel);
  const adapter = new FastifyAdapter({
    bodyLimit: config.bodyLimitBytes,
    trustProxy: trustedProxies(config.trustProxy),
    genReqId: requestIdOf,
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
    logController: requestLog,
    ...FRAMEWORK_ERROR_OPTIONS,
  });
  const app = await NestFactory.create<NestFastifyApplication>(
    AppModule.forRoot(config, database),
    adapter,
    {
      rawBody: true,
      abortOnError: false,
      logger: createLogger(config),
    },
  );
  const fastify = app.getHttpAdapter().getInstance();
  fastify.setReplySerializer(answerText);
  fastify.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-request-id', request.id);
    done(null, payload);
  });
  registerLogContext(fastify);
  if (config.tracing) registerRequestSpanNames(fastify);
  // Before every other hook: a shed request costs nothing more.
  await registerOverloadShedding(fastify, config.overload, database);
  registerErrorShapeHooks(fastify, app.get(Lifecycle));
  registerHttpMetrics(fastify, app.get(Metrics));
  const tokens = app.get(VerifiedTokens);
  await registerRateLimits(
    fastify,
    config,
    app.get(RateLimitStore),
    (authorization) => tokens.fromHeader(authorization)?.sub,
  );

  // Before compression: ETags are computed over the JSON, not over a compressed stream.
  await registerHttpCaching(app);
  await compressAnswers(app);
  registerSecurityHeaders(fastify, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", 'https://js.stripe.com'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        mediaSrc: ["'self'", 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'https://api.stripe.com', ...config.corsOrigins],
        frameSrc: ["'self'", 'https://js.stripe.com', 'https://hooks.stripe.com'],
        objectSrc: ["'none'"],
        // Plain-HTTP installs (a LAN address, no TLS) must still load their own scripts.
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  registerBodyParsers(app, config.bodyLimitBytes);
  await app.register(multipart, { limits: { fileSize: 20 * 1024 * 1024, files: 20, fields: 100 } });
  enableCors(app, config);
  app.setGlobalPrefix('api');
  app.useGlobalFilters(new AllExceptionsFilter());
  app.useGlobalPipes(createValidationPipe());
  app.enableShutdownHooks();
  setupSwagger(app);
  serveWeb(app, config);
  return app;
}
