import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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
