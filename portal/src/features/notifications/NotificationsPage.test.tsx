import { loadNamespaces, setLanguage } from '@diaspora/i18n';
import { answer, bodiesSent, json, pageOf } from '@diaspora/test-support';
import { AppProviders } from '@diaspora/ui';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { NotificationPreferencesPage } from './NotificationPreferencesPage';
import { NotificationsPage } from './NotificationsPage';

const renderPage = (page: React.ReactNode) =>
  render(
    <MemoryRouter>
      <AppProviders>
        <QueryClientProvider
          client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
        >
          {page}
        </QueryClientProvider>
      </AppProviders>
    </MemoryRouter>,
  );

const reply = {
  _id: 'n1',
  kind: 'comment_reply',
  link: '/events/e1',
  targetGone: false,
  data: { actorName: 'Dawit', title: 'Reply Evening', excerpt: 'I am!' },
  read: false,
  createdAt: '2026-11-29T06:00:00.000Z',
};
const rejected = {
  _id: 'n2',
  kind: 'listing_rejected',
  link: null,
  targetGone: true,
  data: { title: 'Unclear Shop', reason: 'No address.' },
  read: true,
  createdAt: '2026-11-28T06:00:00.000Z',
};

beforeAll(() => loadNamespaces(['notifications']));
afterEach(() => setLanguage('en'));

describe('NotificationsPage', () => {
  it('lists each notification in words with its link, read state, reason and a deleted item', async () => {
    answer.get('/api/notifications', () =>
      json(pageOf('notifications', [reply, rejected], { unread: 1 })),
    );
    renderPage(<NotificationsPage />);
    const list = await screen.findByRole('list', { name: 'Notifications' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(
      within(first).getByRole('link', {
        name: 'Dawit replied to your comment on Reply Evening: “I am!”',
      }),
    ).toHaveAttribute('href', '/events/e1');
    expect(first).toHaveTextContent('Unread');
    expect(second).toHaveTextContent('Your listing Unclear Shop was not approved.');
    expect(second).toHaveTextContent('Reason: No address.');
    expect(second).toHaveTextContent('This item has since been deleted.');
    expect(within(second).queryByRole('link')).toBeNull();
  });

  it('marks one and all read', async () => {
    answer.get('/api/notifications', () => json(pageOf('notifications', [reply], { unread: 1 })));
    const one = bodiesSent('post', '/api/notifications/:id/read', () => json({ unread: 0 }));
    const all = bodiesSent('post', '/api/notifications/read-all', () => json({ unread: 0 }));
    renderPage(<NotificationsPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Mark as read' }));
    await userEvent.click(screen.getByRole('button', { name: 'Mark all read' }));
    await vi.waitFor(() => expect(one).toHaveLength(1));
    await vi.waitFor(() => expect(all).toHaveLength(1));
  });

  it('speaks Amharic', async () => {
    await setLanguage('am');
    await loadNamespaces(['notifications']);
    answer.get('/api/notifications', () => json(pageOf('notifications', [], { unread: 0 })));
    renderPage(<NotificationsPage />);
    expect(await screen.findByText('እስካሁን ምንም ማሳወቂያ የለም።')).toBeInTheDocument();
  });
});

describe('NotificationPreferencesPage', () => {
  it('saves a choice per kind; a transactional email cannot be turned off', async () => {
    answer.get('/api/notifications/preferences', () =>
      json({
        preferences: [
          { kind: 'comment_reply', inPage: true, email: 'immediately', emailLocked: false },
          { kind: 'event_cancelled', inPage: true, email: 'immediately', emailLocked: true },
        ],
        weeklyDigest: false,
      }),
    );
    const saved = bodiesSent('put', '/api/notifications/preferences', () =>
      json({ preferences: [], weeklyDigest: false }),
    );
    renderPage(<NotificationPreferencesPage />);
    const email = await screen.findByRole('combobox', {
      name: 'Email for: Replies to my comments',
    });
    expect(screen.queryByRole('combobox', { name: /Cancelled events/ })).toBeNull();
    expect(screen.getByText(/Always emailed/)).toBeInTheDocument();
    await userEvent.selectOptions(email, 'never');
    await userEvent.click(
      screen.getByRole('checkbox', { name: 'Show in the page: Replies to my comments' }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    await vi.waitFor(() =>
      expect(saved).toEqual([
        {
          preferences: [
            { kind: 'comment_reply', inPage: false, email: 'never' },
            { kind: 'event_cancelled', inPage: true, email: 'immediately' },
          ],
          weeklyDigest: false,
        },
      ]),
    );
    expect(await screen.findByRole('status')).toHaveTextContent('Your settings are saved.');
  });

  it('turns the weekly digest on, in Amharic too', async () => {
    await setLanguage('am');
    await loadNamespaces(['notifications']);
    answer.get('/api/notifications/preferences', () =>
      json({
        preferences: [
          { kind: 'comment_reply', inPage: true, email: 'immediately', emailLocked: false },
        ],
        weeklyDigest: false,
      }),
    );
    const saved = bodiesSent('put', '/api/notifications/preferences', () =>
      json({ preferences: [], weeklyDigest: true }),
    );
    renderPage(<NotificationPreferencesPage />);
    const weekly = await screen.findByRole('checkbox', { name: /ሳምንታዊ ማጠቃለያ በኢሜይል/ });
    expect(weekly).not.toBeChecked();
    expect(weekly).toHaveAccessibleDescription(/ሰኞ ከጠዋቱ 08:00/);
    await userEvent.click(weekly);
    await userEvent.click(screen.getByRole('button', { name: 'ቅንብሮቹን አስቀምጥ' }));
    await vi.waitFor(() =>
      expect(saved).toEqual([
        {
          preferences: [{ kind: 'comment_reply', inPage: true, email: 'immediately' }],
          weeklyDigest: true,
        },
      ]),
    );
  });
});
