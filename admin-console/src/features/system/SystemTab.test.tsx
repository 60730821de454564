import { answer, json, recordRequests } from '@diaspora/test-support';
import { setLanguage } from '@diaspora/i18n';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderInConsole } from '../../testing/renderInConsole';
import { SystemTab } from './SystemTab';

const apiReplica = {
  hostname: 'api-2',
  pid: 41,
  role: 'api',
  version: '0.1.0',
  commit: 'abc1234',
  nodeVersion: 'v24.15.0',
  startedAt: '2026-03-05T10:00:00.000Z',
  uptimeSeconds: 7200,
  rssBytes: 200 * 2 ** 20,
  heapUsedBytes: 80 * 2 ** 20,
  ready: true,
  reportedAt: '2026-03-05T12:00:00.000Z',
};
const worker = {
  ...apiReplica,
  hostname: 'worker-1',
  pid: 7,
  role: 'worker',
  ready: false,
  uptimeSeconds: 3 * 86400,
};

const state = (overrides: Record<string, unknown> = {}) => ({
  checkedAt: '2026-03-05T12:00:00.000Z',
  dependencies: [
    { name: 'database', status: 'up', driver: 'postgres', latencyMs: 3 },
    { name: 'redis', status: 'down', driver: 'bullmq', latencyMs: 2000 },
    { name: 'smtp', status: 'not_configured', driver: 'smtp', latencyMs: null },
    { name: 'objectStore', status: 'up', driver: 's3', latencyMs: 12 },
  ],
  queue: { driver: 'bullmq', waiting: 4, active: 1, delayed: 2, failed: 7 },
  outbox: { backlog: 1234, oldestAgeSeconds: 3 * 3600 + 12 * 60 },
  replica: apiReplica,
  replicas: [apiReplica, worker],
  ...overrides,
});

const row = (name: string) => screen.getByRole('rowheader', { name }).closest('tr') as HTMLElement;

const FAILED = '/api/admin/system/failed-emails';
const failedEmail = {
  _id: '6f1c2a4e-0000-4000-8000-000000000001',
  to: 'abebe@example.com',
  subject: 'Welcome to the community',
  template: 'welcome',
  error: 'Connection refused',
  errorCode: 'ESOCKET',
  attempts: 5,
  createdAt: '2026-03-05T11:00:00.000Z',
};
const failedList = (emails: unknown[]) => ({
  emails,
  total: emails.length,
  page: 1,
  totalPages: emails.length ? 1 : 0,
});

describe('SystemTab', () => {
  beforeEach(() => answer.get(FAILED, () => json(failedList([]))));
  afterEach(() => setLanguage('en'));

  it('lists failed emails and retries one from the keyboard, announcing the result', async () => {
    let failed = [failedEmail];
    answer.get('/api/admin/system', () => json(state()));
    answer.get(FAILED, () => json(failedList(failed)));
    const calls = recordRequests();
    answer.post(`${FAILED}/:id/retry`, () => {
      failed = [];
      return json({ _id: failedEmail._id, status: 'queued' });
    });
    renderInConsole(<SystemTab />);
    const table = await screen.findByRole('table', { name: 'Failed emails' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    expect(headers).toEqual(['Recipient', 'Email', 'Error', 'Attempts', 'Written', 'Action']);
    const emailRow = within(table)
      .getByRole('rowheader', { name: 'abebe@example.com' })
      .closest('tr') as HTMLElement;
    expect(emailRow).toHaveTextContent('Welcome to the community (welcome)');
    expect(emailRow).toHaveTextContent('Connection refused (ESOCKET)');
    expect(emailRow).toHaveTextContent('5');
    const retry = within(emailRow).getByRole('button', {
      name: 'Retry the email to abebe@example.com: Welcome to the community',
    });
    expect(retry).toHaveTextContent('Retry');
    retry.focus();
    await userEvent.keyboard('{Enter}');
    const panel = screen.getByRole('region', { name: 'Failed emails' });
    const status = within(panel).getByRole('status');
    expect(status).toHaveAttribute('aria-live', 'polite');
    await waitFor(() =>
      expect(status).toHaveTextContent(
        'The email to abebe@example.com is back in the outbox and will be sent shortly.',
      ),
    );
    expect(calls).toContain(`POST ${FAILED}/${failedEmail._id}/retry`);
    expect(await screen.findByText('No failed emails.')).toBeInTheDocument();
  });

  it("announces the server's reason when a retry is refused", async () => {
    answer.get('/api/admin/system', () => json(state()));
    answer.get(FAILED, () => json(failedList([failedEmail])));
    answer.post(`${FAILED}/:id/retry`, () =>
      json({ statusCode: 409, msg: 'x', code: 'EMAIL_NOT_FAILED' }, 409),
    );
    renderInConsole(<SystemTab />);
    await userEvent.click(await screen.findByRole('button', { name: /^Retry the email to/ }));
    await waitFor(() =>
      expect(
        within(screen.getByRole('region', { name: 'Failed emails' })).getByRole('status'),
      ).toHaveTextContent(
        'Only a failed email can be retried; this one has been sent or is waiting to be sent.',
      ),
    );
  });

  it('reads the failed emails in Amharic', async () => {
    answer.get('/api/admin/system', () => json(state()));
    answer.get(FAILED, () => json(failedList([failedEmail])));
    await setLanguage('am');
    renderInConsole(<SystemTab />);
    const table = await screen.findByRole('table', { name: 'ያልተላኩ ኢሜይሎች' });
    expect(within(table).getByRole('columnheader', { name: 'ተቀባይ' })).toBeInTheDocument();
    expect(within(table).getByRole('button', { name: /^ወደ abebe@example.com/ })).toHaveTextContent(
      'እንደገና ላክ',
    );
  });

  it('shows each service with its status, the queue, a late outbox and the replica', async () => {
    answer.get('/api/admin/system', () => json(state()));
    renderInConsole(<SystemTab />);
    await screen.findByRole('heading', { name: 'System' });
    expect(within(row('Database')).getByText('Working')).toBeInTheDocument();
    expect(within(row('Database')).getByText('3 ms')).toBeInTheDocument();
    expect(within(row('Redis (queue and cache)')).getByText('Not answering')).toBeInTheDocument();
    expect(within(row('Email server (SMTP)')).getByText('Not configured')).toBeInTheDocument();
    expect(within(row('File storage')).getByText('s3')).toBeInTheDocument();
    const queue = screen.getByRole('region', { name: 'Background jobs' });
    expect(within(queue).getByText('Failed').nextSibling).toHaveTextContent('7');
    const outbox = screen.getByRole('region', { name: 'Email outbox' });
    expect(within(outbox).getByText('1,234')).toBeInTheDocument();
    expect(within(outbox).getByText('3 h 12 min')).toBeInTheDocument();
    expect(within(outbox).getByText(/waited more than 15 minutes/)).toBeInTheDocument();
    // Every process that reported, the one that answered marked.
    const servers = screen.getByRole('table', { name: 'Servers' });
    const api = within(servers).getByRole('rowheader', { name: /api-2 \(process 41\)/ });
    expect(api).toHaveTextContent('answered this page');
    const apiRow = api.closest('tr') as HTMLElement;
    expect(apiRow).toHaveTextContent('API');
    expect(apiRow).toHaveTextContent('0.1.0 (abc1234) · Node.js v24.15.0');
    expect(apiRow).toHaveTextContent('200 MB / 80 MB');
    expect(apiRow).toHaveTextContent('(2 h 0 min)');
    const workerRow = within(servers)
      .getByRole('rowheader', { name: /worker-1 \(process 7\)/ })
      .closest('tr') as HTMLElement;
    expect(workerRow).not.toHaveTextContent('answered this page');
    expect(workerRow).toHaveTextContent('Background jobs');
    expect(workerRow).toHaveTextContent('(3 days)');
    expect(workerRow).toHaveTextContent('No (shutting down)');
  });

  it('says when the queue or outbox could not be read, and checks again on request', async () => {
    const calls = recordRequests();
    answer.get('/api/admin/system', () =>
      json(state({ queue: null, outbox: { backlog: 0, oldestAgeSeconds: null } })),
    );
    renderInConsole(<SystemTab />);
    expect(await screen.findByText('The job queue could not be read.')).toBeInTheDocument();
    expect(screen.getByText('None waiting')).toBeInTheDocument();
    expect(screen.queryByText(/waited more than 15 minutes/)).not.toBeInTheDocument();
    const asked = () => calls.filter((call) => call === 'GET /api/admin/system').length;
    const before = asked();
    await userEvent.click(screen.getByRole('button', { name: 'Check again' }));
    await waitFor(() => expect(asked()).toBe(before + 1));
  });

  it('reads in Amharic', async () => {
    answer.get('/api/admin/system', () => json(state()));
    await setLanguage('am');
    renderInConsole(<SystemTab />);
    expect(await screen.findByRole('heading', { name: 'ሥርዓት' })).toBeInTheDocument();
    expect(within(row('የመረጃ ቋት')).getByText('እየሠራ ነው')).toBeInTheDocument();
  });

  it('says so when the state cannot be loaded', async () => {
    answer.get('/api/admin/system', () => json({ statusCode: 500, msg: 'x' }, 500));
    renderInConsole(<SystemTab />);
    expect(await screen.findByText('The system state could not be loaded.')).toBeInTheDocument();
  });
});
