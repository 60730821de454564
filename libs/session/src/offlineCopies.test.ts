import { afterEach, describe, expect, it, vi } from 'vitest';
import { MEMBER_ANSWERS_CACHE } from './memberAnswersCache';
import { forgetOfflineCopies } from './offlineCopies';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('forgetOfflineCopies', () => {
  it("deletes the worker's member answers and the pages' ticket and door-list copies", async () => {
    const deleted: string[] = [];
    vi.stubGlobal('caches', { delete: async (name: string) => deleted.push(name) > 0 });
    localStorage.setItem('diaspora:entry-tickets', '{"userId":"u1","tickets":[]}');
    localStorage.setItem('diaspora:door-list:e1', '{"attendees":[]}');
    localStorage.setItem('diaspora:door-queue:e1', '[{"code":"DT1.x","scannedAt":"2031-01-01"}]');
    localStorage.setItem('language', 'am');
    forgetOfflineCopies();
    expect(deleted).toEqual([MEMBER_ANSWERS_CACHE]);
    expect(localStorage.getItem('diaspora:entry-tickets')).toBeNull();
    expect(localStorage.getItem('diaspora:door-list:e1')).toBeNull();
    // Unsynced check-ins and the reader's language stay.
    expect(localStorage.getItem('diaspora:door-queue:e1')).not.toBeNull();
    expect(localStorage.getItem('language')).toBe('am');
  });

  it('works where the browser has no Cache Storage', async () => {
    vi.stubGlobal('caches', undefined);
    localStorage.setItem('diaspora:entry-tickets', '{}');
    forgetOfflineCopies();
    expect(localStorage.getItem('diaspora:entry-tickets')).toBeNull();
  });
});
