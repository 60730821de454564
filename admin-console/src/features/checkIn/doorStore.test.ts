import type { DoorAttendee, DoorList } from '@diaspora/api-client';
import { describe, expect, it } from 'vitest';
import { conflictsOf, decideOffline, searchAttendees } from './doorStore';

const attendee = (overrides: Partial<DoorAttendee>): DoorAttendee =>
  ({
    userId: 'u1',
    name: 'Abebe Kebede',
    email: 'abebe@example.com',
    ticketType: 'general',
    code: 'DT1.a.a',
    amount: 0,
    currency: 'usd',
    state: 'going',
    checkedInAt: null,
    checkedInBy: null,
    ...overrides,
  }) as DoorAttendee;

const list: DoorList = {
  event: { id: 'e1', title: 'Gala', startsAt: '', timeZone: 'UTC', cancelled: false },
  counts: { checkedIn: 1, going: 3 },
  attendees: [
    attendee({}),
    attendee({
      userId: 'u2',
      email: 'selam@example.com',
      name: 'Selam',
      code: 'DT1.b.b',
      checkedInAt: '2030-01-01T18:00:00Z',
      checkedInBy: 'Door 1',
    }),
    attendee({
      userId: 'u3',
      email: 'dawit@example.com',
      name: 'Dawit',
      code: 'DT1.c.c',
      state: 'refunded' as DoorAttendee['state'],
    }),
  ],
};
const now = new Date('2030-01-01T19:00:00Z');

describe('the door offline', () => {
  it('admits a going ticket once and queues it; the second scan is already checked in', () => {
    const first = decideOffline(list, [], 'DT1.a.a', now);
    expect(first.answer).toMatchObject({
      result: 'checked_in',
      name: 'Abebe Kebede',
      offline: true,
    });
    expect(first.queue).toEqual([{ code: 'DT1.a.a', scannedAt: now.toISOString() }]);
    const second = decideOffline(list, first.queue, 'DT1.a.a', new Date('2030-01-01T19:01:00Z'));
    expect(second.answer).toMatchObject({
      result: 'already_checked_in',
      checkedInAt: now.toISOString(),
    });
    expect(second.queue).toHaveLength(1);
  });

  it('refuses what the list refuses: checked in elsewhere, refunded, unknown, cancelled', () => {
    expect(decideOffline(list, [], 'DT1.b.b', now).answer).toMatchObject({
      result: 'already_checked_in',
      checkedInBy: 'Door 1',
    });
    expect(decideOffline(list, [], 'DT1.c.c', now).answer.result).toBe('refunded');
    expect(decideOffline(list, [], 'DT1.forged', now).answer.result).toBe('unknown_code');
    const cancelled = { ...list, event: { ...list.event, cancelled: true } };
    expect(decideOffline(cancelled, [], 'DT1.a.a', now)).toMatchObject({
      answer: { result: 'event_cancelled' },
      queue: [],
    });
  });

  it('reports what the sync did not admit as this door did', () => {
    const conflicts = conflictsOf(
      [
        { code: 'DT1.a.a', result: 'checked_in' },
        { code: 'DT1.b.b', result: 'conflict', checkedInBy: 'Door 1', checkedInAt: 'x' },
      ] as Parameters<typeof conflictsOf>[0],
      list,
    );
    expect(conflicts).toEqual([
      {
        result: 'conflict',
        name: 'Selam',
        ticketType: 'general',
        checkedInAt: 'x',
        checkedInBy: 'Door 1',
      },
    ]);
  });

  it('searches names and emails, ignoring case and accents', () => {
    expect(searchAttendees(list, 'SELAM').map((a) => a.userId)).toEqual(['u2']);
    expect(searchAttendees(list, 'abebe@').map((a) => a.userId)).toEqual(['u1']);
    expect(searchAttendees(list, '  ')).toEqual([]);
  });
});
