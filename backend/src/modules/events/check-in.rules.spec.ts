import { AdmissionState, decideAdmission } from './check-in.rules';

const state = (given: Partial<AdmissionState>): AdmissionState => ({
  event: { cancelledAt: null, cancelRequestedAt: null },
  answer: 'going',
  isFree: true,
  ticketStatuses: [],
  ...given,
});

describe('decideAdmission', () => {
  it('admits a member going to a free event, or to a paid one with a paid ticket', () => {
    expect(decideAdmission(state({}))).toBe('admit');
    expect(decideAdmission(state({ isFree: false, ticketStatuses: ['paid'] }))).toBe('admit');
    expect(decideAdmission(state({ isFree: false, ticketStatuses: ['refunded', 'paid'] }))).toBe(
      'admit',
    );
  });

  it('says why not: cancelled, refunded, disputed, not going', () => {
    const now = new Date();
    expect(decideAdmission(state({ event: { cancelledAt: now, cancelRequestedAt: now } }))).toBe(
      'event_cancelled',
    );
    expect(decideAdmission(state({ event: { cancelledAt: null, cancelRequestedAt: now } }))).toBe(
      'event_cancelled',
    );
    expect(
      decideAdmission(state({ answer: 'not going', isFree: false, ticketStatuses: ['refunded'] })),
    ).toBe('refunded');
    expect(
      decideAdmission(state({ answer: 'going', isFree: false, ticketStatuses: ['refunding'] })),
    ).toBe('refunded');
    expect(
      decideAdmission(state({ answer: 'not going', isFree: false, ticketStatuses: ['disputed'] })),
    ).toBe('disputed');
    expect(decideAdmission(state({ answer: 'not going' }))).toBe('not_going');
    expect(decideAdmission(state({ answer: 'waitlisted' }))).toBe('not_going');
    expect(decideAdmission(state({ answer: undefined, isFree: false }))).toBe('not_going');
  });
});
