import { navigation } from '@diaspora/api-client';
import { answer, json, newUser, pageOf } from '@diaspora/test-support';
import { AppProviders } from '@diaspora/ui';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { StandaloneRoutes } from './StandaloneRoutes';
import { answerEmptyDashboard } from './testing/emptyDashboard';

const admin = newUser({ _id: 'boss', name: 'Boss', email: 'admin@example.com', role: 'admin' });

/** The dashboard an admin lands on, with no members and nothing to review. */
function answerDashboard() {
  answerEmptyDashboard();
  answer.get('/api/users', () => json(pageOf('users', [])));
}

function Path() {
  return <output aria-label="path">{useLocation().pathname}</output>;
}

const renderStandalone = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <AppProviders>
        <StandaloneRoutes />
        <Path />
      </AppProviders>
    </MemoryRouter>,
  );

async function signIn(email: string, password: string) {
  await userEvent.type(await screen.findByLabelText(/Email address/), email);
  await userEvent.type(screen.getByLabelText(/Password/), password);
  await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

afterEach(() => vi.restoreAllMocks());

describe('standalone admin console', () => {
  it.each(['/', '/somewhere', '/admin/tutorials'])(
    'sends an anonymous visitor from %s to the sign-in page',
    async (path) => {
      renderStandalone(path);
      expect(
        await screen.findByRole('heading', { name: 'Sign in to your account' }),
      ).toBeInTheDocument();
      expect(screen.getByLabelText('path')).toHaveTextContent('/login');
      const header = screen.getByRole('banner');
      expect(within(header).getByText('Admin console')).toBeInTheDocument();
      expect(within(header).queryByRole('button', { name: 'Logout' })).not.toBeInTheDocument();
    },
  );

  it("titles the tab in the visitor's language", async () => {
    renderStandalone('/login');
    await screen.findByRole('heading', { name: 'Sign in to your account' });
    expect(document.title).toBe('Admin console · Ethiopian Diaspora Network');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'am');
    await waitFor(() => expect(document.title).toBe('የአስተዳዳሪ መቆጣጠሪያ · የኢትዮጵያ ዳያስፖራ መረብ'));
    await userEvent.selectOptions(screen.getByRole('combobox'), 'en');
    await waitFor(() => expect(document.title).toBe('Admin console · Ethiopian Diaspora Network'));
  });

  it("shows the signed-in admin's name in the header and signs out from there", async () => {
    localStorage.setItem('token', 'admin-token');
    answer.get('/api/auth/me', () => json(admin));
    answerDashboard();
    renderStandalone('/');
    expect(await screen.findByRole('heading', { name: 'Admin Dashboard' })).toBeInTheDocument();
    expect(screen.getByLabelText('path')).toHaveTextContent('/admin');
    const header = screen.getByRole('banner');
    expect(within(header).getByText('Signed in as Boss')).toBeInTheDocument();
    await userEvent.click(within(header).getByRole('button', { name: 'Logout' }));
    expect(localStorage.getItem('token')).toBeNull();
    expect(
      await screen.findByRole('heading', { name: 'Sign in to your account' }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('path')).toHaveTextContent('/login');
  });

  it('lets a signed-in member without admin rights sign out from the header', async () => {
    localStorage.setItem('token', 'member-token');
    answer.get('/api/auth/me', () => json({ ...admin, name: 'Abebe', role: 'member' }));
    renderStandalone('/admin');
    expect(
      await screen.findByText('You need admin privileges to access this page.'),
    ).toBeInTheDocument();
    await userEvent.click(
      within(screen.getByRole('banner')).getByRole('button', { name: 'Logout' }),
    );
    expect(localStorage.getItem('token')).toBeNull();
    expect(screen.getByLabelText('path')).toHaveTextContent('/login');
  });

  it('links to the public site on the API origin', async () => {
    renderStandalone('/login');
    expect(await screen.findByRole('link', { name: 'Open the site' })).toHaveAttribute(
      'href',
      'http://localhost/',
    );
  });

  it('signs an admin in and opens the dashboard', async () => {
    const logins: unknown[] = [];
    answer.post('/api/auth/login', async ({ request }) => {
      logins.push(await request.json());
      return json({ token: 'admin-token', user: admin });
    });
    answerDashboard();
    renderStandalone('/admin');
    await signIn('admin@example.com', 'admin-pass');
    expect(logins).toEqual([{ email: 'admin@example.com', password: 'admin-pass' }]);
    expect(await screen.findByRole('heading', { name: 'Admin Dashboard' })).toBeInTheDocument();
    expect(screen.getByLabelText('path')).toHaveTextContent('/admin');
    expect(localStorage.getItem('token')).toBe('admin-token');
  });

  it("shows the portal's login messages: required fields and the server's msg", async () => {
    // No code this console knows, so the server's own words are shown.
    answer.post('/api/auth/login', () =>
      json({ statusCode: 401, msg: 'Invalid email or password' }, 401),
    );
    renderStandalone('/login');
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    await signIn('admin@example.com', 'wrong');
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password');
    expect(screen.getByLabelText('path')).toHaveTextContent('/login');
  });

  it('lands on the sign-in page when the stored session answers 401', async () => {
    localStorage.setItem('token', 'expired');
    const toLogin = vi.spyOn(navigation, 'toLogin').mockImplementation(() => undefined);
    answer.get('/api/auth/me', () => json({ statusCode: 401, msg: 'Unauthorized' }, 401));
    renderStandalone('/admin');
    expect(
      await screen.findByRole('heading', { name: 'Sign in to your account' }),
    ).toBeInTheDocument();
    expect(toLogin).toHaveBeenCalled();
    expect(localStorage.getItem('token')).toBeNull();
    expect(screen.getByLabelText('path')).toHaveTextContent('/login');
  });
});
