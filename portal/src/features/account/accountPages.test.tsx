import { ErrorCode } from '@diaspora/api-client';
import { answer, apiError, json, newUser, bodiesSent } from '@diaspora/test-support';
import { AppProviders } from '@diaspora/ui';
import { render, screen, waitFor } from '@testing-library/react';
import { HttpResponse } from 'msw';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { BrowserRouter, MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfirmEmailPage } from './ConfirmEmailPage';
import { ForgotPasswordPage } from './ForgotPasswordPage';
import { ResetPasswordPage } from './ResetPasswordPage';
import { VerifyEmailPage } from './VerifyEmailPage';

const renderAt = (entry: string, page: ReactNode, path: string) =>
  render(
    <MemoryRouter initialEntries={[entry]}>
      <AppProviders>
        <Routes>
          <Route path={path} element={page} />
          <Route path="/login" element={<h1>Sign in page</h1>} />
        </Routes>
      </AppProviders>
    </MemoryRouter>,
  );

/** The router's address, shown so a test can read what the page left in it. */
function Address() {
  const { pathname, search, hash } = useLocation();
  return <output aria-label="Address">{`${pathname}${search}${hash}`}</output>;
}

/** In a real browser history (jsdom's), as the shell's BrowserRouter runs the pages. */
const renderInBrowserAt = (entry: string, page: ReactNode, path: string) => {
  window.history.pushState(null, '', entry);
  return render(
    <BrowserRouter>
      <AppProviders>
        <Routes>
          <Route path={path} element={page} />
        </Routes>
        <Address />
      </AppProviders>
    </BrowserRouter>,
  );
};

afterEach(() => window.history.replaceState(null, '', '/'));

/** What the browser's address bar shows, past the origin. */
const addressBar = () => `${location.pathname}${location.search}${location.hash}`;

/** Types a good new password twice and sends it. */
async function setNewPassword() {
  await userEvent.type(screen.getByLabelText(/^New password/), 'amber-meadow-compass');
  await userEvent.type(screen.getByLabelText(/Confirm new password/), 'amber-meadow-compass');
  await userEvent.click(screen.getByRole('button', { name: 'Set new password' }));
}

const member = newUser({ name: 'Hanna', email: 'hanna@example.com', emailVerified: false });

/** Answers a POST with 202 and keeps each JSON body it was sent. */
const accept = (path: string) => bodiesSent('post', path, () => json({ msg: 'Accepted' }, 202));

describe('ForgotPasswordPage', () => {
  it('checks the address, then says a link is on its way whatever the answer', async () => {
    const forgot = accept('/api/auth/forgot-password');
    renderAt('/forgot-password', <ForgotPasswordPage />, '/forgot-password');
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    // The field to fix takes the focus and is read with its error (the error is no live region).
    const email = screen.getByLabelText(/Email address/);
    expect(email).toHaveFocus();
    expect(email).toHaveAccessibleDescription('This field is required');
    await userEvent.type(screen.getByLabelText(/Email address/), 'not-an-email');
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(forgot).toEqual([]);

    await userEvent.clear(screen.getByLabelText(/Email address/));
    await userEvent.type(screen.getByLabelText(/Email address/), ' hanna@example.com ');
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    const sent = await screen.findByRole('status');
    expect(sent).toHaveTextContent(
      /If an account exists for hanna@example.com, a password reset link/,
    );
    // The form gave way to the message: focus went with it, not to the page.
    expect(sent).toHaveFocus();
    expect(forgot).toEqual([{ email: 'hanna@example.com' }]);
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/login');
  });

  it('shows a rate limit in words, with the wait the server asks for', async () => {
    answer.post('/api/auth/forgot-password', () =>
      json(
        {
          statusCode: 429,
          msg: 'Too many attempts. Please try again in 45 seconds.',
          code: ErrorCode.RATE_LIMITED,
          retryAfter: 45,
        },
        429,
      ),
    );
    renderAt('/forgot-password', <ForgotPasswordPage />, '/forgot-password');
    await userEvent.type(screen.getByLabelText(/Email address/), 'hanna@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many attempts. Please try again in 45 seconds.',
    );
  });
});

describe('ResetPasswordPage', () => {
  it('sets the new password with the token from the link, then offers sign-in', async () => {
    const reset = accept('/api/auth/reset-password');
    renderAt('/reset-password#token=abc_123', <ResetPasswordPage />, '/reset-password');
    await userEvent.type(screen.getByLabelText(/^New password/), 'short');
    await userEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(screen.getByText('Password must be at least 8 characters')).toBeInTheDocument();

    await userEvent.clear(screen.getByLabelText(/^New password/));
    await userEvent.type(screen.getByLabelText(/^New password/), 'amber-meadow-compass');
    await userEvent.type(screen.getByLabelText(/Confirm new password/), 'amber-meadow-compasz');
    await userEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(screen.getByLabelText(/Confirm new password/)).toHaveFocus();
    expect(screen.getByLabelText(/Confirm new password/)).toHaveAccessibleDescription(
      'Passwords do not match',
    );
    expect(reset).toEqual([]);

    await userEvent.clear(screen.getByLabelText(/Confirm new password/));
    await userEvent.type(screen.getByLabelText(/Confirm new password/), 'amber-meadow-compass');
    await userEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByRole('status')).toHaveTextContent(/Your password has been changed/);
    expect(screen.getByRole('status')).toHaveFocus();
    expect(reset).toEqual([{ token: 'abc_123', password: 'amber-meadow-compass' }]);
    await userEvent.click(screen.getByRole('link', { name: 'Sign in' }));
    expect(screen.getByRole('heading', { name: 'Sign in page' })).toBeInTheDocument();
  });

  it('takes the token out of the address bar, keeping it for the form', async () => {
    const reset = accept('/api/auth/reset-password');
    const entries = window.history.length;
    renderInBrowserAt(
      '/reset-password?lang=am#token=abc_123',
      <ResetPasswordPage />,
      '/reset-password',
    );
    await waitFor(() => expect(addressBar()).toBe('/reset-password?lang=am'));
    expect(screen.getByRole('status', { name: 'Address' })).toHaveTextContent(
      /^\/reset-password\?lang=am$/,
    );
    // The entry was replaced, not added to: Back does not lead to the token either.
    expect(window.history.length).toBe(entries + 1);
    await setNewPassword();
    expect(await screen.findByText(/Your password has been changed/)).toBeInTheDocument();
    expect(reset).toEqual([{ token: 'abc_123', password: 'amber-meadow-compass' }]);
  });

  it('still reads the token from the query of a link sent before the fragment, and clears it', async () => {
    const reset = accept('/api/auth/reset-password');
    renderInBrowserAt('/reset-password?token=legacy_1', <ResetPasswordPage />, '/reset-password');
    await waitFor(() => expect(addressBar()).toBe('/reset-password'));
    await setNewPassword();
    expect(await screen.findByText(/Your password has been changed/)).toBeInTheDocument();
    expect(reset).toEqual([{ token: 'legacy_1', password: 'amber-meadow-compass' }]);
  });

  it('says an expired link needs a new one', async () => {
    answer.post('/api/auth/reset-password', () =>
      apiError(400, ErrorCode.RESET_LINK_INVALID, 'expired'),
    );
    renderAt('/reset-password?token=old', <ResetPasswordPage />, '/reset-password');
    await userEvent.type(screen.getByLabelText(/^New password/), 'amber-meadow-compass');
    await userEvent.type(screen.getByLabelText(/Confirm new password/), 'amber-meadow-compass');
    await userEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This password reset link is invalid or has expired. Please ask for a new one.',
    );
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
  });

  it('explains a link without its token', () => {
    renderAt('/reset-password', <ResetPasswordPage />, '/reset-password');
    expect(screen.getByRole('alert')).toHaveTextContent(/This reset link is incomplete/);
    expect(screen.queryByRole('button', { name: 'Set new password' })).not.toBeInTheDocument();
  });
});

describe('VerifyEmailPage', () => {
  it('confirms the address once on arrival and refreshes the signed-in member', async () => {
    localStorage.setItem('token', 't');
    let verified = false;
    let readAfterConfirming = 0;
    answer.get('/api/auth/me', () => {
      if (verified) readAfterConfirming++;
      return json({ ...member, emailVerified: verified });
    });
    const verify = bodiesSent('post', '/api/auth/verify-email', () => {
      verified = true;
      return json({ msg: 'Confirmed' });
    });
    renderAt('/verify-email#token=v1', <VerifyEmailPage />, '/verify-email');
    expect(
      await screen.findByText('Thank you: your email address is confirmed.'),
    ).toBeInTheDocument();
    expect(verify).toEqual([{ token: 'v1' }]);
    // The signed-in member is read again once confirmed.
    await waitFor(() => expect(readAfterConfirming).toBeGreaterThan(0));
    expect(screen.getByRole('link', { name: 'Go to my profile' })).toHaveAttribute(
      'href',
      '/profile',
    );
  });

  it('says when the link is used up', async () => {
    answer.post('/api/auth/verify-email', () =>
      apiError(400, ErrorCode.EMAIL_LINK_INVALID, 'used'),
    );
    renderAt('/verify-email?token=v1', <VerifyEmailPage />, '/verify-email');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This link is invalid, has already been used or has expired.',
    );
  });

  it.each([
    ['cannot be reached', () => HttpResponse.error()],
    [
      'answers 502 from its proxy',
      () => new HttpResponse('<html>Bad Gateway</html>', { status: 502 }),
    ],
  ])('does not call the link invalid when the site %s, and tries it again', async (_case, fail) => {
    answer.post('/api/auth/verify-email', fail);
    renderInBrowserAt('/verify-email#token=v1', <VerifyEmailPage />, '/verify-email');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The link could not be checked: the site cannot be reached.',
    );
    expect(screen.getByRole('alert')).not.toHaveTextContent('invalid');
    // The address no longer has the token: "Try again" sends the one the page kept.
    expect(addressBar()).toBe('/verify-email');
    const verify = bodiesSent('post', '/api/auth/verify-email', () => json({ msg: 'Confirmed' }));
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByText('Thank you: your email address is confirmed.'),
    ).toBeInTheDocument();
    expect(verify).toEqual([{ token: 'v1' }]);
  });
});

describe('ConfirmEmailPage', () => {
  it('moves the account and keeps the fresh session the answer carries', async () => {
    answer.post('/api/auth/confirm-email-change', () =>
      json({ token: 'fresh', user: { ...member, email: 'new@example.org', emailVerified: true } }),
    );
    renderAt('/confirm-email#token=c1', <ConfirmEmailPage />, '/confirm-email');
    expect(
      await screen.findByText(/Your email address is now new@example.org/),
    ).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBe('fresh');
  });
});
