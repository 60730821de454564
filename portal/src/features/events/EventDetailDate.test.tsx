import { i18n } from '@diaspora/i18n';
import { answer, json, newEvent, pageOf } from '@diaspora/test-support';
import { AppProviders } from '@diaspora/ui';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { EventDetailPage } from './EventDetailPage';

const id = '00000000-0000-4000-8000-000000000031';

describe("the event page's date in Amharic", () => {
  afterEach(() => i18n.changeLanguage('en'));

  it('shows the Ethiopian calendar date after a space, not glued to the year', async () => {
    await i18n.changeLanguage('am');
    answer.get(`/api/events/${id}`, () =>
      json({
        ...newEvent({ _id: id, title: 'Buna', date: '2027-01-01T00:00:00.000Z' }),
        attendees: [],
      }),
    );
    answer.post('/api/:type/:id/view', () => json({ views: 1 }));
    answer.get('/api/comments/:type/:id', () => json(pageOf('comments', [])));
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
    await screen.findByRole('heading', { name: 'Buna', level: 1 });
    const when = document.querySelector('.event-hero__when')?.textContent ?? '';
    // "… 2027 (23 ታኅሣሥ 2019) · …": the Gregorian date, a space, the Ethiopian one in brackets.
    expect(when).toMatch(/2027 \(\d+ \S+ 2019\)/);
  });
});
