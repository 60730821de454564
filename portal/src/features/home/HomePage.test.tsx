import { answer, json, pageOf, recordRequests } from '@diaspora/test-support';
import { AppProviders } from '@diaspora/ui';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { HomePage } from './HomePage';

vi.hoisted(() => {
  window.__APP_CONFIG__ = { apiOrigin: 'http://localhost' };
});

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

describe('HomePage for a guest', () => {
  it('shows every section, 4 event skeletons while loading, then the empty messages', async () => {
    const sent = recordRequests();
    // The events list answers only when the test says so, to see the skeletons first.
    let answerEvents: () => void = () => undefined;
    const eventsAnswered = new Promise<void>((resolve) => (answerEvents = resolve));
    answer.get('/api/events', async () => {
      await eventsAnswered;
      return json(pageOf('events', []));
    });
    answer.get('/api/news', () => json(pageOf('news', [])));
    answer.get('/api/team', () => json([]));
    answer.get('/api/stats', () =>
      json({ businesses: 12, upcomingEvents: 3, members: 2048, enrollments: 7 }),
    );
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
    await waitFor(() => expect(sent).toContain('GET /api/events?limit=4&upcoming=true'));
    answerEvents();
    expect(await screen.findByText(/No upcoming events at the moment/)).toBeInTheDocument();
    expect(await screen.findByText(/No news articles at the moment/)).toBeInTheDocument();
    // The stats band reads the public counts, not member-only lists.
    expect(await screen.findByTestId('stat-members')).toHaveTextContent('2,048');
    expect(sent).toContain('GET /api/stats');
    expect(sent).toContain('GET /api/events?limit=4&upcoming=true');
    expect(sent).toContain('GET /api/news?limit=4&featured=true');
    // A guest never calls a member-only or admin route.
    expect(sent.filter((line) => / \/api\/(auth|users|admin|contact)/.test(line))).toEqual([]);
  }, 20_000);
});
