import { setLanguage } from '@diaspora/i18n';
import type { EntryTicket } from '@diaspora/api-client';
import { answer, HttpResponse, json, newUser, signIn } from '@diaspora/test-support';
import { AppProviders } from '@diaspora/ui';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EntryTickets } from './EntryTickets';

const member = newUser({ _id: 'u1', name: 'Hanna', email: 'hanna@example.com' });

const gala: EntryTicket = {
  eventId: 'e1',
  eventTitle: 'Timket Gala',
  startsAt: '2030-01-19T23:30:00.000Z',
  time: '18:30',
  timeZone: 'America/Toronto',
  venueName: 'Community Hall',
  city: 'Toronto',
  country: 'Canada',
  holderName: 'Hanna',
  ticketType: 'vip' as EntryTicket['ticketType'],
  code: 'DT1.abc.def',
  checkedInAt: null,
};

const renderTickets = () =>
  render(
    <MemoryRouter>
      <AppProviders>
        <QueryClientProvider
          client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
        >
          <EntryTickets />
        </QueryClientProvider>
      </AppProviders>
    </MemoryRouter>,
  );

const signInAs = (user: typeof member) => {
  signIn(user);
  answer.get('/api/auth/me', () => json(user));
};

beforeEach(() => {
  localStorage.clear();
  signInAs(member);
});
afterEach(() => setLanguage('en'));

describe('EntryTickets', () => {
  it('shows each ticket as a QR code with the event, the name, the type and the venue time', async () => {
    answer.get('/api/tickets', () => json([gala]));
    renderTickets();
    const qr = await screen.findByRole('img', { name: 'QR code of your ticket to Timket Gala' });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    const item = within(screen.getByRole('listitem'));
    expect(item.getByRole('link', { name: 'Timket Gala' })).toHaveAttribute('href', '/events/e1');
    expect(item.getByText('Hanna')).toBeInTheDocument();
    expect(item.getByText('VIP')).toBeInTheDocument();
    // The venue's day and clock with its zone, whatever the reader's zone.
    expect(item.getByText('Saturday, January 19, 2030, 6:30 PM EST · Toronto')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Print tickets' })).toBeInTheDocument();
  });

  it('in Amharic', async () => {
    setLanguage('am');
    answer.get('/api/tickets', () => json([{ ...gala, checkedInAt: '2030-01-19T23:00:00Z' }]));
    renderTickets();
    expect(await screen.findByRole('img', { name: 'የTimket Gala ትኬትዎ QR ኮድ' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'የመግቢያ ትኬቶችዎ' })).toBeInTheDocument();
    expect(screen.getByText('ቪአይፒ')).toBeInTheDocument();
    expect(screen.getByText('ገብተዋል')).toBeInTheDocument();
  });

  it('offline, shows the tickets this device kept, and says so', async () => {
    answer.get('/api/tickets', () => json([gala]));
    const first = renderTickets();
    await screen.findByRole('img', { name: /Timket Gala/ });
    first.unmount();
    answer.get('/api/tickets', () => HttpResponse.error());
    renderTickets();
    expect(await screen.findByText(/You are offline/)).toBeInTheDocument();
    expect(await screen.findByRole('img', { name: /Timket Gala/ })).toBeInTheDocument();
  });

  it('offline, says so when the service worker answers with the copy it kept', async () => {
    // The worker answers the request (docs/adr/0071): the fetch succeeds, the browser is offline.
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    answer.get('/api/tickets', () => json([gala]));
    renderTickets();
    expect(await screen.findByText(/You are offline/)).toBeInTheDocument();
    expect(await screen.findByRole('img', { name: /Timket Gala/ })).toBeInTheDocument();
    vi.restoreAllMocks();
  });

  it("never shows another member's kept tickets", async () => {
    answer.get('/api/tickets', () => json([gala]));
    const first = renderTickets();
    await screen.findByRole('img', { name: /Timket Gala/ });
    first.unmount();
    signInAs(newUser({ _id: 'u2', name: 'Dawit' }));
    answer.get('/api/tickets', () => HttpResponse.error());
    renderTickets();
    expect(await screen.findByText(/could not be loaded/)).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /Timket Gala/ })).not.toBeInTheDocument();
  });

  it('says when there is none', async () => {
    answer.get('/api/tickets', () => json([]));
    renderTickets();
    expect(await screen.findByText(/You have no entry tickets/)).toBeInTheDocument();
  });
});
