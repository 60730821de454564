import { ErrorCode, type User } from '@diaspora/api-client';
import { setLanguage } from '@diaspora/i18n';
import { useSession } from '@diaspora/session';
import {
  answer,
  apiError,
  json,
  newUser,
  type Overrides,
  bodiesSent,
} from '@diaspora/test-support';
import { AppProviders } from '@diaspora/ui';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ProfilePage } from '../profile/ProfilePage';
import { EmailVerificationNotice } from './EmailVerificationNotice';

/** A signed-in member, by default one whose address is not yet confirmed; the profile's tickets are none. */
function serveMember(overrides: Overrides<User> = {}) {
  const member = newUser({
    name: 'Hanna',
    email: 'hanna@example.com',
    emailVerified: false,
    ...overrides,
  });
  answer.get('/api/auth/me', () => json(member));
  answer.get('/api/payments/tickets', () => json([]));
  answer.get('/api/tickets', () => json([]));
  answer.get('/api/events/door-events', () => json([]));
  return member;
}

/** Answers a POST with 202 and keeps each body it was sent (null when it had none). */
const accept = (path: string) => bodiesSent('post', path, () => json({ msg: 'Accepted' }, 202));

const renderProfile = () =>
  render(
    <MemoryRouter initialEntries={['/profile']}>
      <AppProviders>
        <Routes>
          <Route path="/profile" element={<ProfilePage />} />
          <Route path="/login" element={<h1>Sign in page</h1>} />
        </Routes>
      </AppProviders>
    </MemoryRouter>,
  );

beforeEach(() => localStorage.setItem('token', 'old'));
afterEach(() => vi.restoreAllMocks());

describe('profile: verification banner', () => {
  it('shows the banner with Resend until the address is confirmed', async () => {
    serveMember();
    const resend = accept('/api/auth/resend-verification');
    renderProfile();
    expect(await screen.findByText(/Please confirm your email address/)).toBeInTheDocument();
    expect(
      screen.getByRole('link', { name: 'Ask an admin to confirm your address' }),
    ).toHaveAttribute('href', '/contact');
    await userEvent.click(screen.getByRole('button', { name: 'Resend the link' }));
    // The button gives way to the confirmation, which takes its focus.
    expect(
      await screen.findByText('A new confirmation link is on its way to hanna@example.com.'),
    ).toHaveFocus();
    expect(resend).toHaveLength(1);
  });

  it('has no banner for a confirmed member', async () => {
    serveMember({ emailVerified: true });
    renderProfile();
    expect(await screen.findByRole('heading', { name: 'Sign-in and security' })).toBeVisible();
    expect(screen.queryByText(/Please confirm your email address/)).not.toBeInTheDocument();
  });
});

describe('profile: sign-in and security', () => {
  let member: User;
  beforeEach(() => {
    member = serveMember({ emailVerified: true });
  });

  it('changes the password with the current one and keeps the fresh token', async () => {
    const sent = bodiesSent('post', '/api/auth/change-password', (count) =>
      count === 1
        ? apiError(400, ErrorCode.CURRENT_PASSWORD_WRONG, 'Your current password is not correct')
        : json({ token: 'fresh', user: member }),
    );
    renderProfile();
    const form = within(await screen.findByRole('form', { name: 'Change password' }));
    const submit = form.getByRole('button', { name: 'Change password' });
    await userEvent.click(submit);
    // The current and the new password are both missing.
    expect(form.getAllByText('This field is required')).toHaveLength(2);
    expect(sent).toEqual([]);

    await userEvent.type(form.getByLabelText(/Current password/), 'wrong-one');
    await userEvent.type(form.getByLabelText(/^New password/), 'amber-meadow-compass');
    await userEvent.type(form.getByLabelText(/Confirm new password/), 'amber-meadow-compass');
    await userEvent.click(submit);
    expect(await screen.findByText('Your current password is not correct')).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBe('old');

    await userEvent.click(submit);
    expect(
      await screen.findByText(
        'Your password has been changed. Your other devices were signed out.',
      ),
    ).toBeInTheDocument();
    expect(sent).toEqual([
      { currentPassword: 'wrong-one', newPassword: 'amber-meadow-compass' },
      { currentPassword: 'wrong-one', newPassword: 'amber-meadow-compass' },
    ]);
    expect(localStorage.getItem('token')).toBe('fresh');
  });

  it('asks for a new address and says where the confirmation link went', async () => {
    const change = accept('/api/auth/change-email');
    renderProfile();
    const form = within(await screen.findByRole('form', { name: 'Change email address' }));
    await userEvent.type(form.getByLabelText(/New email address/), 'New@Example.org');
    await userEvent.type(form.getByLabelText(/Current password/), 'my-password');
    await userEvent.click(form.getByRole('button', { name: 'Send confirmation link' }));
    expect(
      await screen.findByText(/We sent a confirmation link to new@example.org/),
    ).toBeInTheDocument();
    expect(change).toEqual([{ currentPassword: 'my-password', newEmail: 'new@example.org' }]);
  });

  it('signs out of every device after confirming, then goes to sign-in', async () => {
    const signOut = accept('/api/auth/sign-out-everywhere');
    const confirm = vi
      .spyOn(window, 'confirm')
      .mockReturnValueOnce(false)
      .mockReturnValueOnce(true);
    renderProfile();
    const button = await screen.findByRole('button', { name: 'Sign out of all devices' });
    await userEvent.click(button);
    expect(signOut).toEqual([]);
    await userEvent.click(button);
    expect(await screen.findByRole('heading', { name: 'Sign in page' })).toBeInTheDocument();
    expect(confirm).toHaveBeenCalledWith('Sign out of every device, including this one?');
    expect(localStorage.getItem('token')).toBeNull();
    expect(signOut).toHaveLength(1);
  });
});

describe('EmailVerificationNotice (listing and enrolment forms)', () => {
  /** Shows who is signed in, so a test knows the session has loaded. */
  function SignedInAs() {
    const { user } = useSession();
    return <p>{user ? `Signed in as ${user.name}` : 'Loading'}</p>;
  }
  const renderNotice = () =>
    render(
      <MemoryRouter>
        <AppProviders>
          <EmailVerificationNotice />
          <SignedInAs />
        </AppProviders>
      </MemoryRouter>,
    );

  it('says why the form will be refused and offers the link again', async () => {
    serveMember();
    const resend = accept('/api/auth/resend-verification');
    renderNotice();
    expect(
      await screen.findByText(
        'Confirm your email address first — we sent a link to hanna@example.com. You need a confirmed address to submit a listing or enrol in a course.',
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('link', { name: 'Ask an admin to confirm your address' }),
    ).toHaveAttribute('href', '/contact');
    await userEvent.click(screen.getByRole('button', { name: 'Resend the link' }));
    await vi.waitFor(() => expect(resend).toHaveLength(1));
  });

  it('says it in Amharic, with the address and the way to an admin', async () => {
    await setLanguage('am');
    try {
      serveMember();
      renderNotice();
      expect(
        await screen.findByText(/^መጀመሪያ ኢሜይል አድራሻዎን ያረጋግጡ — ወደ hanna@example\.com ሊንክ ልከናል።/),
      ).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'አድራሻዎን እንዲያረጋግጥ አስተዳዳሪ ይጠይቁ' })).toHaveAttribute(
        'href',
        '/contact',
      );
    } finally {
      await setLanguage('en');
    }
  });

  it('stays away for a confirmed member', async () => {
    serveMember({ emailVerified: true });
    renderNotice();
    expect(await screen.findByText('Signed in as Hanna')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Resend the link' })).not.toBeInTheDocument();
  });
});
