import { answer, json, pageOf, recordRequests } from '@diaspora/test-support';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderInConsole } from '../../testing/renderInConsole';
import { EmailsTab } from './EmailsTab';

const email = (id: string, overrides: Record<string, unknown> = {}) => ({
  _id: id,
  to: `${id}@example.org`,
  subject: `Subject ${id}`,
  template: 'welcome',
  language: 'en',
  status: 'not_configured',
  error: null,
  createdAt: '2026-03-05T12:00:00.000Z',
  sentAt: null,
  links: [],
  ...overrides,
});

describe('EmailsTab', () => {
  it('lists recorded emails with their status and marks the secret links', async () => {
    const calls = recordRequests();
    answer.get('/api/mail/messages', () =>
      json({
        ...pageOf('messages', [
          email('m1', {
            subject: 'Confirm your email address',
            template: 'emailVerification',
            links: [{ href: 'https://example.org/verify-email#token=abc', secret: true }],
          }),
          email('m2', {
            status: 'sent',
            links: [{ href: 'https://example.org/', secret: false }],
          }),
        ]),
        configured: false,
      }),
    );
    renderInConsole(<EmailsTab />);
    const secret = (await screen.findByText('Confirm your email address')).closest(
      'tr',
    ) as HTMLElement;
    expect(
      screen.getByText(/Email is not configured on this server \(SMTP_URL is unset\)/),
    ).toBeInTheDocument();
    expect(within(secret).getByText('m1@example.org')).toBeInTheDocument();
    expect(within(secret).getByText('Not sent (email not configured)')).toBeInTheDocument();
    expect(within(secret).getByText('Secret link')).toBeInTheDocument();
    expect(
      within(secret).getByRole('link', { name: 'https://example.org/verify-email#token=abc' }),
    ).toHaveAttribute('href', 'https://example.org/verify-email#token=abc');
    const plain = screen.getByText('Subject m2').closest('tr') as HTMLElement;
    expect(within(plain).getByText('Sent')).toBeInTheDocument();
    expect(within(plain).queryByText('Secret link')).not.toBeInTheDocument();
    expect(within(plain).getByRole('link', { name: 'https://example.org/' })).toBeInTheDocument();
    expect(calls).toContain('GET /api/mail/messages?page=1&limit=20');
  });

  it('says nothing about configuration when SMTP is configured', async () => {
    answer.get('/api/mail/messages', () =>
      json({ ...pageOf('messages', [email('m1', { status: 'sent' })]), configured: true }),
    );
    renderInConsole(<EmailsTab />);
    expect(await screen.findByText('Subject m1')).toBeInTheDocument();
    expect(screen.queryByText(/Email is not configured/)).not.toBeInTheDocument();
  });
});
