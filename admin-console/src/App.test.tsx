import { answer, json, newUser, pageOf } from '@diaspora/test-support';
import { AppProviders } from '@diaspora/ui';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import App from './App';
import { answerEmptyDashboard } from './testing/emptyDashboard';

const person = (name: string, role: 'admin' | 'member') =>
  newUser({
    _id: name,
    name,
    email: `${name}@example.com`,
    role,
    status: 'pending',
    approvedAt: null,
    country: 'Kenya',
    profession: 'Chef',
  });

const renderAdmin = () =>
  render(
    <MemoryRouter initialEntries={['/admin']}>
      <AppProviders>
        <Routes>
          <Route path="/admin/*" element={<App />} />
        </Routes>
      </AppProviders>
    </MemoryRouter>,
  );

describe('admin console', () => {
  it('turns non-admins away', async () => {
    localStorage.setItem('token', 't');
    answer.get('/api/auth/me', () => json(person('member', 'member')));
    renderAdmin();
    expect(
      await screen.findByText('You need admin privileges to access this page.'),
    ).toBeInTheDocument();
  });

  it('shows admins the dashboard and the Users tab with role badges', async () => {
    localStorage.setItem('token', 't');
    answer.get('/api/auth/me', () => json(person('boss', 'admin')));
    answerEmptyDashboard();
    answer.get('/api/users', () =>
      json(
        pageOf(
          'users',
          [person('boss', 'admin'), person('abebe', 'member')].map((user) => ({
            ...user,
            signInMethods: ['password'],
          })),
        ),
      ),
    );
    renderAdmin();
    expect(await screen.findByRole('heading', { name: 'Admin Dashboard' })).toBeInTheDocument();
    // The counts arrive together; until then the tabs show the stat cards' loading mark.
    expect(await screen.findByRole('link', { name: 'Tutorials (0)' })).toHaveAttribute(
      'href',
      '/admin/tutorials',
    );
    await userEvent.click(await screen.findByRole('tab', { name: 'Users (2)' }));
    const rows = screen.getAllByRole('row');
    expect(within(rows[1]).getByText('Admin', { selector: '.badge' })).toBeInTheDocument();
    expect(within(rows[1]).queryByRole('button', { name: /^Approve/ })).not.toBeInTheDocument();
    expect(within(rows[2]).getByText('Member', { selector: '.badge' })).toBeInTheDocument();
    expect(within(rows[2]).getByRole('button', { name: 'Approve abebe' })).toBeInTheDocument();
  });
});
