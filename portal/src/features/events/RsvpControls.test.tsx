import {
  answer,
  json,
  newEvent,
  newUser,
  recordRequests,
  signIn,
  type Event,
  type Overrides,
} from '@diaspora/test-support';
import { AppProviders } from '@diaspora/ui';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { goingStep } from './eventFormat';
import { RsvpControls } from './RsvpControls';
import type { EventSummary } from './useEvents';

const event = (overrides: Overrides<Event> = {}) =>
  newEvent({ title: 'Gala', description: 'Dinner', goingCount: 0, ...overrides });

/** A signed-in member; the stand-in API answers only /auth/me, so nothing is posted silently. */
function serveMember() {
  const member = newUser({ name: 'Abebe' });
  signIn(member);
  answer.get('/api/auth/me', () => json(member));
  return recordRequests();
}

const renderControls = (value: EventSummary) =>
  render(
    <MemoryRouter>
      <AppProviders>
        <QueryClientProvider client={new QueryClient()}>
          <RsvpControls event={value} />
        </QueryClientProvider>
      </AppProviders>
    </MemoryRouter>,
  );

afterEach(() => vi.restoreAllMocks());

describe('goingStep', () => {
  it('answers free events and seats already held, pays for priced ones, refuses unpriced ones', () => {
    expect(goingStep(event())).toBe('answer');
    expect(goingStep(event({ isFree: false, userStatus: 'going' }))).toBe('answer');
    const general = { amount: 10, currency: 'usd' };
    expect(goingStep(event({ isFree: false, pricing: { general } }))).toBe('pay');
    expect(goingStep(event({ isFree: false, pricing: {} }))).toBe('noPricing');
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
    expect(sent).toEqual(['GET /api/auth/me']);
  });
});
