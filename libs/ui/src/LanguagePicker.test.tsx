import { accountApi, authApi, Language, MemberStatus, type User } from '@diaspora/api-client';
import { setLanguage } from '@diaspora/i18n';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from './AppProviders';
import { LanguagePicker } from './LanguagePicker';

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

const renderPicker = () =>
  render(
    <AppProviders>
      <LanguagePicker />
    </AppProviders>,
  );

afterEach(async () => {
  vi.restoreAllMocks();
  localStorage.clear();
  await setLanguage('en');
});

describe('LanguagePicker', () => {
  it("keeps a signed-in member's choice on the profile, for their emails", async () => {
    localStorage.setItem('token', 't');
    localStorage.setItem('user', JSON.stringify(user));
    vi.spyOn(authApi, 'me').mockResolvedValue(user);
    const save = vi
      .spyOn(accountApi, 'setLanguage')
      .mockResolvedValue({ ...user, language: Language.am });
    renderPicker();
    await userEvent.selectOptions(screen.getByLabelText('Language'), 'am');
    await waitFor(() => expect(save).toHaveBeenCalledWith('am'));
    await waitFor(() =>
      expect(JSON.parse(localStorage.getItem('user') ?? '{}').language).toBe('am'),
    );
  });

  it('only changes the interface for guests', async () => {
    const save = vi.spyOn(accountApi, 'setLanguage');
    renderPicker();
    await userEvent.selectOptions(screen.getByLabelText('Language'), 'am');
    expect(document.documentElement.lang).toBe('am');
    expect(save).not.toHaveBeenCalled();
  });
});
