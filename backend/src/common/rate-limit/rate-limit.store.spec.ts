import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../config/config';
import { RateLimitStore } from './rate-limit.store';

describe('RateLimitStore in memory (no Redis)', () => {
  let now = Date.parse('2026-11-25T12:00:00Z');
  let store: RateLimitStore;

  beforeEach(() => {
    jest.spyOn(Date, 'now').mockImplementation(() => now);
    store = new RateLimitStore(loadConfig({ DATA_DIR: mkdtempSync(join(tmpdir(), 'rl-')) }));
  });
  afterEach(() => jest.restoreAllMocks());

  it('counts hits in a window that opens at the first hit', async () => {
    expect(await store.incr('login:1.2.3.4', 60_000, 3)).toEqual({ current: 1, ttl: 60_000 });
    now += 10_000;
    expect(await store.incr('login:1.2.3.4', 60_000, 3)).toEqual({ current: 2, ttl: 50_000 });
    now += 50_000;
    expect(await store.incr('login:1.2.3.4', 60_000, 3)).toEqual({ current: 1, ttl: 60_000 });
  });

  it("reads a counter by its own window, not the reader's ceiling", async () => {
    // A 2 s sign-in pause read with the 15-minute ceiling ends after 2 s.
    await store.incr('login-block:a@example.com', 2_000, 0);
    now += 1_500;
    expect(await store.read('login-block:a@example.com', 15 * 60_000)).toEqual({
      current: 1,
      ttl: 500,
    });
    now += 600;
    expect(await store.read('login-block:a@example.com', 15 * 60_000)).toEqual({
      current: 0,
      ttl: 0,
    });
  });

  it('forgets a counter on reset', async () => {
    await store.incr('login-fail:a@example.com', 60_000, 0);
    await store.reset('login-fail:a@example.com');
    expect(await store.read('login-fail:a@example.com', 60_000)).toEqual({ current: 0, ttl: 0 });
  });
});
