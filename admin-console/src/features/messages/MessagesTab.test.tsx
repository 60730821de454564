import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { answer, json, pageOf, recordRequests } from '@diaspora/test-support';
import { describe, expect, it } from 'vitest';
import { renderInConsole } from '../../testing/renderInConsole';
import { AuditLogTab } from '../audit/AuditLogTab';
import { MessagesTab } from './MessagesTab';

const message = (id: string, status: string, emailStatus: string | null) => ({
  _id: id,
  name: `Sender ${id}`,
  email: `${id}@example.org`,
  subject: `Subject ${id}`,
  message: `Body of ${id}`,
  status,
  emailStatus,
  createdAt: '2026-03-05T12:00:00.000Z',
  updatedAt: '2026-03-05T12:00:00.000Z',
});

describe('MessagesTab', () => {
  it('lists messages with their email status, marks an opened new one read, and filters', async () => {
    const calls = recordRequests();
    answer.get('/api/contact/messages', () =>
      json(
        pageOf(
          'messages',
          [message('m1', 'new', 'failed'), message('m2', 'handled', 'not_configured')],
          { unread: 1 },
        ),
      ),
    );
    answer.put('/api/contact/messages/:id/status', () => json(message('m1', 'read', 'failed')));
    renderInConsole(<MessagesTab />);
    const first = (await screen.findByText('Subject m1')).closest('li') as HTMLElement;
    expect(within(first).getByText('Email failed')).toBeInTheDocument();
    expect(within(first).getByText('New')).toBeInTheDocument();
    const second = screen.getByText('Subject m2').closest('li') as HTMLElement;
    expect(within(second).getByText('Email not configured')).toBeInTheDocument();

    await userEvent.click(screen.getByText('Subject m1'));
    expect(within(first).getByText('Body of m1')).toBeVisible();
    await waitFor(() =>
      expect(calls).toContain('PUT /api/contact/messages/m1/status {"status":"read"}'),
    );
    // Named with its message: the inbox holds many alike.
    await userEvent.click(
      within(first).getByRole('button', { name: 'Mark as handled Subject m1' }),
    );
    await waitFor(() =>
      expect(calls).toContain('PUT /api/contact/messages/m1/status {"status":"handled"}'),
    );
    expect(within(first).getByRole('link', { name: 'Reply by email Subject m1' })).toHaveAttribute(
      'href',
      'mailto:m1@example.org?subject=Re%3A%20Subject%20m1',
    );

    await userEvent.selectOptions(screen.getByLabelText('Show'), 'handled');
    await waitFor(() =>
      expect(calls).toContain('GET /api/contact/messages?page=1&limit=20&status=handled'),
    );
  });
});

describe('AuditLogTab', () => {
  it('shows who did what to whom, with the change in words', async () => {
    answer.get('/api/admin/audit', () =>
      json({
        entries: [
          {
            _id: 'a1',
            action: 'USER_ROLE_CHANGED',
            actor: { _id: 'me', name: 'Administrator' },
            targetType: 'user',
            targetId: 'u1',
            targetLabel: 'Abebe <abebe@example.com>',
            details: { from: 'member', to: 'admin' },
            createdAt: '2026-03-05T12:00:00.000Z',
          },
          {
            _id: 'a2',
            action: 'USER_BLOCKED',
            actor: { _id: 'me', name: 'Administrator' },
            targetType: 'user',
            targetId: 'u2',
            targetLabel: 'Tigist <tigist@example.com>',
            details: {},
            createdAt: '2026-03-05T11:00:00.000Z',
          },
        ],
        total: 2,
        page: 1,
        totalPages: 1,
      }),
    );
    renderInConsole(<AuditLogTab />);
    const role = await screen.findByRole('row', { name: /Abebe/ });
    expect(within(role).getByText('Changed role')).toBeInTheDocument();
    expect(within(role).getByText('Member → Admin')).toBeInTheDocument();
    const block = screen.getByRole('row', { name: /Tigist/ });
    expect(within(block).getByText('Blocked member')).toBeInTheDocument();
    expect(within(block).getByText('Administrator')).toBeInTheDocument();
  });
});
