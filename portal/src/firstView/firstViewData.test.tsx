import { firstDataKey } from '@diaspora/api-client';
import { AppProviders } from '@diaspora/ui';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import App from '../App';
import { firstViewData, firstViewPaths } from './renderFirstView';

vi.hoisted(() => {
  window.__APP_CONFIG__ = { apiOrigin: 'http://localhost' };
});

const json = (body: unknown) =>
  new Response(JSON.stringify(body), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });

/** Empty answers of the shapes the public pages read. */
function answerEmpty(url: URL): Response {
  if (url.pathname === '/api/stats') {
    return json({ businesses: 0, upcomingEvents: 0, members: 0, enrollments: 0 });
  }
  const list = /^\/api\/(events|news|comments\/[^/]+\/[^/]+)$/.exec(url.pathname);
  if (list) {
    const key = list[1].startsWith('comments') ? 'comments' : list[1];
    return json({ [key]: [], total: 0, page: 1, totalPages: 0 });
  }
  return json([]);
}

afterEach(() => vi.restoreAllMocks());

describe('the API answers a first view names for the server to embed', () => {
  it('names answers only for patterns the first view renders', () => {
    for (const pattern of ['/', '/events', '/news']) {
      expect(firstViewPaths).toContain(pattern);
      expect(firstViewData(pattern).length, pattern).toBeGreaterThan(0);
    }
    expect(firstViewData('/login')).toEqual([]);
  });

  it.each(['/', '/events', '/news'])(
    "names GETs that %s sends for a guest, so the page's requests find them",
    async (pattern) => {
      const asked = new Set<string>();
      vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
        const url = new URL((input as Request).url);
        asked.add(firstDataKey(url.href));
        return answerEmpty(url);
      });
      render(
        <MemoryRouter initialEntries={[pattern]}>
          <AppProviders>
            <QueryClientProvider client={new QueryClient()}>
              <App />
            </QueryClientProvider>
          </AppProviders>
        </MemoryRouter>,
      );
      const named = firstViewData(pattern).map((data) => firstDataKey(data.url));
      await waitFor(() => expect([...asked]).toEqual(expect.arrayContaining(named)));
    },
  );
});
