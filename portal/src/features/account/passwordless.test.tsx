import { setLanguage } from '@diaspora/i18n';
import { answer, bodiesSent, json, newUser, signIn } from '@diaspora/test-support';
import { AppProviders } from '@diaspora/ui';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AccountDataPanel } from './AccountDataPanel';
import { ChangeEmailForm } from './ChangeEmailForm';
import { DeleteAccountPage } from './DeleteAccountPage';
import { SIGN_IN_METHODS_KEY } from './usePasswordless';

/** The page-wide query client outlives a test: each test's member is asked afresh. */
function ForgetSignInMethods() {
  const client = useQueryClient();
  useState(() => client.removeQueries({ queryKey: SIGN_IN_METHODS_KEY }));
  return null;
}

// Issue 37: a member who signed up through a provider has no password; the email change and the
// deletion are confirmed by a link emailed to the current address instead.

const member = newUser({ name: 'Almaz', email: 'almaz@example.com', emailVerified: true });

const renderAt = (entry: string, path: string, page: ReactNode) =>
  render(
    <MemoryRouter initialEntries={[entry]}>
      <AppProviders>
        <ForgetSignInMethods />
        <Routes>
          <Route path={path} element={page} />
          <Route path="/" element={<p>Home page</p>} />
        </Routes>
      </AppProviders>
    </MemoryRouter>,
  );

/** A provider is configured and the API says whether this member has a password. */
const serveMethods = (password: boolean) => {
  answer.get('/api/auth/oidc/providers', () =>
    json({ providers: [{ id: 'google', name: 'Google' }] }),
  );
  answer.get('/api/account/sign-in-methods', () => json({ password, identities: [] }));
};

beforeEach(() => {
  signIn(member);
  answer.get('/api/auth/me', () => json(member));
});
afterEach(async () => {
  await setLanguage('en');
  localStorage.clear();
});

describe('a member without a password', () => {
  it('changes the email with no password field and is told the link went to the current address', async () => {
    serveMethods(false);
    const sent = bodiesSent('post', '/api/auth/change-email', () => json({ msg: 'sent' }, 202));
    renderAt('/profile', '/profile', <ChangeEmailForm />);
    const form = within(await screen.findByRole('form', { name: 'Change email address' }));
    await userEvent.type(form.getByLabelText(/New email address/), 'new@example.org');
    expect(form.queryByLabelText(/Current password/)).toBeNull();
    await userEvent.click(form.getByRole('button', { name: 'Send confirmation link' }));
    expect(
      await screen.findByText(
        'We sent a link to your current address, almaz@example.com. Open it to move your account to new@example.org.',
      ),
    ).toBeInTheDocument();
    expect(sent).toEqual([{ newEmail: 'new@example.org' }]);
  });

  it('asks for the deletion link instead of a password, then says it was sent (in Amharic too)', async () => {
    serveMethods(false);
    const sent = bodiesSent('delete', '/api/users/me', () => json({ msg: 'sent' }, 202));
    renderAt('/profile', '/profile', <AccountDataPanel />);
    await userEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Delete your account?' }));
    expect(
      await dialog.findByText('Your account has no password: we will email you a link to confirm.'),
    ).toBeInTheDocument();
    expect(dialog.queryByLabelText(/Enter your password/)).toBeNull();
    await userEvent.click(dialog.getByRole('button', { name: 'Email me the link' }));
    expect(
      await dialog.findByText(
        'We sent a link to almaz@example.com. Open it within one hour to delete your account.',
      ),
    ).toBeInTheDocument();
    expect(dialog.queryByRole('button', { name: 'Email me the link' })).toBeNull();
    expect(sent).toEqual([{}]);
    // Nothing ended yet: the member is still signed in until the link is opened.
    expect(localStorage.getItem('token')).not.toBeNull();
    await setLanguage('am');
    expect(await dialog.findByText(/almaz@example.com/)).toHaveTextContent('ሊንክ ልከናል');
  });

  it('a member with a password still types it to delete', async () => {
    serveMethods(true);
    renderAt('/profile', '/profile', <AccountDataPanel />);
    await userEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    expect(await screen.findByLabelText(/Enter your password to confirm/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Email me the link' })).toBeNull();
  });

  it('the emailed link deletes the account and signs this browser out', async () => {
    const sent = bodiesSent('post', '/api/auth/confirm-account-deletion', () =>
      json({ msg: 'Your account has been deleted' }),
    );
    renderAt('/delete-account#token=abc123', '/delete-account', <DeleteAccountPage />);
    expect(await screen.findByText('Your account has been deleted.')).toBeInTheDocument();
    expect(sent).toEqual([{ token: 'abc123' }]);
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
    expect(localStorage.getItem('token')).toBeNull();
  });
});
