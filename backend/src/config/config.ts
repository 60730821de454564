import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { normaliseEmail } from '../common/email';
import { PASSWORD_MIN_LENGTH } from '../modules/auth/password-policy';
import { OidcProviderConfig, parseOidcProviders } from './oidc-providers';

/** Which parts of the deployable this process runs: the HTTP API, the job worker, or both. */
export type ProcessRole = 'all' | 'api' | 'worker';

export interface RateLimits {
  windowSeconds: number;
  login: number;
  register: number;
  writes: number;
  /** Contact form messages per address per window. */
  contact: number;
  /** Password reset, verification and email-change emails asked for per address per window. */
  accountEmail: number;
  /** Requests carrying files per signed-in account (per address without one) per uploads window. */
  uploads: number;
  /** The uploads bucket's own window: an upload's image work costs far more than other writes. */
  uploadsWindowSeconds: number;
}

export interface AppConfig {
  nodeEnv: string;
  isProduction: boolean;
  port: number;
  host: string;
  dataDir: string;
  uploadDir: string;
  webDir: string | undefined;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  /** Key prefix of the job queue in Redis, so that test runs can share one server. */
  queuePrefix: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  jwtSecret: string;
  jwtExpiresIn: string;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  adminName: string;
  seedDemo: boolean;
  corsOrigins: string[];
  stripe: { secretKey?: string; publishableKey?: string; webhookSecret?: string; apiBase?: string };
  rateLimits: RateLimits;
  bodyLimitBytes: number;
  /** Which proxies may set X-Forwarded-For: false (none), a hop count, or addresses/CIDRs. */
  trustProxy: boolean | number | string;
  processRole: ProcessRole;
  /** SIGTERM: answer not-ready but keep serving for drainMs, then stop; exit by timeoutMs at worst. */
  shutdown: { drainMs: number; timeoutMs: number };
  /** PostgreSQL pool: its size, how long a request waits for a free client, and to connect one. */
  databasePool: DatabasePoolOptions;
  logLevel: string;
  /**
   * METRICS_TOKEN: the bearer token Prometheus sends to /api/metrics (and to the worker's
   * metrics port); unset, /api/metrics is a 404 and the worker serves none.
   */
  metricsToken: string | undefined;
  /** Uploaded files in an S3-compatible store when S3_BUCKET is set; on disk (UPLOAD_DIR) otherwise. */
  s3: S3Options | undefined;
  /** Load shedding (ADR 0055): 503 + Retry-After instead of queueing; a limit of 0 turns its check off. */
  overload: OverloadOptions;
  /** METRICS_PORT: where a PROCESS_ROLE=worker process serves its metrics (0: any free port). */
  metricsPort: number;
  publicUrl: string;
  /** OpenID Connect providers members may sign in with (none unless OIDC_PROVIDERS names them). */
  oidcProviders: OidcProviderConfig[];
  /** Days kept before the daily retention job deletes them (MAIL_RETENTION_DAYS, AUDIT_RETENTION_DAYS). */
  retention: RetentionDays;
  /** APP_COMMIT: the source commit this build is of (the System view shows it). */
  commit: string | undefined;
  /** OpenTelemetry traces over OTLP (ADR 0065): off (undefined) unless an OTLP endpoint is set. */
  tracing: TracingOptions | undefined;
}

export interface TracingOptions {
  /** OTEL_SERVICE_NAME, or the platform's name with this process's role. */
  serviceName: string;
  /** OTEL_BSP_SCHEDULE_DELAY: how long finished spans wait to be sent in one batch. */
  batchDelayMs: number;
  /**
   * The share of new traces recorded (OTEL_TRACES_SAMPLER=parentbased_traceidratio with
   * OTEL_TRACES_SAMPLER_ARG): 1 records all; a traced caller's decision is always followed.
   */
  sampleRatio: number;
}

export interface RetentionDays {
  /** Sent, failed or never-configured outbox messages; queued ones are kept whatever their age. */
  mailDays: number;
  auditDays: number;
}

export interface S3Options {
  bucket: string;
  /** S3_ENDPOINT: a self-hosted store's URL; AWS's own endpoint when unset. */
  endpoint: string | undefined;
  region: string;
  /** S3_ACCESS_KEY_ID / S3_SECRET_ACCESS_KEY; the SDK's usual chain (role, profile) when unset. */
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  /** S3_FORCE_PATH_STYLE: bucket in the path, as most self-hosted stores need (default with an endpoint). */
  forcePathStyle: boolean;
}

export interface OverloadOptions {
  /** Shed while the event loop's mean delay over a sample is above this (ms). */
  maxEventLoopDelayMs: number;
  /** Shed while more than this many queries wait for the database (pg pool, PGlite queue). */
  maxDatabaseQueue: number;
  /** How often both are sampled (ms). */
  sampleMs: number;
  /** Retry-After of a shed request (s). */
  retryAfterSeconds: number;
}

export interface DatabasePoolOptions {
  max: number;
  waitMs: number;
  connectTimeoutMs: number;
}

/** The pool settings' defaults (DATABASE_POOL_MAX, DATABASE_POOL_WAIT_MS, DATABASE_CONNECT_TIMEOUT_MS). */
export const DEFAULT_POOL: DatabasePoolOptions = {
  max: 20,
  waitMs: 10_000,
  connectTimeoutMs: 5000,
};

export class ConfigError extends Error {
  constructor(problems: string[]) {
    super(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
  }
}

type Env = Record<string, string | undefined>;

const MIN_SECRET_LENGTH = 32;

/** Seconds in each unit JWT_EXPIRES_IN may use. */
const DURATION_UNITS: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86400 };

/** Reads and validates the environment once; nothing else in the app reads process.env. */
export function loadConfig(env: Env = process.env): AppConfig {
  const problems: string[] = [];
  const str = (name: string): string | undefined => {
    const value = env[name]?.trim();
    return value ? value : undefined;
  };
  const int = (name: string, fallback: number, min = 0): number => {
    const raw = str(name);
    if (raw === undefined) return fallback;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < min) {
      problems.push(`${name} must be a whole number of at least ${min} (got "${raw}")`);
      return fallback;
    }
    return value;
  };
  const bool = (name: string, fallback: boolean): boolean => {
    const raw = str(name)?.toLowerCase();
    if (raw === undefined) return fallback;
    if (['1', 'true', 'yes', 'on'].includes(raw)) return true;
    if (['0', 'false', 'no', 'off'].includes(raw)) return false;
    problems.push(`${name} must be true or false (got "${raw}")`);
    return fallback;
  };
  const url = (name: string, protocols: string[]): string | undefined => {
    const raw = str(name);
    if (raw === undefined) return undefined;
    try {
      const parsed = new URL(raw);
      if (!protocols.includes(parsed.protocol)) {
        problems.push(`${name} must use ${protocols.join(' or ')} (got "${parsed.protocol}")`);
      }
    } catch {
      problems.push(`${name} is not a valid URL`);
    }
    return raw;
  };

  const nodeEnv = str('NODE_ENV') ?? 'development';
  const isProduction = nodeEnv === 'production';
  const dataDir = resolve(str('DATA_DIR') ?? './data');
  const port = int('PORT', 3000, 0);
  const roleRaw = str('PROCESS_ROLE') ?? 'all';
  if (!['all', 'api', 'worker'].includes(roleRaw)) {
    problems.push(`PROCESS_ROLE must be all, api or worker (got "${roleRaw}")`);
  }
  // Without Redis each process has its own in-memory queue: the api's jobs would wait forever.
  if ((roleRaw === 'api' || roleRaw === 'worker') && str('REDIS_URL') === undefined) {
    problems.push(
      'PROCESS_ROLE=api and worker need REDIS_URL: the worker takes its jobs from Redis',
    );
  }

  const rawAdminEmail = str('ADMIN_EMAIL');
  const adminEmail = rawAdminEmail === undefined ? undefined : normaliseEmail(rawAdminEmail);
  const adminPassword = str('ADMIN_PASSWORD');
  if ((adminEmail === undefined) !== (adminPassword === undefined)) {
    problems.push('ADMIN_EMAIL and ADMIN_PASSWORD must be set together');
  }
  // The admin from the environment follows the members' password policy: the length here, how
  // guessable it is when the account is created (AuthService; the dictionaries are slow to load).
  if (adminPassword !== undefined && adminPassword.length < PASSWORD_MIN_LENGTH) {
    problems.push(`ADMIN_PASSWORD must be at least ${PASSWORD_MIN_LENGTH} characters`);
  }

  let jwtSecret = str('JWT_SECRET');
  if (jwtSecret !== undefined && jwtSecret.length < MIN_SECRET_LENGTH) {
    if (isProduction) {
      problems.push(`JWT_SECRET is too weak: use at least ${MIN_SECRET_LENGTH} random characters`);
    }
  }
  if (jwtSecret === undefined) {
    if (isProduction) problems.push('JWT_SECRET is required when NODE_ENV=production');
    else jwtSecret = developmentSecret(dataDir);
  }

  // Stryker disable all: variable names and defaults, a table the config spec reads back whole;
  // mutation runs are for the rules above and below (docs/adr/0041-mutation-testing.md).
  const config: AppConfig = {
    nodeEnv,
    isProduction,
    port,
    host: str('HOST') ?? '0.0.0.0',
    dataDir,
    uploadDir: resolve(str('UPLOAD_DIR') ?? join(dataDir, 'uploads')),
    webDir: str('WEB_DIR') ? resolve(str('WEB_DIR') as string) : undefined,
    databaseUrl: url('DATABASE_URL', ['postgres:', 'postgresql:']),
    redisUrl: url('REDIS_URL', ['redis:', 'rediss:']),
    queuePrefix: str('QUEUE_PREFIX') ?? 'diaspora',
    smtpUrl: url('SMTP_URL', ['smtp:', 'smtps:']),
    mailFrom: str('MAIL_FROM') ?? 'Ethiopian Diaspora Network <no-reply@localhost>',
    jwtSecret: jwtSecret ?? '',
    jwtExpiresIn: parseExpiresIn('JWT_EXPIRES_IN', str('JWT_EXPIRES_IN'), problems) ?? '7d',
    adminEmail,
    adminPassword,
    adminName: str('ADMIN_NAME') ?? 'Administrator',
    seedDemo: bool('SEED_DEMO', false),
    corsOrigins: parseOrigins('CORS_ORIGINS', str('CORS_ORIGINS'), problems),
    stripe: {
      secretKey: str('STRIPE_SECRET_KEY'),
      publishableKey: str('STRIPE_PUBLISHABLE_KEY'),
      webhookSecret: str('STRIPE_WEBHOOK_SECRET'),
      apiBase: url('STRIPE_API_BASE', ['http:', 'https:']),
    },
    rateLimits: {
      windowSeconds: int('RATE_LIMIT_WINDOW_SECONDS', 60, 1),
      login: int('RATE_LIMIT_LOGIN', 10, 1),
      register: int('RATE_LIMIT_REGISTER', 5, 1),
      writes: int('RATE_LIMIT_WRITES', 60, 1),
      contact: int('RATE_LIMIT_CONTACT', 5, 1),
      accountEmail: int('RATE_LIMIT_ACCOUNT_EMAIL', 5, 1),
      uploads: int('RATE_LIMIT_UPLOADS', 10, 1),
      uploadsWindowSeconds: int('RATE_LIMIT_UPLOADS_WINDOW_SECONDS', 600, 1),
    },
    bodyLimitBytes: int('BODY_LIMIT_BYTES', 1024 * 1024, 1024),
    trustProxy: parseTrustProxy(str('TRUST_PROXY')),
    processRole: roleRaw as ProcessRole,
    shutdown: {
      drainMs: int('SHUTDOWN_DRAIN_MS', 5000, 0),
      timeoutMs: int('SHUTDOWN_TIMEOUT_MS', 30000, 1000),
    },
    databasePool: {
      max: int('DATABASE_POOL_MAX', DEFAULT_POOL.max, 1),
      waitMs: int('DATABASE_POOL_WAIT_MS', DEFAULT_POOL.waitMs, 100),
      connectTimeoutMs: int('DATABASE_CONNECT_TIMEOUT_MS', DEFAULT_POOL.connectTimeoutMs, 100),
    },
    logLevel: str('LOG_LEVEL') ?? (nodeEnv === 'test' ? 'silent' : 'info'),
    metricsToken: str('METRICS_TOKEN'),
    metricsPort: int('METRICS_PORT', 9464, 0),
    s3: str('S3_BUCKET')
      ? {
          bucket: str('S3_BUCKET') as string,
          endpoint: url('S3_ENDPOINT', ['http:', 'https:']),
          region: str('S3_REGION') ?? 'us-east-1',
          accessKeyId: str('S3_ACCESS_KEY_ID'),
          secretAccessKey: str('S3_SECRET_ACCESS_KEY'),
          forcePathStyle: bool('S3_FORCE_PATH_STYLE', str('S3_ENDPOINT') !== undefined),
        }
      : undefined,
    overload: {
      maxEventLoopDelayMs: int('OVERLOAD_MAX_EVENT_LOOP_DELAY_MS', 500, 0),
      maxDatabaseQueue: int('OVERLOAD_MAX_DATABASE_QUEUE', 50, 0),
      sampleMs: int('OVERLOAD_SAMPLE_MS', 250, 10),
      retryAfterSeconds: int('OVERLOAD_RETRY_AFTER_SECONDS', 2, 1),
    },
    publicUrl:
      parsePublicUrl('PUBLIC_URL', str('PUBLIC_URL'), problems) ?? `http://localhost:${port}`,
    oidcProviders: parseOidcProviders(str, problems),
    commit: str('APP_COMMIT'),
    // The exporter reads the rest of the standard OTEL_EXPORTER_OTLP_* variables (headers, timeout) itself.
    tracing:
      (str('OTEL_EXPORTER_OTLP_ENDPOINT') ?? str('OTEL_EXPORTER_OTLP_TRACES_ENDPOINT')) &&
      str('OTEL_SDK_DISABLED') !== 'true'
        ? {
            serviceName:
              str('OTEL_SERVICE_NAME') ??
              `diaspora-platform${roleRaw === 'all' ? '' : `-${roleRaw}`}`,
            batchDelayMs: int('OTEL_BSP_SCHEDULE_DELAY', 5000, 10),
            sampleRatio: sampleRatio(
              str('OTEL_TRACES_SAMPLER'),
              str('OTEL_TRACES_SAMPLER_ARG'),
              problems,
            ),
          }
        : undefined,
    retention: {
      mailDays: int('MAIL_RETENTION_DAYS', 90, 1),
      auditDays: int('AUDIT_RETENTION_DAYS', 365, 1),
    },
  };
  // Stryker restore all
  if (problems.length) throw new ConfigError(problems);
  return config;
}

/**
 * Client addresses (rate limits, guest view counts) come from X-Forwarded-For only behind a
 * proxy we trust; trusting every sender would let anyone pick their own address.
 */
function parseTrustProxy(raw: string | undefined): boolean | number | string {
  if (raw === undefined || ['false', '0', 'no', 'off'].includes(raw.toLowerCase())) return false;
  if (raw.toLowerCase() === 'true') return true;
  if (/^\d+$/.test(raw)) return Number(raw);
  return raw;
}

/**
 * A token lifetime jsonwebtoken reads as meant: a bare number would be milliseconds to it, and a
 * lifetime under a minute expires before the client's next request.
 */
function parseExpiresIn(
  name: string,
  raw: string | undefined,
  problems: string[],
): string | undefined {
  if (raw === undefined) return undefined;
  const match = /^(\d+)([smhd])$/.exec(raw);
  if (!match) {
    problems.push(`${name} must be a duration such as 15m, 12h or 7d (got "${raw}")`);
    return undefined;
  }
  if (Number(match[1]) * DURATION_UNITS[match[2]] < 60) {
    problems.push(`${name} must be at least 1m (got "${raw}")`);
    return undefined;
  }
  return raw;
}

/**
 * The site's address, which emails and link previews put paths after: an origin with no trailing
 * slash, since the front ends are served from the root (their assets and routes start with /).
 */
function parsePublicUrl(
  name: string,
  raw: string | undefined,
  problems: string[],
): string | undefined {
  if (raw === undefined) return undefined;
  const origin = siteOrigin(raw.replace(/\/+$/, ''));
  if (origin === undefined) {
    problems.push(
      `${name} must be an http or https address with no path, such as https://example.org (got "${raw}")`,
    );
  }
  return origin;
}

/** The http(s) origin `raw` names, or undefined when it is no URL or has more than an origin. */
function siteOrigin(raw: string): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    return undefined;
  }
  const bare = parsed.pathname === '/' && !parsed.search && !parsed.hash;
  return ['http:', 'https:'].includes(parsed.protocol) && bare ? parsed.origin : undefined;
}

/**
 * Origins as browsers send them in the Origin header (`https://admin.example.org`, no path): a
 * trailing slash is dropped, since one would silently never match; anything with a path is refused.
 */
function parseOrigins(name: string, raw: string | undefined, problems: string[]): string[] {
  const origins: string[] = [];
  for (const entry of (raw ?? '').split(',').map((value) => value.trim())) {
    if (!entry) continue;
    const origin = siteOrigin(entry);
    if (origin === undefined) {
      problems.push(`${name} must list origins such as https://admin.example.org (got "${entry}")`);
      continue;
    }
    origins.push(origin);
  }
  return origins;
}

/** A development secret made once and kept in DATA_DIR, so tokens survive restarts. */
function developmentSecret(dataDir: string): string {
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** The ratio of OTEL_TRACES_SAMPLER's *traceidratio samplers (ADR 0065); 1 for the always_on ones. */
function sampleRatio(
  sampler: string | undefined,
  argument: string | undefined,
  problems: string[],
): number {
  if (!sampler || sampler === 'always_on' || sampler === 'parentbased_always_on') return 1;
  if (sampler !== 'traceidratio' && sampler !== 'parentbased_traceidratio') {
    problems.push(
      `OTEL_TRACES_SAMPLER must be parentbased_traceidratio, traceidratio, parentbased_always_on or always_on (got "${sampler}")`,
    );
    return 1;
  }
  const ratio = Number(argument ?? '1');
  if (!Number.isFinite(ratio) || ratio < 0 || ratio > 1) {
    problems.push(`OTEL_TRACES_SAMPLER_ARG must be a ratio from 0 to 1 (got "${argument}")`);
    return 1;
  }
  return ratio;
}
