import { answer, json, newUser } from '@diaspora/test-support';
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

/** Sara, signed in with this role, as /auth/me answers her. */
function signInAs(role: 'admin' | 'member') {
  const sara = newUser({ _id: '1', name: 'Sara', email: 's@example.com', role });
  // Only the token: the session then loads the member from /auth/me.
  localStorage.setItem('token', 't');
  answer.get('/api/auth/me', () => json(sara));
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
    const profile = renderAt('/profile');
    expect(await screen.findByRole('heading', { name: 'Portal profile' })).toBeInTheDocument();
    expect(screen.getByLabelText('path')).toHaveTextContent(/^\/profile$/);
    profile.unmount();

    renderAt('/admin');
    expect(await screen.findByRole('heading', { name: 'Portal home' })).toBeInTheDocument();
    expect(screen.getByLabelText('path')).toHaveTextContent(/^\/$/);
  });

  it('lets an admin into the admin console', async () => {
    signInAs('admin');
    renderAt('/admin');
    expect(await screen.findByRole('heading', { name: 'Admin console' })).toBeInTheDocument();
  });

  it("lets a member reach the console's door check-in (the API limits door staff to their event)", async () => {
    signInAs('member');
    renderAt('/admin/check-in/e1');
    expect(await screen.findByRole('heading', { name: 'Admin console' })).toBeInTheDocument();
    expect(screen.getByLabelText('path')).toHaveTextContent('/admin/check-in/e1');
  });
});
