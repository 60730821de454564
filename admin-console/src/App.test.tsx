import { authApi, usersApi, type User } from '@diaspora/api-client';
import { AppProviders } from '@diaspora/ui';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import App from './App';

const person = (name: string, role: string) =>
  ({
    _id: name,
    name,
    email: `${name}@example.com`,
    role,
    status: 'pending',
    country: 'Kenya',
    profession: 'Chef',
  }) as User;

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

afterEach(() => vi.restoreAllMocks());

describe('admin console', () => {
  it('turns non-admins away', async () => {
    localStorage.setItem('token', 't');
    vi.spyOn(authApi, 'me').mockResolvedValue(person('member', 'member'));
    renderAdmin();
    expect(
      await screen.findByText('You need admin privileges to access this page.'),
    ).toBeInTheDocument();
  });

  it('shows admins the dashboard and the Users tab with role badges', async () => {
    localStorage.setItem('token', 't');
    vi.spyOn(authApi, 'me').mockResolvedValue(person('boss', 'admin'));
    vi.spyOn(usersApi, 'list').mockResolvedValue({
      users: [person('boss', 'admin'), person('abebe', 'member')],
      total: 2,
      page: 1,
      totalPages: 1,
    });
    renderAdmin();
    expect(await screen.findByRole('heading', { name: 'Admin Dashboard' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Tutorials (0)' })).toHaveAttribute(
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
