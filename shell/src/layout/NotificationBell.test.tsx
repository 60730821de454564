import { loadNamespaces, setLanguage } from '@diaspora/i18n';
import { answer, bodiesSent, HttpResponse, json, newUser, pageOf } from '@diaspora/test-support';
import { AppProviders } from '@diaspora/ui';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NotificationBell } from './NotificationBell';
import { streamTiming } from './useNotificationFeed';

const reply = {
  _id: 'n1',
  kind: 'comment_reply',
  link: '/events/e1',
  targetGone: false,
  data: { actorName: 'Dawit', title: 'Reply Evening', excerpt: 'I am!' },
  read: false,
  createdAt: '2026-11-29T06:00:00.000Z',
};
const cancelled = {
  _id: 'n2',
  kind: 'event_cancelled',
  link: null,
  targetGone: true,
  data: { title: 'Called Off', refunded: true },
  read: true,
  createdAt: '2026-11-28T06:00:00.000Z',
};

function stream(unread: number) {
  answer.get(
    '/api/notifications/stream',
    () =>
      new HttpResponse(`event: unread\ndata: {"unread":${unread}}\n\n`, {
        headers: { 'Content-Type': 'text/event-stream' },
      }),
  );
}

const renderBell = () =>
  render(
    <MemoryRouter>
      <AppProviders>
        <p>
          <button type="button">Elsewhere</button>
        </p>
        <NotificationBell />
      </AppProviders>
    </MemoryRouter>,
  );

beforeEach(async () => {
  await loadNamespaces(['notifications']);
  streamTiming.delayMs = 0;
  localStorage.setItem('token', 't');
  answer.get('/api/auth/me', () => json(newUser()));
  answer.get('/api/notifications/unread-count', () => json({ unread: 0 }));
});
afterEach(() => setLanguage('en'));

describe('NotificationBell', () => {
  it('names its unread count from the stream and announces it', async () => {
    stream(4);
    renderBell();
    const bell = await screen.findByRole('button', { name: 'Notifications: 4 unread' });
    expect(bell).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('status')).toHaveTextContent('You have 4 unread notifications');
  });

  it('opens a panel of the latest notifications from the keyboard; Escape closes it and returns focus', async () => {
    stream(1);
    answer.get('/api/notifications', () =>
      json(pageOf('notifications', [reply, cancelled], { unread: 1 })),
    );
    const all = bodiesSent('post', '/api/notifications/read-all', () => json({ unread: 0 }));
    renderBell();
    const bell = await screen.findByRole('button', { name: 'Notifications: 1 unread' });
    await userEvent.click(bell);
    expect(bell).toHaveAttribute('aria-expanded', 'true');
    const panel = document.getElementById(bell.getAttribute('aria-controls') ?? '');
    expect(panel).not.toBeNull();
    const list = await screen.findByRole('list', { name: 'Notifications' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(
      within(first).getByRole('link', {
        name: 'Unread: Dawit replied to your comment on Reply Evening: “I am!”',
      }),
    ).toHaveAttribute('href', '/events/e1');
    expect(second).toHaveTextContent('Called Off was cancelled.');
    expect(second).toHaveTextContent('This item has since been deleted.');
    expect(second).toHaveTextContent('Your ticket was refunded in full.');
    expect(screen.getByRole('link', { name: 'See all notifications' })).toHaveAttribute(
      'href',
      '/notifications',
    );
    // Tab walks into the panel: the first notification, then the actions.
    await userEvent.tab();
    expect(within(first).getByRole('link')).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: 'Mark all read' }));
    await vi.waitFor(() => expect(all).toHaveLength(1));
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeInTheDocument();

    screen.getByRole('link', { name: 'See all notifications' }).focus();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('list', { name: 'Notifications' })).toBeNull();
    expect(bell).toHaveAttribute('aria-expanded', 'false');
    expect(bell).toHaveFocus();
  });

  it('closes on a click elsewhere, and speaks Amharic', async () => {
    await setLanguage('am');
    await loadNamespaces(['notifications']);
    stream(0);
    answer.get('/api/notifications', () => json(pageOf('notifications', [], { unread: 0 })));
    renderBell();
    const bell = await screen.findByRole('button', { name: 'ማሳወቂያዎች' });
    await userEvent.click(bell);
    expect(await screen.findByRole('link', { name: 'ሁሉንም ማሳወቂያዎች ይመልከቱ' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'ሁሉንም እንደተነበበ ምልክት አድርግ' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Elsewhere' }));
    expect(bell).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('link', { name: 'ሁሉንም ማሳወቂያዎች ይመልከቱ' })).toBeNull();
  });
});
