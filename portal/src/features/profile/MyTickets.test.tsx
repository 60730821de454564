import { setLanguage } from '@diaspora/i18n';
import { answer, HttpResponse, json, newTicket as ticket } from '@diaspora/test-support';
import { AppProviders } from '@diaspora/ui';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { MyTickets } from './MyTickets';

const renderTickets = () =>
  render(
    <MemoryRouter>
      <AppProviders>
        {/* A fresh cache per render: the shared one would keep the previous test's tickets. */}
        <QueryClientProvider
          client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
        >
          <MyTickets />
        </QueryClientProvider>
      </AppProviders>
    </MemoryRouter>,
  );

afterEach(() => setLanguage('en'));

describe('MyTickets', () => {
  it('lists each ticket with its event, type, price, date and state', async () => {
    answer.get('/api/payments/tickets', () =>
      json([
        ticket(),
        ticket({
          _id: 't2',
          eventId: 'e2',
          eventTitle: 'Book Club',
          ticketType: 'student',
          amount: 12.5,
          status: 'refunded',
          eventCancelled: true,
          eventDate: '2030-03-02T17:00:00.000Z',
        }),
        ticket({ _id: 't3', status: 'disputed', eventTitle: null, eventDate: null, eventId: '' }),
      ]),
    );
    renderTickets();
    const items = await screen.findAllByRole('listitem');
    expect(items).toHaveLength(3);
    const [gala, club, gone] = items.map((item) => within(item));
    expect(gala.getByRole('link', { name: 'Timket Gala' })).toHaveAttribute('href', '/events/e1');
    expect(gala.getByText('VIP')).toBeInTheDocument();
    expect(gala.getByText('$45.00')).toBeInTheDocument();
    expect(gala.getByText('Jan 19, 2030')).toBeInTheDocument();
    expect(gala.getByText('Paid')).toBeInTheDocument();
    expect(gala.queryByText('Event cancelled')).not.toBeInTheDocument();

    expect(club.getByText('Student')).toBeInTheDocument();
    expect(club.getByText('$12.50')).toBeInTheDocument();
    expect(club.getByText('Refunded')).toBeInTheDocument();
    expect(club.getByText('Event cancelled')).toBeInTheDocument();

    expect(gone.getByRole('heading', { name: 'Deleted event' })).toBeInTheDocument();
    expect(gone.getByText('Disputed')).toBeInTheDocument();
  });

  it('reads in Amharic', async () => {
    await setLanguage('am');
    answer.get('/api/payments/tickets', () =>
      json([ticket({ status: 'refunded', eventCancelled: true })]),
    );
    renderTickets();
    expect(await screen.findByRole('heading', { name: 'የእኔ ትኬቶች' })).toBeInTheDocument();
    expect(await screen.findByText('ገንዘቡ ተመልሷል')).toBeInTheDocument();
    expect(screen.getByText('ዝግጅቱ ተሰርዟል')).toBeInTheDocument();
    expect(screen.getByText('ቪአይፒ')).toBeInTheDocument();
  });

  it('says when there are none, and when they cannot be loaded', async () => {
    answer.get('/api/payments/tickets', () => json([]));
    const { unmount } = renderTickets();
    expect(await screen.findByText('You have no event tickets yet.')).toBeInTheDocument();
    unmount();
    answer.get('/api/payments/tickets', () => HttpResponse.error());
    renderTickets();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your tickets could not be loaded. Please try again later.',
    );
  });
});
