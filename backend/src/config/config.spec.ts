import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { JwtService } from '@nestjs/jwt';
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
      connectTimeoutMs: 2000,
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

  it('reads ADMIN_EMAIL in the one normal form of addresses', () => {
    const config = loadConfig({
      DATA_DIR: dataDir(),
      ADMIN_EMAIL: ' \uFF21dmin@Example.COM ',
      ADMIN_PASSWORD: 'long-enough-password',
    });
    expect(config.adminEmail).toBe('admin@example.com');
  });

  it('keeps one generated development secret in DATA_DIR', () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir }).jwtSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig({ DATA_DIR: dir }).jwtSecret).toBe(first);
    expect(readFileSync(join(dir, 'jwt-secret'), 'utf8')).toBe(first);
  });

  it('stops a production boot without a strong JWT_SECRET', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir() })).toThrow(
      /JWT_SECRET is required when NODE_ENV=production/,
    );
    expect(() =>
      loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'short', DATA_DIR: dataDir() }),
    ).toThrow(/JWT_SECRET is too weak/);
    expect(
      loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'k'.repeat(40), DATA_DIR: dataDir() })
        .isProduction,
    ).toBe(true);
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

  it('takes JWT_EXPIRES_IN as a whole number of s, m, h or d, at least a minute', () => {
    const lifetimes = { '15m': 900, '12h': 43200, '7d': 604800, '60s': 60, '1m': 60 };
    for (const [good, seconds] of Object.entries(lifetimes)) {
      const config = loadConfig({ DATA_DIR: dataDir(), JWT_EXPIRES_IN: good });
      expect(config.jwtExpiresIn).toBe(good);
      // Signed as AuthModule signs, the token lives exactly as long as the value says.
      const jwt = new JwtService({
        secret: config.jwtSecret,
        signOptions: { expiresIn: config.jwtExpiresIn as never },
      });
      const claims = jwt.decode<{ iat: number; exp: number }>(jwt.sign({ sub: 'someone' }));
      expect(claims.exp - claims.iat).toBe(seconds);
    }
    // A bare number is milliseconds to jsonwebtoken; the others make every sign-in fail.
    for (const bad of ['abc', '3600', '1.5h', '-1d', '7 d', '2w', '7D', 'm']) {
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
      CORS_ORIGINS: 'http://127.0.0.1:4200/,HTTPS://Admin.Example.org',
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
