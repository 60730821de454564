import { answer, HttpResponse, json, newUser } from '@diaspora/test-support';
import { AppProviders } from '@diaspora/ui';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { NotificationBell } from './NotificationBell';
import { streamTiming } from './useNotificationFeed';

describe('NotificationBell', () => {
  it('names its unread count from the stream, links to the page and announces it', async () => {
    streamTiming.delayMs = 0;
    localStorage.setItem('token', 't');
    answer.get('/api/auth/me', () => json(newUser()));
    answer.get('/api/notifications/unread-count', () => json({ unread: 0 }));
    answer.get(
      '/api/notifications/stream',
      () =>
        new HttpResponse('event: unread\ndata: {"unread":4}\n\n', {
          headers: { 'Content-Type': 'text/event-stream' },
        }),
    );
    render(
      <MemoryRouter>
        <AppProviders>
          <NotificationBell />
        </AppProviders>
      </MemoryRouter>,
    );
    const bell = await screen.findByRole('link', { name: 'Notifications: 4 unread' });
    expect(bell).toHaveAttribute('href', '/notifications');
    expect(screen.getByRole('status')).toHaveTextContent('You have 4 unread notifications');
  });
});
