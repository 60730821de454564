import { authApi, type User } from '@diaspora/api-client';
import { AppProviders } from '@diaspora/ui';
import { render, screen } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppRoutes } from './AppRoutes';

function CurrentPath() {
  return <div aria-label="path">{useLocation().pathname}</div>;
}

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <AppProviders>
        <AppRoutes />
        <CurrentPath />
      </AppProviders>
    </MemoryRouter>,
  );
}

function signInAs(role: string) {
  localStorage.setItem('token', 't');
  vi.spyOn(authApi, 'me').mockResolvedValue({
    _id: '1',
    name: 'Sara',
    email: 's@example.com',
    role,
  } as User);
}

afterEach(() => vi.restoreAllMocks());

describe('route guards', () => {
  it('sends a guest on /profile to /login', async () => {
    renderAt('/profile');
    expect(await screen.findByRole('heading', { name: 'Portal login' })).toBeInTheDocument();
    expect(screen.getByLabelText('path')).toHaveTextContent('/login');
  });

  it('shows a spinner while the session loads', () => {
    signInAs('member');
    renderAt('/profile');
    expect(screen.getByRole('status')).toHaveTextContent('Loading');
    expect(screen.queryByRole('heading', { name: 'Portal profile' })).not.toBeInTheDocument();
  });

  it('lets a member open /profile but sends them from /admin to /', async () => {
    signInAs('member');
    renderAt('/admin');
    expect(await screen.findByRole('heading', { name: 'Portal home' })).toBeInTheDocument();
    expect(screen.getByLabelText('path')).toHaveTextContent(/^\/$/);
  });

  it('lets an admin into the admin console', async () => {
    signInAs('admin');
    renderAt('/admin');
    expect(await screen.findByRole('heading', { name: 'Admin console' })).toBeInTheDocument();
  });
});
