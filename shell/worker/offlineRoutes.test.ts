import { describe, expect, it } from 'vitest';
import {
  ENTRY_FILES,
  HASHED_FILES,
  MEMBER_ANSWERS,
  MEMBER_PARAMETER,
  OFFLINE_PAGES,
  memberCacheKey,
} from './offlineRoutes';

describe("the service worker's routes", () => {
  it('keeps My tickets (the profile) and the door, and no other page', () => {
    for (const page of ['/profile', '/admin/check-in', '/admin/check-in/', '/admin/check-in/e1']) {
      expect({ page, kept: OFFLINE_PAGES.test(page) }).toEqual({ page, kept: true });
    }
    for (const page of ['/', '/events', '/admin', '/admin/tutorials', '/profile/x/y', '/login']) {
      expect({ page, kept: OFFLINE_PAGES.test(page) }).toEqual({ page, kept: false });
    }
  });

  it("keeps the answers those pages draw, per member, and never a write or another's list", () => {
    for (const path of [
      '/api/auth/me',
      '/api/tickets',
      '/api/payments/tickets',
      '/api/events/door-events',
      '/api/events/e1/door',
      '/api/events/e1/door/counts',
    ]) {
      expect({ path, kept: MEMBER_ANSWERS.test(path) }).toEqual({ path, kept: true });
    }
    for (const path of [
      '/api/events',
      '/api/events/e1',
      '/api/events/e1/check-ins',
      '/api/events/e1/check-ins/sync',
      '/api/events/e1/attendees.csv',
      '/api/users',
    ]) {
      expect({ path, kept: MEMBER_ANSWERS.test(path) }).toEqual({ path, kept: false });
    }
  });

  it('tells entry files (network first) from hashed ones (cache first)', () => {
    expect(ENTRY_FILES.test('/remotes/portal/remoteEntry.js')).toBe(true);
    expect(ENTRY_FILES.test('/remotes/admin/remoteEntry.js')).toBe(true);
    expect(ENTRY_FILES.test('/config.js')).toBe(true);
    expect(HASHED_FILES.test('/remotes/admin/assets/CheckInPage-Ab12Cd34.js')).toBe(true);
    expect(HASHED_FILES.test('/assets/noto-sans-ethiopic-ethiopic-400-normal-qfS4vAZL.woff2')).toBe(
      true,
    );
    expect(HASHED_FILES.test('/remotes/portal/remoteEntry.js')).toBe(false);
  });

  it("files each member's answer apart: another token (or none) has another key", async () => {
    const url = 'https://example.org/api/tickets';
    const first = await memberCacheKey(url, 'Bearer a');
    expect(new URL(first).pathname).toBe('/api/tickets');
    expect(new URL(first).searchParams.get(MEMBER_PARAMETER)).toMatch(/^[0-9a-f]{64}$/);
    expect(await memberCacheKey(url, 'Bearer a')).toBe(first);
    expect(await memberCacheKey(url, 'Bearer b')).not.toBe(first);
    expect(await memberCacheKey(url, '')).not.toBe(first);
    // The token itself is never in the key.
    expect(first).not.toContain('Bearer');
  });
});
