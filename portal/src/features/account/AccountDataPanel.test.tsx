import { ErrorCode } from '@diaspora/api-client';
import { setLanguage } from '@diaspora/i18n';
import {
  answer,
  apiError,
  HttpResponse,
  json,
  newUser,
  signIn,
  bodiesSent,
  followFocusFixup,
} from '@diaspora/test-support';
import { AppProviders } from '@diaspora/ui';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AccountDataPanel } from './AccountDataPanel';

const user = newUser({ name: 'Hanna', email: 'hanna@example.com' });

/** DELETE /users/me answered in turn by `answers`; keeps each body it was sent. */
const serveDelete = (...answers: Array<() => Response>) =>
  bodiesSent('delete', '/api/users/me', (count) => answers[Math.min(count, answers.length) - 1]());

const renderPanel = () =>
  render(
    <MemoryRouter initialEntries={['/profile']}>
      <AppProviders>
        <Routes>
          <Route path="/profile" element={<AccountDataPanel />} />
          <Route path="/" element={<p>Home page</p>} />
        </Routes>
      </AppProviders>
    </MemoryRouter>,
  );

beforeEach(() => {
  signIn(user);
  answer.get('/api/auth/me', () => json(user));
});
afterEach(async () => {
  vi.restoreAllMocks();
  await setLanguage('en');
});

describe('AccountDataPanel', () => {
  it('downloads the data file', async () => {
    let exports = 0;
    answer.get('/api/users/me/export', () => {
      exports++;
      return HttpResponse.text('{"profile":{}}', {
        headers: { 'content-type': 'application/json' },
      });
    });
    const createUrl = vi.fn((file: Blob) => (file.size ? 'blob:my-data' : 'blob:empty'));
    const revoke = vi.fn();
    Object.assign(URL, { createObjectURL: createUrl, revokeObjectURL: revoke });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderPanel();

    await userEvent.click(screen.getByRole('button', { name: 'Export my data' }));
    expect(await screen.findByText('Your data file has been downloaded.')).toBeInTheDocument();
    expect(exports).toBe(1);
    expect(await createUrl.mock.calls[0][0].text()).toBe('{"profile":{}}');
    expect(click).toHaveBeenCalledOnce();
    expect(revoke).toHaveBeenCalledWith('blob:my-data');
  });

  it('says so when the export fails', async () => {
    answer.get('/api/users/me/export', () => HttpResponse.error());
    renderPanel();
    await userEvent.click(screen.getByRole('button', { name: 'Export my data' }));
    expect(
      await screen.findByText('Your data could not be exported. Please try again.'),
    ).toBeInTheDocument();
  });

  it('confirms with the password from the keyboard, shows a wrong one, then signs out', async () => {
    const remove = serveDelete(
      () => apiError(400, ErrorCode.ACCOUNT_PASSWORD_INCORRECT, 'The password is not correct'),
      () => json({ msg: 'Your account has been deleted' }),
    );
    renderPanel();

    await userEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete your account?' });
    expect(dialog).toHaveTextContent('Your comments stay, shown as by a deleted member.');
    const password = screen.getByLabelText(/Enter your password to confirm/);
    // Focus starts on the dialog's Close button; Tab reaches the password.
    await userEvent.tab();
    expect(password).toHaveFocus();

    await userEvent.keyboard('{Enter}');
    expect(await screen.findByText('Please enter your password')).toBeInTheDocument();
    expect(remove).toEqual([]);

    await userEvent.type(password, 'wrong-one');
    // From the button, busy while the call runs: the refusal brings focus back to the password,
    // read with its error.
    await userEvent.click(screen.getByRole('button', { name: 'Delete my account permanently' }));
    await waitFor(() => expect(password).toHaveFocus());
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(password).toHaveAccessibleDescription('The password is not correct');

    await userEvent.clear(password);
    await userEvent.type(password, 'secret-123{Enter}');
    expect(await screen.findByText('Home page')).toBeInTheDocument();
    expect(remove).toEqual([{ password: 'wrong-one' }, { password: 'secret-123' }]);
    await waitFor(() => expect(localStorage.getItem('token')).toBeNull());
  });

  it('keeps the focus on its button, in the dialog, while the deletion runs, and sends it once', async () => {
    followFocusFixup();
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const sent: unknown[] = [];
    answer.delete('/api/users/me', async ({ request }) => {
      sent.push(await request.json());
      await held;
      return apiError(400, ErrorCode.ACCOUNT_PASSWORD_INCORRECT, 'The password is not correct');
    });
    renderPanel();
    await userEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete your account?' });
    const password = screen.getByLabelText(/Enter your password to confirm/);
    await userEvent.type(password, 'secret-123');
    const confirm = within(dialog).getByRole('button', { name: 'Delete my account permanently' });

    await userEvent.click(confirm);
    await waitFor(() => expect(confirm).toHaveTextContent('Deleting…'));
    // Busy, not disabled: a disabled button drops the focus to the page's start, behind the dialog.
    expect(confirm).toHaveAttribute('aria-disabled', 'true');
    expect(confirm).toHaveFocus();
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    // A second press, from the keyboard or the mouse, or Enter in the field, sends nothing.
    await userEvent.keyboard('{Enter}');
    await userEvent.click(confirm);
    await userEvent.type(password, '{Enter}');

    release();
    await waitFor(() =>
      expect(password).toHaveAccessibleDescription('The password is not correct'),
    );
    expect(confirm).toHaveAttribute('aria-disabled', 'false');
    expect(sent).toEqual([{ password: 'secret-123' }]);
  });

  it('closes on Escape without deleting anything', async () => {
    const remove = serveDelete(() => json({ msg: 'Your account has been deleted' }));
    renderPanel();
    await userEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(remove).toEqual([]);
  });

  it('speaks Amharic', async () => {
    await setLanguage('am');
    renderPanel();
    expect(screen.getByRole('button', { name: 'መረጃዬን ላክ' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'መለያዬን ሰርዝ' }));
    expect(screen.getByRole('dialog', { name: 'መለያዎን ይሰርዙ?' })).toBeInTheDocument();
  });
});
