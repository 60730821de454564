import { AppException } from '../../common/errors/app-exception';
import { RsvpState } from './rsvps.repository';
import { EventRow } from './events.schema';
import { decideRsvp, isOpen } from './events.rules';
import { toIcs } from './events.ics';

const NOW = new Date('2030-01-01T12:00:00Z');

function event(overrides: Partial<EventRow> = {}): EventRow {
  return {
    id: '11111111-1111-4111-8111-111111111111',
    title: 'Gala',
    description: 'Night',
    category: 'cultural',
    startsAt: new Date('2030-02-01T18:00:00Z'),
    time: '18:00',
    timeZone: 'UTC',
    sequence: 0,
    venueName: 'Hall',
    country: 'Canada',
    address: null,
    city: 'Toronto',
    image: null,
    images: [],
    videos: [],
    isActive: true,
    isFree: true,
    pricing: {},
    maxAttendees: null,
    organizerName: null,
    cancelRequestedAt: null,
    cancelledAt: null,
    goingCount: 0,
    createdBy: null,
    createdAt: NOW,
    updatedAt: NOW,
    ...overrides,
  };
}

const state = (overrides: Partial<EventRow> = {}, extra: Partial<RsvpState> = {}): RsvpState => ({
  event: event(overrides),
  current: undefined,
  hasTicket: false,
  ...extra,
});

/** The error body a rule answers with, or undefined when it passes. */
const refusalOf = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return (error as AppException).getResponse() as {
      statusCode: number;
      msg: string;
      code?: string;
    };
  }
  return undefined;
};
const codeOf = (run: () => unknown) => refusalOf(run)?.code;

describe('decideRsvp', () => {
  it('accepts each answer on an open event', () => {
    expect(decideRsvp(state(), 'going', NOW)).toBe('going');
    expect(decideRsvp(state(), 'maybe', NOW)).toBe('maybe');
    expect(decideRsvp(state(), 'not going', NOW)).toBe('not going');
  });

  it('refuses ended and inactive events', () => {
    expect(
      codeOf(() => decideRsvp(state({ startsAt: new Date('2029-12-31T00:00:00Z') }), 'maybe', NOW)),
    ).toBe('EVENT_ENDED');
    expect(codeOf(() => decideRsvp(state({ isActive: false }), 'going', NOW))).toBe(
      'EVENT_INACTIVE',
    );
  });

  it('says why an event takes no answer, in words and code', () => {
    expect(
      refusalOf(() =>
        decideRsvp(state({ startsAt: new Date('2029-12-31T00:00:00Z') }), 'maybe', NOW),
      ),
    ).toEqual({ statusCode: 409, msg: 'This event has ended', code: 'EVENT_ENDED' });
    expect(refusalOf(() => decideRsvp(state({ isActive: false }), 'maybe', NOW))).toEqual({
      statusCode: 409,
      msg: 'This event is no longer active',
      code: 'EVENT_INACTIVE',
    });
    for (const cancelled of [{ cancelledAt: NOW }, { cancelRequestedAt: NOW }]) {
      expect(refusalOf(() => decideRsvp(state(cancelled), 'not going', NOW))).toEqual({
        statusCode: 409,
        msg: 'This event has been cancelled',
        code: 'EVENT_CANCELLED',
      });
    }
    const paid = { isFree: false, pricing: { general: { amount: 10, currency: 'usd' } } };
    expect(refusalOf(() => decideRsvp(state(paid), 'going', NOW))).toEqual({
      statusCode: 402,
      msg: 'This is a paid event: please buy a ticket to attend',
      code: 'TICKET_REQUIRED',
    });
  });

  it('takes answers until the event starts: one starting this very millisecond still does', () => {
    expect(decideRsvp(state({ startsAt: NOW }), 'going', NOW)).toBe('going');
    const aMomentAgo = new Date(NOW.getTime() - 1);
    expect(codeOf(() => decideRsvp(state({ startsAt: aMomentAgo }), 'going', NOW))).toBe(
      'EVENT_ENDED',
    );
  });

  it('waitlists Going when full, keeps a seat already held', () => {
    expect(decideRsvp(state({ maxAttendees: 2, goingCount: 2 }), 'going', NOW)).toBe('waitlisted');
    const holder = state(
      { maxAttendees: 2, goingCount: 2 },
      { current: { status: 'going' } as RsvpState['current'] },
    );
    expect(decideRsvp(holder, 'going', NOW)).toBe('going');
    expect(decideRsvp(state({ maxAttendees: 2, goingCount: 1 }), 'going', NOW)).toBe('going');
  });

  it('needs a paid ticket for Going on a paid event', () => {
    const paid = { isFree: false, pricing: { general: { amount: 10, currency: 'usd' } } };
    expect(codeOf(() => decideRsvp(state(paid), 'going', NOW))).toBe('TICKET_REQUIRED');
    expect(decideRsvp(state(paid, { hasTicket: true }), 'going', NOW)).toBe('going');
    expect(decideRsvp(state(paid), 'maybe', NOW)).toBe('maybe');
  });
});

describe('isOpen (answers, sales and waitlist seats)', () => {
  it('is open only while active, not cancelled and not started', () => {
    expect(isOpen(event(), NOW)).toBe(true);
    expect(isOpen(event({ isActive: false }), NOW)).toBe(false);
    expect(isOpen(event({ cancelledAt: NOW }), NOW)).toBe(false);
    // Being cancelled (refunds under way) is closed already, even if an edit set it active.
    expect(isOpen(event({ cancelRequestedAt: NOW, isActive: true }), NOW)).toBe(false);
    expect(isOpen(event({ startsAt: new Date('2029-12-31T18:00:00Z') }), NOW)).toBe(false);
  });

  it('is open at the very millisecond the event starts, and closed one after', () => {
    expect(isOpen(event({ startsAt: NOW }), NOW)).toBe(true);
    expect(isOpen(event({ startsAt: NOW }), new Date(NOW.getTime() + 1))).toBe(false);
  });
});

describe('toIcs', () => {
  it('escapes text and folds long lines at 75 octets', () => {
    const ics = toIcs(
      event({ title: 'A, B; C', description: 'ሰላም '.repeat(40) }),
      'https://example.org/events/1',
      NOW,
    );
    expect(ics).toContain('SUMMARY:A\\, B\\; C');
    expect(ics).toContain('DTEND:20300201T200000Z');
    expect(ics).toContain('SEQUENCE:0');
    for (const line of ics.split('\r\n')) {
      expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
    }
  });
});
