import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  const dataDir = () => mkdtempSync(join(tmpdir(), 'cfg-'));

  it('applies the documented defaults', () => {
    const config = loadConfig({ DATA_DIR: dataDir() });
    expect(config).toMatchObject({
      port: 3000,
      databaseUrl: undefined,
      redisUrl: undefined,
      smtpUrl: undefined,
      seedDemo: false,
      corsOrigins: [],
      jwtExpiresIn: '7d',
      processRole: 'all',
    });
    expect(config.uploadDir).toBe(join(config.dataDir, 'uploads'));
  });

  it('sizes the database pool, with defaults that queue under load', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).databasePool).toEqual({
      max: 20,
      waitMs: 10000,
      connectTimeoutMs: 5000,
    });
    const set = loadConfig({
      DATA_DIR: dataDir(),
      DATABASE_POOL_MAX: '5',
      DATABASE_POOL_WAIT_MS: '30000',
      DATABASE_CONNECT_TIMEOUT_MS: '500',
    });
    expect(set.databasePool).toEqual({ max: 5, waitMs: 30000, connectTimeoutMs: 500 });
    expect(() => loadConfig({ DATA_DIR: dataDir(), DATABASE_POOL_MAX: '0' })).toThrow(
      /DATABASE_POOL_MAX must be a whole number of at least 1/,
    );
  });

  it('keeps mail 90 days and audit entries 365 by default, and takes positive whole days only', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).retention).toEqual({ mailDays: 90, auditDays: 365 });
    const set = loadConfig({
      DATA_DIR: dataDir(),
      MAIL_RETENTION_DAYS: '30',
      AUDIT_RETENTION_DAYS: '730',
    });
    expect(set.retention).toEqual({ mailDays: 30, auditDays: 730 });
    for (const bad of ['0', '-5', '1.5', 'ninety']) {
      expect(() => loadConfig({ DATA_DIR: dataDir(), MAIL_RETENTION_DAYS: bad })).toThrow(
        /MAIL_RETENTION_DAYS must be a whole number of at least 1/,
      );
      expect(() => loadConfig({ DATA_DIR: dataDir(), AUDIT_RETENTION_DAYS: bad })).toThrow(
        /AUDIT_RETENTION_DAYS must be a whole number of at least 1/,
      );
    }
  });

  it('traces only with an OTLP endpoint, named by role, sampled as OTEL_TRACES_SAMPLER says', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).tracing).toBeUndefined();
    const endpoint = { DATA_DIR: dataDir(), OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' };
    expect(loadConfig({ ...endpoint, OTEL_SDK_DISABLED: 'true' }).tracing).toBeUndefined();
    const worker = { PROCESS_ROLE: 'worker', REDIS_URL: 'redis://127.0.0.1:6379' };
    expect(loadConfig({ ...endpoint, ...worker }).tracing).toEqual({
      serviceName: 'diaspora-platform-worker',
      batchDelayMs: 5000,
      sampleRatio: 1,
    });
    expect(
      loadConfig({
        ...endpoint,
        OTEL_SERVICE_NAME: 'community',
        OTEL_TRACES_SAMPLER: 'parentbased_traceidratio',
        OTEL_TRACES_SAMPLER_ARG: '0.1',
      }).tracing,
    ).toMatchObject({ serviceName: 'community', sampleRatio: 0.1 });
    expect(() =>
      loadConfig({
        ...endpoint,
        OTEL_TRACES_SAMPLER: 'traceidratio',
        OTEL_TRACES_SAMPLER_ARG: '2',
      }),
    ).toThrow(/OTEL_TRACES_SAMPLER_ARG must be a ratio from 0 to 1/);
    expect(() => loadConfig({ ...endpoint, OTEL_TRACES_SAMPLER: 'jaeger_remote' })).toThrow(
      ConfigError,
    );
  });

  it('reads ADMIN_EMAIL in the one normal form of addresses', () => {
    const config = loadConfig({
      DATA_DIR: dataDir(),
      ADMIN_EMAIL: ' \uFF21dmin@Example.COM ',
      ADMIN_PASSWORD: 'long-enough-password',
    });
    expect(config.adminEmail).toBe('admin@example.com');
  });

  it('keeps one generated development secret in DATA_DIR, readable by its owner only', () => {
    const dir = join(dataDir(), 'not-yet-made');
    const first = loadConfig({ DATA_DIR: dir }).jwtSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig({ DATA_DIR: dir }).jwtSecret).toBe(first);
    const file = join(dir, 'jwt-secret');
    expect(readFileSync(file, 'utf8')).toBe(first);
    // Anyone else on the machine could sign themselves an admin's token with it.
    expect(statSync(file).mode & 0o777).toBe(0o600);
    // A secret file edited by hand (a trailing newline) is read without its white space.
    writeFileSync(file, `  ${'s'.repeat(40)}\n`);
    expect(loadConfig({ DATA_DIR: dir }).jwtSecret).toBe('s'.repeat(40));
  });

  it('reads each variable, trimmed, and falls back to its default when unset or blank', () => {
    const dir = dataDir();
    const defaults = loadConfig({ DATA_DIR: dir, HOST: '   ' });
    expect(defaults).toMatchObject({
      nodeEnv: 'development',
      isProduction: false,
      host: '0.0.0.0',
      webDir: undefined,
      queuePrefix: 'diaspora',
      mailFrom: 'Ethiopian Diaspora Network <no-reply@localhost>',
      adminName: 'Administrator',
      stripe: {},
      rateLimits: {
        windowSeconds: 60,
        login: 10,
        register: 5,
        writes: 60,
        contact: 5,
        accountEmail: 5,
        uploads: 10,
        uploadsWindowSeconds: 600,
      },
      bodyLimitBytes: 1024 * 1024,
      trustProxy: false,
      shutdown: { drainMs: 5000, timeoutMs: 30000 },
      logLevel: 'info',
      metricsToken: undefined,
      metricsPort: 9464,
      s3: undefined,
      overload: {
        maxEventLoopDelayMs: 500,
        maxDatabaseQueue: 50,
        sampleMs: 250,
        retryAfterSeconds: 2,
      },
      publicUrl: 'http://localhost:3000',
    });
    expect(defaults.stripe).toEqual({
      secretKey: undefined,
      publishableKey: undefined,
      webhookSecret: undefined,
      apiBase: undefined,
    });
    expect(loadConfig({ DATA_DIR: dir, NODE_ENV: 'test' }).logLevel).toBe('silent');
    const set = loadConfig({
      DATA_DIR: ` ${dir} `,
      NODE_ENV: 'test',
      PORT: '0',
      HOST: ' 127.0.0.1 ',
      UPLOAD_DIR: join(dir, 'files'),
      WEB_DIR: 'web',
      DATABASE_URL: 'postgresql://db/app',
      REDIS_URL: 'rediss://cache:6380',
      QUEUE_PREFIX: 'staging',
      SMTP_URL: 'smtps://mail:465',
      MAIL_FROM: 'Network <hello@example.org>',
      JWT_SECRET: 'k'.repeat(32),
      ADMIN_EMAIL: 'root@example.org',
      ADMIN_PASSWORD: '8 chars!',
      ADMIN_NAME: 'Root',
      STRIPE_SECRET_KEY: 'sk_test_1',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_1',
      STRIPE_WEBHOOK_SECRET: 'whsec_1',
      STRIPE_API_BASE: 'http://127.0.0.1:12111',
      RATE_LIMIT_WINDOW_SECONDS: '30',
      RATE_LIMIT_REGISTER: '2',
      RATE_LIMIT_WRITES: '7',
      RATE_LIMIT_CONTACT: '3',
      RATE_LIMIT_ACCOUNT_EMAIL: '4',
      RATE_LIMIT_UPLOADS_WINDOW_SECONDS: '1',
      BODY_LIMIT_BYTES: '1024',
      SHUTDOWN_DRAIN_MS: '0',
      SHUTDOWN_TIMEOUT_MS: '1000',
      LOG_LEVEL: 'debug',
    });
    expect(set).toMatchObject({
      nodeEnv: 'test',
      dataDir: dir,
      port: 0,
      host: '127.0.0.1',
      uploadDir: join(dir, 'files'),
      webDir: resolve('web'),
      databaseUrl: 'postgresql://db/app',
      redisUrl: 'rediss://cache:6380',
      queuePrefix: 'staging',
      smtpUrl: 'smtps://mail:465',
      mailFrom: 'Network <hello@example.org>',
      jwtSecret: 'k'.repeat(32),
      adminEmail: 'root@example.org',
      adminPassword: '8 chars!',
      adminName: 'Root',
      stripe: {
        secretKey: 'sk_test_1',
        publishableKey: 'pk_test_1',
        webhookSecret: 'whsec_1',
        apiBase: 'http://127.0.0.1:12111',
      },
      rateLimits: {
        windowSeconds: 30,
        register: 2,
        writes: 7,
        contact: 3,
        accountEmail: 4,
        uploadsWindowSeconds: 1,
      },
      // Each at its least: whole numbers from the minimum up are taken.
      bodyLimitBytes: 1024,
      shutdown: { drainMs: 0, timeoutMs: 1000 },
      logLevel: 'debug',
      publicUrl: 'http://localhost:0',
    });
    for (const [name, least] of [
      ['BODY_LIMIT_BYTES', 1024],
      ['SHUTDOWN_TIMEOUT_MS', 1000],
      ['RATE_LIMIT_WINDOW_SECONDS', 1],
    ] as const) {
      expect(() => loadConfig({ DATA_DIR: dir, [name]: String(least - 1) })).toThrow(
        `${name} must be a whole number of at least ${least} (got "${least - 1}")`,
      );
    }
    expect(() => loadConfig({ DATA_DIR: dir, STRIPE_API_BASE: 'ws://x' })).toThrow(
      'STRIPE_API_BASE must use http: or https: (got "ws:")',
    );
    expect(() => loadConfig({ DATA_DIR: dir, SMTP_URL: 'http://mail' })).toThrow(
      'SMTP_URL must use smtp: or smtps: (got "http:")',
    );
  });

  it('reads a switch as 1/true/yes/on or 0/false/no/off, in any case', () => {
    const seed = (value: string) => loadConfig({ DATA_DIR: dataDir(), SEED_DEMO: value }).seedDemo;
    for (const on of ['1', 'true', 'yes', 'on', 'TRUE', 'On']) expect(seed(on)).toBe(true);
    for (const off of ['0', 'false', 'no', 'off', 'FALSE', 'Off']) expect(seed(off)).toBe(false);
    expect(() => seed('y')).toThrow('SEED_DEMO must be true or false (got "y")');
  });

  it('trusts X-Forwarded-For only from the proxies TRUST_PROXY names', () => {
    const trust = (value?: string) =>
      loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: value }).trustProxy;
    for (const none of [undefined, 'false', '0', 'no', 'off', 'FALSE', 'Off']) {
      expect(trust(none)).toBe(false);
    }
    expect(trust('true')).toBe(true);
    expect(trust('TRUE')).toBe(true);
    expect(trust('2')).toBe(2);
    expect(trust('10')).toBe(10);
    expect(trust('10.0.0.0/8')).toBe('10.0.0.0/8');
    expect(trust('127.0.0.1, 10.0.0.2')).toBe('127.0.0.1, 10.0.0.2');
    expect(trust('1a')).toBe('1a');
    expect(trust('a1')).toBe('a1');
  });

  it('refuses an unknown PROCESS_ROLE and a short ADMIN_PASSWORD, saying which', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), PROCESS_ROLE: 'cron' })).toThrow(
      'PROCESS_ROLE must be all, api or worker (got "cron")',
    );
    expect(() =>
      loadConfig({ DATA_DIR: dataDir(), ADMIN_EMAIL: 'a@example.org', ADMIN_PASSWORD: '7 chars' }),
    ).toThrow('ADMIN_PASSWORD must be at least 8 characters');
  });

  it('says every problem on a line of its own', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), PORT: '-1', SEED_DEMO: 'maybe' })).toThrow(
      new ConfigError([
        'PORT must be a whole number of at least 0 (got "-1")',
        'SEED_DEMO must be true or false (got "maybe")',
      ]),
    );
    expect(new ConfigError(['A', 'B']).message).toBe('Invalid configuration:\n  - A\n  - B');
  });

  it('stops a production boot without a strong JWT_SECRET', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir() })).toThrow(
      /JWT_SECRET is required when NODE_ENV=production/,
    );
    expect(() =>
      loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'short', DATA_DIR: dataDir() }),
    ).toThrow(/JWT_SECRET is too weak/);
    expect(
      loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'k'.repeat(32), DATA_DIR: dataDir() })
        .isProduction,
    ).toBe(true);
    expect(() =>
      loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'k'.repeat(31), DATA_DIR: dataDir() }),
    ).toThrow('JWT_SECRET is too weak: use at least 32 random characters');
    // Outside production a short secret is the developer's own business.
    expect(loadConfig({ JWT_SECRET: 'short', DATA_DIR: dataDir() }).jwtSecret).toBe('short');
  });

  it('lists every problem at once', () => {
    try {
      loadConfig({
        DATA_DIR: dataDir(),
        PORT: 'eighty',
        DATABASE_URL: 'mysql://x',
        REDIS_URL: 'not a url',
        SEED_DEMO: 'maybe',
        ADMIN_EMAIL: 'a@b.c',
      });
      throw new Error('expected a ConfigError');
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const message = (error as Error).message;
      expect(message).toContain('PORT must be a whole number');
      expect(message).toContain('DATABASE_URL must use postgres: or postgresql:');
      expect(message).toContain('REDIS_URL is not a valid URL');
      expect(message).toContain('SEED_DEMO must be true or false');
      expect(message).toContain('ADMIN_EMAIL and ADMIN_PASSWORD must be set together');
    }
  });

  const lifetimes = { '15m': 900, '12h': 43200, '7d': 604800, '60s': 60, '1m': 60 };

  it('gives tokens the lifetime JWT_EXPIRES_IN says when AuthModule signs them', async () => {
    // Loaded here alone: jsonwebtoken takes most of a second, paid by each mutation run otherwise.
    const { JwtService } = await import('@nestjs/jwt');
    for (const [lifetime, seconds] of Object.entries(lifetimes)) {
      const jwt = new JwtService({
        secret: 'k'.repeat(32),
        signOptions: { expiresIn: lifetime as never },
      });
      const claims = jwt.decode<{ iat: number; exp: number }>(jwt.sign({ sub: 'someone' }));
      expect(claims.exp - claims.iat).toBe(seconds);
    }
  });

  it('takes JWT_EXPIRES_IN as a whole number of s, m, h or d, at least a minute', () => {
    for (const good of Object.keys(lifetimes)) {
      const config = loadConfig({ DATA_DIR: dataDir(), JWT_EXPIRES_IN: good });
      expect(config.jwtExpiresIn).toBe(good);
    }
    // A bare number is milliseconds to jsonwebtoken; the others make every sign-in fail.
    for (const bad of ['abc', '3600', '1.5h', '-1d', '7 d', '2w', '7D', 'm', '7days', 'x7d']) {
      expect(() => loadConfig({ DATA_DIR: dataDir(), JWT_EXPIRES_IN: bad })).toThrow(
        `JWT_EXPIRES_IN must be a duration such as 15m, 12h or 7d (got "${bad}")`,
      );
    }
    for (const short of ['59s', '0m', '0d']) {
      expect(() => loadConfig({ DATA_DIR: dataDir(), JWT_EXPIRES_IN: short })).toThrow(
        `JWT_EXPIRES_IN must be at least 1m (got "${short}")`,
      );
    }
  });

  it('reads PUBLIC_URL as an http(s) origin without a trailing slash', () => {
    expect(loadConfig({ DATA_DIR: dataDir(), PORT: '8080' }).publicUrl).toBe(
      'http://localhost:8080',
    );
    const publicUrl = (value: string) =>
      loadConfig({ DATA_DIR: dataDir(), PUBLIC_URL: value }).publicUrl;
    expect(publicUrl('https://example.org')).toBe('https://example.org');
    expect(publicUrl('https://Example.org/')).toBe('https://example.org');
    expect(publicUrl('http://127.0.0.1:4200//')).toBe('http://127.0.0.1:4200');
    expect(publicUrl('https://example.org///')).toBe('https://example.org');
    // The front ends are served from the root, so a path would lead emails and previews astray.
    for (const bad of [
      'example.org',
      'localhost:3000',
      'ftp://example.org',
      'https://example.org/community',
      'https://example.org/?a=1',
    ]) {
      expect(() => loadConfig({ DATA_DIR: dataDir(), PUBLIC_URL: bad })).toThrow(
        `PUBLIC_URL must be an http or https address with no path, such as https://example.org (got "${bad}")`,
      );
    }
  });

  it('refuses PROCESS_ROLE api or worker without REDIS_URL', () => {
    for (const role of ['api', 'worker']) {
      expect(() => loadConfig({ DATA_DIR: dataDir(), PROCESS_ROLE: role })).toThrow(
        'PROCESS_ROLE=api and worker need REDIS_URL: the worker takes its jobs from Redis',
      );
      const config = loadConfig({
        DATA_DIR: dataDir(),
        PROCESS_ROLE: role,
        REDIS_URL: 'redis://127.0.0.1:6379',
      });
      expect(config.processRole).toBe(role);
    }
    // One process works its own in-memory queue.
    expect(loadConfig({ DATA_DIR: dataDir(), PROCESS_ROLE: 'all' }).redisUrl).toBeUndefined();
  });

  it('parses CORS origins and rate limits', () => {
    const config = loadConfig({
      DATA_DIR: dataDir(),
      CORS_ORIGINS: 'https://admin.example.org, https://example.org',
      RATE_LIMIT_LOGIN: '50',
      RATE_LIMIT_UPLOADS: '3',
    });
    expect(config.corsOrigins).toEqual(['https://admin.example.org', 'https://example.org']);
    expect(config.rateLimits.login).toBe(50);
    // Uploads keep their own window, 10 minutes unless RATE_LIMIT_UPLOADS_WINDOW_SECONDS says.
    expect(config.rateLimits).toMatchObject({ uploads: 3, uploadsWindowSeconds: 600 });
    expect(loadConfig({ DATA_DIR: dataDir() }).rateLimits.uploads).toBe(10);
  });

  it('reads CORS origins as browsers send them and refuses anything else', () => {
    const config = loadConfig({
      DATA_DIR: dataDir(),
      CORS_ORIGINS: 'http://127.0.0.1:4200/,HTTPS://Admin.Example.org, , ',
    });
    expect(config.corsOrigins).toEqual(['http://127.0.0.1:4200', 'https://admin.example.org']);
    expect(() =>
      loadConfig({
        DATA_DIR: dataDir(),
        CORS_ORIGINS: 'https://admin.example.org/console,admin.example.org,ftp://x.org',
      }),
    ).toThrow(
      /must list origins such as https:\/\/admin.example.org \(got "https:\/\/admin.example.org\/console"\)[\s\S]*got "admin.example.org"[\s\S]*got "ftp:\/\/x.org"/,
    );
  });
});
