import { answer, apiError, json, pageOf } from '@diaspora/test-support';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerEmptyDashboard } from '../../testing/emptyDashboard';
import { renderInConsole } from '../../testing/renderInConsole';
import { DashboardPage } from './DashboardPage';

const renderPage = () => renderInConsole(<DashboardPage />, { router: true });

/** The stat card's figure under its title. */
const card = (title: string) => screen.getByText(title, { selector: 'dt' }).nextElementSibling;

afterEach(() => vi.restoreAllMocks());

describe('dashboard counts', () => {
  it('shows the stat cards\' loading mark in the tabs until the counts arrive, never "(0)"', async () => {
    answerEmptyDashboard();
    let release = () => {};
    const answered = new Promise<void>((resolve) => {
      release = resolve;
    });
    answer.get('/api/users', async () => {
      await answered;
      return json(pageOf('users', []));
    });
    renderPage();
    // Everything else has arrived; the counts are shown together, once the users' is in too.
    expect(await screen.findByRole('tab', { name: 'Messages (0 new)' })).toBeInTheDocument();
    expect(card('Events')).toHaveTextContent('…');
    for (const tab of ['Events', 'Users', 'News', 'Directory']) {
      expect(screen.getByRole('tab', { name: `${tab} (…)` })).toBeInTheDocument();
    }
    expect(screen.getByRole('link', { name: 'Tutorials (…)' })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: /\(0\)/ })).toBeNull();

    release();
    expect(await screen.findByRole('tab', { name: 'Users (0)' })).toBeInTheDocument();
    expect(card('Users')).toHaveTextContent('0');
  });

  it('shows no made-up 0 for a count that failed, in the tabs or the cards', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    answerEmptyDashboard();
    answer.get('/api/users', () => json(pageOf('users', [])));
    answer.get('/api/events', () => apiError(500, 'INTERNAL_ERROR', 'boom'));
    answer.get('/api/contact/messages', () => apiError(500, 'INTERNAL_ERROR', 'boom'));
    renderPage();
    expect(await screen.findByRole('tab', { name: 'Users (0)' })).toBeInTheDocument();
    // Events failed: its tab shows no count, its card says it is not available.
    expect(screen.getByRole('tab', { name: 'Events' })).toBeInTheDocument();
    expect(card('Events')).toHaveTextContent('—Not available');
    expect(card('Events')).not.toHaveTextContent('0');
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Messages' })).toBeInTheDocument());
  });
});
