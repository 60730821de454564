import {
  answer,
  bodiesSent,
  json,
  newEvent,
  newTicket,
  newUser,
  recordRequests,
  signIn,
  type Event,
  type Overrides,
} from '@diaspora/test-support';
import { AppProviders } from '@diaspora/ui';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { goingStep } from './eventFormat';
import { RsvpControls } from './RsvpControls';
import { RsvpPanel } from './RsvpPanel';
import type { EventDetail, EventSummary } from './useEvents';

const event = (overrides: Overrides<Event> = {}) =>
  newEvent({ title: 'Gala', description: 'Dinner', goingCount: 0, ...overrides });

/**
 * A signed-in member holding these tickets; the stand-in API answers only /auth/me and their
 * tickets, so nothing is posted silently.
 */
function serveMember(tickets = [newTicket({ eventId: 'another-event' })]) {
  const member = newUser({ name: 'Abebe' });
  signIn(member);
  answer.get('/api/auth/me', () => json(member));
  answer.get('/api/payments/tickets', () => json(tickets));
  return recordRequests();
}

const renderWith = (ui: React.ReactNode) =>
  render(
    <MemoryRouter>
      <AppProviders>
        <QueryClientProvider client={new QueryClient()}>{ui}</QueryClientProvider>
      </AppProviders>
    </MemoryRouter>,
  );

const renderControls = (value: EventSummary) => renderWith(<RsvpControls event={value} />);

/** A paid, priced event the member bought a ticket for and has since answered Maybe. */
const general = { amount: 10, currency: 'usd' };
const bought = (overrides: Overrides<Event> = {}) =>
  event({ _id: 'gala', isFree: false, pricing: { general }, userStatus: 'maybe', ...overrides });
const heldTicket = newTicket({ eventId: 'gala', status: 'paid' });

afterEach(() => vi.restoreAllMocks());

describe('goingStep', () => {
  it('answers free events and seats already held, pays for priced ones, refuses unpriced ones', () => {
    expect(goingStep(event())).toBe('answer');
    expect(goingStep(event({ isFree: false, userStatus: 'going' }))).toBe('answer');
    const general = { amount: 10, currency: 'usd' };
    expect(goingStep(event({ isFree: false, pricing: { general } }))).toBe('pay');
    expect(goingStep(event({ isFree: false, pricing: {} }))).toBe('noPricing');
  });

  it("answers a ticket holder's Going whatever their answer now: no second payment", () => {
    for (const userStatus of ['maybe', 'not going', 'waitlisted', null] as const) {
      expect(goingStep(bought({ userStatus }), true)).toBe('answer');
      expect(goingStep(bought({ userStatus }), false)).toBe('pay');
    }
  });
});

describe('RsvpControls', () => {
  it('tells a guest to log in and alerts on an RSVP attempt', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    renderControls(event());
    expect(screen.getByText('Please login to RSVP.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'RSVP' }));
    expect(alert).toHaveBeenCalledWith('Please login to RSVP to events.');
  });

  it('refuses Going on a paid event without pricing instead of opening the payment', async () => {
    const sent = serveMember();
    renderControls(event({ isFree: false, pricing: {} }));
    await userEvent.click(await screen.findByRole('button', { name: 'Going (Pay)' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Pricing information is not available for this event. Please contact the administrator.',
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(sent.filter((line) => !line.startsWith('GET '))).toEqual([]);
  });

  it('answers Going for a ticket holder who stepped back, without the payment dialog', async () => {
    serveMember([heldTicket]);
    const rsvps = bodiesSent('post', '/api/events/gala/rsvp', () =>
      json({ status: 'going', goingCount: 1, msg: 'You are going' }),
    );
    renderControls(bought());
    // Their seat is bought: the button no longer says (Pay).
    const going = await screen.findByRole('button', { name: 'Going' });
    await userEvent.click(going);
    await waitFor(() => expect(rsvps).toEqual([{ status: 'going' }]));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('still opens the payment for a member whose ticket for this event was refunded', async () => {
    serveMember([{ ...heldTicket, status: 'refunded' as typeof heldTicket.status }]);
    const rsvps = bodiesSent('post', '/api/events/gala/rsvp');
    answer.get('/api/payments/config', () => json({ enabled: false, publishableKey: null }));
    renderControls(bought());
    await userEvent.click(await screen.findByRole('button', { name: 'Going (Pay)' }));
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
    expect(rsvps).toEqual([]);
  });
});

describe('RsvpPanel', () => {
  it("answers a waiting ticket holder's Going as a plain RSVP on the detail page", async () => {
    serveMember([heldTicket]);
    const rsvps = bodiesSent('post', '/api/events/gala/rsvp', () =>
      json({ status: 'waitlisted', goingCount: 1, msg: 'This event is full.' }),
    );
    const detail = { ...bought({ userStatus: 'waitlisted' }), attendees: [] } as EventDetail;
    renderWith(<RsvpPanel event={detail} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Going' }));
    await waitFor(() => expect(rsvps).toEqual([{ status: 'going' }]));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
