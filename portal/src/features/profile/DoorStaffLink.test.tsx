import { setLanguage } from '@diaspora/i18n';
import { answer, json } from '@diaspora/test-support';
import { AppProviders } from '@diaspora/ui';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { DoorStaffLink } from './DoorStaffLink';

const renderLink = () =>
  render(
    <MemoryRouter>
      <AppProviders>
        <QueryClientProvider
          client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
        >
          <DoorStaffLink />
        </QueryClientProvider>
      </AppProviders>
    </MemoryRouter>,
  );

afterEach(() => setLanguage('en'));

const gala = { id: 'e1', title: 'Timket Gala', startsAt: '', timeZone: 'UTC', cancelled: false };

describe('DoorStaffLink', () => {
  it("leads door staff to the console's check-in, naming their events", async () => {
    answer.get('/api/events/door-events', () => json([gala]));
    renderLink();
    expect(await screen.findByRole('link', { name: 'Open door check-in' })).toHaveAttribute(
      'href',
      '/admin/check-in',
    );
    expect(screen.getByText('You are door staff of: Timket Gala.')).toBeInTheDocument();
  });

  it('in Amharic', async () => {
    setLanguage('am');
    answer.get('/api/events/door-events', () => json([gala]));
    renderLink();
    expect(await screen.findByRole('link', { name: 'የመግቢያ ምዝገባን ይክፈቱ' })).toBeInTheDocument();
  });

  it('shows nothing to other members', async () => {
    let asked = false;
    answer.get('/api/events/door-events', () => {
      asked = true;
      return json([]);
    });
    const { container } = renderLink();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(asked).toBe(true);
    expect(container).toBeEmptyDOMElement();
  });
});
