import { answer, json, newUser } from '@diaspora/test-support';
import { AppProviders } from '@diaspora/ui';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TopBar } from './TopBar';

const renderTopBar = () =>
  render(
    <MemoryRouter>
      <AppProviders>
        <TopBar />
        <main>
          <a href="#content">The page</a>
        </main>
      </AppProviders>
    </MemoryRouter>,
  );

/** Sara, signed in with this role, as /auth/me answers her. */
function signInAs(role: 'admin' | 'member', profileComplete = true) {
  const sara = newUser({ _id: '1', name: 'Sara', email: 's@example.com', role, profileComplete });
  // Only the token: the session then loads the member from /auth/me.
  localStorage.setItem('token', 't');
  answer.get('/api/auth/me', () => json(sara));
}

afterEach(() => vi.restoreAllMocks());

describe('TopBar', () => {
  it('shows the sections and guest links', async () => {
    renderTopBar();
    for (const name of [
      'Home',
      'About',
      'Events',
      'News',
      'Directory',
      'Tutorials',
      'Join Us',
      'Contact',
    ]) {
      expect(screen.getByRole('link', { name })).toBeInTheDocument();
    }
    expect(await screen.findByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/register');
  });

  it('shows the Admin link to admins only', async () => {
    signInAs('admin');
    renderTopBar();
    await userEvent.click(await screen.findByRole('button', { name: 'Account menu for Sara' }));
    expect(screen.getByText('s@example.com')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Admin' })).toHaveAttribute('href', '/admin');
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
  });

  it("shows a member's notification bell once the profile is complete, not before", async () => {
    signInAs('member');
    const { unmount } = renderTopBar();
    expect(await screen.findByRole('button', { name: /^Notifications/ })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    unmount();
    // The API refuses such a member's notifications (PROFILE_INCOMPLETE): no bell asks for them.
    signInAs('member', false);
    renderTopBar();
    expect(await screen.findByRole('button', { name: 'Account menu for Sara' })).toBeVisible();
    expect(screen.queryByRole('button', { name: /^Notifications/ })).not.toBeInTheDocument();
  });

  it('switches the language and keeps the choice', async () => {
    renderTopBar();
    await userEvent.selectOptions(screen.getByLabelText('Language'), 'am');
    expect(await screen.findByRole('link', { name: 'መነሻ' })).toBeInTheDocument();
    expect(localStorage.getItem('language')).toBe('am');
    expect(document.documentElement.lang).toBe('am');
    await userEvent.selectOptions(screen.getByLabelText('ቋንቋ'), 'en');
  });

  it('closes the mobile menu with Escape and returns focus to its button', async () => {
    renderTopBar();
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await userEvent.tab();
    await userEvent.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
  });

  it('closes the account menu with Escape, keeping focus on its button and the mobile menu open', async () => {
    signInAs('member');
    renderTopBar();
    const mobileToggle = screen.getByRole('button', { name: 'Open menu' });
    await userEvent.click(mobileToggle);
    const account = await screen.findByRole('button', { name: 'Account menu for Sara' });
    await userEvent.click(account);
    await userEvent.tab();
    expect(screen.getByRole('link', { name: 'Profile' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('link', { name: 'Profile' })).not.toBeInTheDocument();
    expect(account).toHaveFocus();
    expect(mobileToggle).toHaveAttribute('aria-expanded', 'true');
  });

  it('closes the account menu when Tab leaves it', async () => {
    signInAs('member');
    renderTopBar();
    const account = await screen.findByRole('button', { name: 'Account menu for Sara' });
    await userEvent.click(account);
    expect(account).toHaveAttribute('aria-expanded', 'true');
    expect(account).not.toHaveAttribute('aria-haspopup');
    await userEvent.tab();
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Logout' })).toHaveFocus();
    await userEvent.tab();
    expect(account).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('button', { name: 'Logout' })).not.toBeInTheDocument();
  });
});
