import {
  accountApi,
  ApiRequestError,
  authApi,
  ErrorCode,
  Language,
  MemberStatus,
  type User,
} from '@diaspora/api-client';
import { setLanguage } from '@diaspora/i18n';
import { AppProviders } from '@diaspora/ui';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AccountDataPanel } from './AccountDataPanel';

const user: User = {
  _id: 'u1',
  name: 'Hanna',
  email: 'hanna@example.com',
  status: MemberStatus.pending,
  language: Language.en,
  role: 'member',
  languages: [],
  skills: [],
  interests: [],
  socialLinks: {},
  emailVerified: true,
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
};

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
  localStorage.setItem('token', 't');
  localStorage.setItem('user', JSON.stringify(user));
  vi.spyOn(authApi, 'me').mockResolvedValue(user);
});
afterEach(async () => {
  vi.restoreAllMocks();
  localStorage.clear();
  await setLanguage('en');
});

describe('AccountDataPanel', () => {
  it('downloads the data file', async () => {
    const file = new Blob(['{"profile":{}}'], { type: 'application/json' });
    const exportData = vi.spyOn(accountApi, 'exportData').mockResolvedValue(file);
    const createUrl = vi.fn(() => 'blob:my-data');
    const revoke = vi.fn();
    Object.assign(URL, { createObjectURL: createUrl, revokeObjectURL: revoke });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderPanel();

    await userEvent.click(screen.getByRole('button', { name: 'Export my data' }));
    expect(await screen.findByText('Your data file has been downloaded.')).toBeInTheDocument();
    expect(exportData).toHaveBeenCalledOnce();
    expect(createUrl).toHaveBeenCalledWith(file);
    expect(click).toHaveBeenCalledOnce();
    expect(revoke).toHaveBeenCalledWith('blob:my-data');
  });

  it('says so when the export fails', async () => {
    vi.spyOn(accountApi, 'exportData').mockRejectedValue(new Error('offline'));
    renderPanel();
    await userEvent.click(screen.getByRole('button', { name: 'Export my data' }));
    expect(
      await screen.findByText('Your data could not be exported. Please try again.'),
    ).toBeInTheDocument();
  });

  it('confirms with the password from the keyboard, shows a wrong one, then signs out', async () => {
    const remove = vi
      .spyOn(accountApi, 'deleteAccount')
      .mockRejectedValueOnce(
        new ApiRequestError(400, {
          statusCode: 400,
          code: ErrorCode.ACCOUNT_PASSWORD_INCORRECT,
          msg: 'The password is not correct',
        }),
      )
      .mockResolvedValueOnce({ msg: 'Your account has been deleted' });
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
    expect(remove).not.toHaveBeenCalled();

    await userEvent.type(password, 'wrong-one{Enter}');
    expect(await screen.findByText('The password is not correct')).toBeInTheDocument();
    expect(password).toHaveAttribute('aria-invalid', 'true');

    await userEvent.clear(password);
    await userEvent.type(password, 'secret-123{Enter}');
    expect(await screen.findByText('Home page')).toBeInTheDocument();
    expect(remove).toHaveBeenLastCalledWith('secret-123');
    await waitFor(() => expect(localStorage.getItem('token')).toBeNull());
  });

  it('closes on Escape without deleting anything', async () => {
    const remove = vi.spyOn(accountApi, 'deleteAccount');
    renderPanel();
    await userEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(remove).not.toHaveBeenCalled();
  });

  it('speaks Amharic', async () => {
    await setLanguage('am');
    renderPanel();
    expect(screen.getByRole('button', { name: 'መረጃዬን ላክ' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'መለያዬን ሰርዝ' }));
    expect(screen.getByRole('dialog', { name: 'መለያዎን ይሰርዙ?' })).toBeInTheDocument();
  });
});
