import { answer, apiError, json, recordRequests } from '@diaspora/test-support';
import { AppProviders } from '@diaspora/ui';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { StatsBand } from './StatsBand';

vi.hoisted(() => {
  window.__APP_CONFIG__ = { apiOrigin: 'http://localhost' };
});

const renderBand = () =>
  render(
    <AppProviders>
      <QueryClientProvider client={new QueryClient()}>
        <StatsBand />
      </QueryClientProvider>
    </AppProviders>,
  );

afterEach(() => vi.restoreAllMocks());

describe('StatsBand', () => {
  it('shows the real counts from GET /api/stats, formatted en-US', async () => {
    const sent = recordRequests();
    answer.get('/api/stats', () =>
      json({ businesses: 12, upcomingEvents: 3, members: 4821, enrollments: 0 }),
    );
    renderBand();
    expect(await screen.findByText('4,821')).toBeInTheDocument();
    expect(screen.getByTestId('stat-businesses')).toHaveTextContent('12');
    expect(screen.getByTestId('stat-upcomingEvents')).toHaveTextContent('3');
    expect(screen.getByTestId('stat-enrollments')).toHaveTextContent('0');
    expect(sent).toEqual(['GET /api/stats']);
  });

  it('shows zero counts and the placeholder 1250 members when the call fails', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    answer.get('/api/stats', () => apiError(503, 'SERVICE_UNAVAILABLE', 'down'));
    renderBand();
    expect(await screen.findByText('1,250')).toBeInTheDocument();
    expect(screen.getByTestId('stat-businesses')).toHaveTextContent('0');
    expect(screen.getByTestId('stat-upcomingEvents')).toHaveTextContent('0');
    expect(screen.getByTestId('stat-enrollments')).toHaveTextContent('0');
  });
});
