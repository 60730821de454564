import { AppProviders } from '@diaspora/ui';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HomePage } from './HomePage';

vi.hoisted(() => {
  window.__APP_CONFIG__ = { apiOrigin: 'http://localhost' };
});

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const renderHome = () =>
  render(
    <MemoryRouter>
      <AppProviders>
        <QueryClientProvider client={new QueryClient()}>
          <HomePage />
        </QueryClientProvider>
      </AppProviders>
    </MemoryRouter>,
  );

afterEach(() => vi.restoreAllMocks());

describe('HomePage for a guest', () => {
  it('shows every section, 4 event skeletons while loading, then the empty messages', async () => {
    const asked: string[] = [];
    let answerEvents: (response: Response) => void = () => undefined;
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      const url = new URL((input as Request).url);
      asked.push(`${url.pathname}${url.search}`);
      if (url.pathname === '/api/events') {
        return new Promise<Response>((resolve) => (answerEvents = resolve));
      }
      if (url.pathname === '/api/news') {
        return json({ news: [], total: 0, page: 1, totalPages: 0 });
      }
      if (url.pathname === '/api/stats') {
        return json({ businesses: 12, upcomingEvents: 3, members: 2048, enrollments: 7 });
      }
      return json([], 200);
    });
    renderHome();
    expect(
      screen.getByRole('heading', {
        level: 1,
        name: 'Connecting Ethiopian professionals around the world',
      }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Join the Community' })).toHaveAttribute(
      'href',
      '/join',
    );
    expect(screen.getByRole('link', { name: 'Start Learning' })).toHaveAttribute(
      'href',
      '/tutorials',
    );
    for (const title of [
      'What you can do here',
      'Upcoming events',
      'Latest news',
      'Featured courses',
      'Words that inspire us',
      'Be part of the network',
    ]) {
      expect(screen.getByRole('heading', { level: 2, name: title })).toBeInTheDocument();
    }
    expect(screen.getByText(/Mathematics for grades 5-12/)).toBeInTheDocument();
    expect(screen.getByText(/English for grades 5-12/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Full-Stack Web Development' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Join Now' })).toHaveAttribute('href', '/register');
    expect(screen.getAllByTestId('event-skeleton')).toHaveLength(4);

    // The request leaves a moment after the skeletons show; answer it once it has.
    await waitFor(() => expect(asked).toContain('/api/events?limit=4&upcoming=true'));
    answerEvents(json({ events: [], total: 0, page: 1, totalPages: 0 }));
    expect(await screen.findByText(/No upcoming events at the moment/)).toBeInTheDocument();
    expect(await screen.findByText(/No news articles at the moment/)).toBeInTheDocument();
    // The stats band reads the public counts, not member-only lists.
    expect(await screen.findByTestId('stat-members')).toHaveTextContent('2,048');
    expect(asked).toContain('/api/stats');
    expect(asked).toContain('/api/events?limit=4&upcoming=true');
    expect(asked).toContain('/api/news?limit=4&featured=true');
    // A guest never calls a member-only or admin route.
    expect(asked.filter((path) => /^\/api\/(auth|users|admin|contact)/.test(path))).toEqual([]);
  }, 20_000);
});
