import {
  answer,
  apiError,
  daysFromNow,
  json,
  newEvent,
  newUser,
  pageOf,
  recordRequests,
  signIn,
  type Event,
  type Overrides,
} from '@diaspora/test-support';
import { AppProviders } from '@diaspora/ui';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { formatTime12, isEventActive, venueLine } from './eventFormat';
import { EventDetailPage } from './EventDetailPage';
import { EventsPage } from './EventsPage';
import { PaymentDialog } from './PaymentDialog';

/** An active, free event five days ahead; overrides set what a test needs. */
const event = (overrides: Overrides<Event> = {}) =>
  newEvent({
    title: 'Coffee Evening',
    description: 'Buna',
    // 18:30 at a UTC venue, five days ahead (the API's wall-clock date and its instant agree).
    date: `${daysFromNow(5).slice(0, 10)}T18:30:00.000Z`,
    time: '18:30',
    location: { name: 'Hall', country: 'Canada', address: null, city: 'Toronto' },
    organizer: { name: 'Selam' },
    goingCount: 3,
    ...overrides,
  });

const paymentsOff = () =>
  answer.get('/api/payments/config', () => json({ enabled: false, publishableKey: null }));

const renderWithProviders = (ui: React.ReactNode) =>
  render(
    <MemoryRouter>
      <AppProviders>
        {/* A fresh cache per test: the shared one would answer from the previous test. */}
        <QueryClientProvider
          client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
        >
          {ui}
        </QueryClientProvider>
      </AppProviders>
    </MemoryRouter>,
  );

describe('event formatting', () => {
  it('shows 12-hour times', () => {
    expect(formatTime12('18:30')).toBe('6:30 PM');
    expect(formatTime12('00:05')).toBe('12:05 AM');
    expect(formatTime12('12:00')).toBe('12:00 PM');
  });

  it('names the venue, city and country, the country in the given language', () => {
    expect(venueLine(event())).toBe('Hall, Toronto, Canada');
    expect(venueLine(event(), (country) => `[${country}]`)).toBe('Hall, Toronto, [Canada]');
  });

  it('is active only when active and not past', () => {
    expect(isEventActive(event())).toBe(true);
    expect(isEventActive(event({ isActive: false }))).toBe(false);
    expect(isEventActive(event({ date: daysFromNow(-1) }))).toBe(false);
  });
});

describe('EventsPage', () => {
  it('shows cards with the guest RSVP prompt and the going count', async () => {
    answer.get('/api/events', () =>
      json(
        pageOf('events', [
          event(),
          event({ _id: 'e2', title: 'Old picnic', date: daysFromNow(-1) }),
        ]),
      ),
    );
    renderWithProviders(<EventsPage />);
    expect(await screen.findByText('Coffee Evening')).toBeInTheDocument();
    expect(screen.getAllByText('Please login to RSVP.')).toHaveLength(2);
    expect(screen.getAllByText('3 going')).toHaveLength(2);
    expect(screen.getByText('Old picnic')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Going' })).not.toBeInTheDocument();
  });

  it('gives members Going and Maybe on active events and the state text on others', async () => {
    const member = newUser({ name: 'Abebe' });
    signIn(member);
    answer.get('/api/auth/me', () => json(member));
    answer.get('/api/events', () =>
      json(
        pageOf('events', [
          event(),
          event({ _id: 'e2', title: 'Closed', isActive: false }),
          event({ _id: 'e3', title: 'Past', date: daysFromNow(-1) }),
        ]),
      ),
    );
    const rsvps: Array<{ body: unknown; authorization: string | null }> = [];
    answer.post('/api/events/:id/rsvp', async ({ request, params }) => {
      rsvps.push({
        body: await request.json(),
        authorization: request.headers.get('Authorization'),
      });
      return params.id === 'e1'
        ? json({ status: 'maybe', goingCount: 3, msg: 'You answered maybe' })
        : apiError(404, 'EVENT_NOT_FOUND', 'Event not found');
    });
    renderWithProviders(<EventsPage />);
    expect(await screen.findByRole('button', { name: 'Going' })).toBeInTheDocument();
    expect(screen.getByText('Event is no longer active')).toBeInTheDocument();
    expect(screen.getByText('Event has ended')).toBeInTheDocument();
    expect(screen.getAllByText('RSVP not available')).toHaveLength(2);
    await userEvent.click(screen.getByRole('button', { name: 'Maybe' }));
    await waitFor(() =>
      expect(rsvps).toEqual([{ body: { status: 'maybe' }, authorization: 'Bearer member-token' }]),
    );
  });

  it('opens on upcoming events only (the box ticked); unticked, it asks for all', async () => {
    answer.get('/api/events', () => json(pageOf('events', [])));
    const sent = recordRequests();
    renderWithProviders(<EventsPage />);
    const box = await screen.findByLabelText('Upcoming events only');
    expect(box).toBeChecked();
    await waitFor(() =>
      expect(sent.filter((line) => line.startsWith('GET /api/events?'))).toHaveLength(1),
    );
    expect(sent.find((line) => line.startsWith('GET /api/events?'))).toContain('upcoming=true');
    await userEvent.click(box);
    await waitFor(() =>
      expect(sent.filter((line) => line.startsWith('GET /api/events?'))).toHaveLength(2),
    );
    expect(sent.filter((line) => line.startsWith('GET /api/events?'))[1]).not.toContain('upcoming');
  });

  it('shows the empty state with the hint that fits the filters', async () => {
    answer.get('/api/events', () => json(pageOf('events', [])));
    renderWithProviders(<EventsPage />);
    expect(await screen.findByText('No events found')).toBeInTheDocument();
    expect(screen.getByText('Check back soon for upcoming events!')).toBeInTheDocument();
    await userEvent.click(screen.getByLabelText('Upcoming events only'));
    expect(await screen.findByText('Try adjusting your search criteria')).toBeInTheDocument();
  });
});

describe('PaymentDialog', () => {
  it('says Payment Not Available when payments are off', async () => {
    paymentsOff();
    renderWithProviders(
      <PaymentDialog
        event={event({ isFree: false, pricing: { general: { amount: 20, currency: 'usd' } } })}
        onClose={() => undefined}
        onSuccess={() => undefined}
      />,
    );
    expect(
      await screen.findByRole('heading', { name: 'Payment Not Available' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Payment processing is not configured. Please contact the administrator.'),
    ).toBeInTheDocument();
  });

  it('offers free registration for free events', async () => {
    paymentsOff();
    renderWithProviders(
      <PaymentDialog event={event()} onClose={() => undefined} onSuccess={() => undefined} />,
    );
    expect(screen.getByRole('heading', { name: 'Free Event Registration' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Register for Free' })).toBeInTheDocument();
  });

  it('reports missing event information', () => {
    paymentsOff();
    renderWithProviders(
      <PaymentDialog event={undefined} onClose={() => undefined} onSuccess={() => undefined} />,
    );
    expect(screen.getByText('Event information is missing.')).toBeInTheDocument();
  });
});

describe('EventDetailPage', () => {
  const renderDetail = (id: string) =>
    render(
      <MemoryRouter initialEntries={[`/events/${id}`]}>
        <AppProviders>
          <QueryClientProvider client={new QueryClient()}>
            <Routes>
              <Route path="/events/:id" element={<EventDetailPage />} />
            </Routes>
          </QueryClientProvider>
        </AppProviders>
      </MemoryRouter>,
    );

  it('shows Event Not Found with Back to Events for an unknown event', async () => {
    answer.get('/api/events/:id', () => apiError(404, 'EVENT_NOT_FOUND', 'Event not found'));
    renderDetail('00000000-0000-4000-8000-000000000000');
    expect(await screen.findByRole('heading', { name: 'Event Not Found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Events' })).toHaveAttribute('href', '/events');
  });

  it('does not ask the API about ids that cannot exist', async () => {
    const sent = recordRequests();
    renderDetail('not-an-id');
    expect(await screen.findByRole('heading', { name: 'Event Not Found' })).toBeInTheDocument();
    expect(sent.filter((line) => line.includes('/api/events/'))).toEqual([]);
  });

  it("shows the detail: pricing, Who's Going with +N more and the calendar link", async () => {
    // The API sends the first 10 names going; goingCount (12) says how many more there are.
    const attendees = Array.from({ length: 10 }, (_, i) => ({
      user: { _id: `u${i}`, name: `Member ${i}` },
      status: 'going',
    }));
    const id = '00000000-0000-4000-8000-000000000001';
    answer.get(`/api/events/${id}`, () =>
      json({
        ...event({
          _id: id,
          isFree: false,
          pricing: {
            general: { amount: 45, currency: 'usd' },
            vip: { amount: 90, currency: 'usd' },
          },
          goingCount: 12,
          time: '18:30',
        }),
        attendees,
      }),
    );
    // The page also records the view and shows the discussion.
    answer.post('/api/:type/:id/view', () => json({ views: 1 }));
    answer.get('/api/comments/:type/:id', () => json(pageOf('comments', [])));
    renderDetail('00000000-0000-4000-8000-000000000001');
    expect(
      await screen.findByRole('heading', { name: 'Coffee Evening', level: 1 }),
    ).toBeInTheDocument();
    expect(screen.getByText('6:30 PM UTC')).toBeInTheDocument();
    expect(screen.getByTestId('event-pricing')).toHaveTextContent('General $45.00 · VIP $90.00');
    expect(screen.getByText('Member 9')).toBeInTheDocument();
    expect(screen.queryByText('Member 10')).not.toBeInTheDocument();
    expect(screen.getByText('+2 more')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add to calendar' })).toHaveAttribute(
      'href',
      expect.stringContaining('/api/events/00000000-0000-4000-8000-000000000001/ics'),
    );
    // Guests get an RSVP button that leads to the login page.
    expect(screen.getByRole('button', { name: 'RSVP' })).toBeInTheDocument();
  });
});
