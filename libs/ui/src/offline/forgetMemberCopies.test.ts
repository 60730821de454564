import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgetMemberCopies } from './forgetMemberCopies';

afterEach(() => vi.unstubAllGlobals());

describe('forgetMemberCopies', () => {
  it("deletes the worker's member answers and the kept tickets, and nothing else", () => {
    const deleted: string[] = [];
    vi.stubGlobal('caches', { delete: async (name: string) => deleted.push(name) > 0 });
    localStorage.setItem('diaspora:entry-tickets', '{"userId":"u1","tickets":[]}');
    localStorage.setItem('diaspora:door-queue:e1', '[{"code":"DT1.x","scannedAt":"2031-01-01"}]');
    forgetMemberCopies();
    expect(deleted).toEqual(['member-answers']);
    expect(localStorage.getItem('diaspora:entry-tickets')).toBeNull();
    // A door's unsynced check-ins stay: they must reach the server.
    expect(localStorage.getItem('diaspora:door-queue:e1')).not.toBeNull();
  });
});
