import { setLanguage } from '@diaspora/i18n';
import { answer, json, newUser, recordRequests, signIn } from '@diaspora/test-support';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { AppProviders } from './AppProviders';
import { LanguagePicker } from './LanguagePicker';

const user = newUser({ name: 'Hanna', email: 'hanna@example.com' });

const renderPicker = () =>
  render(
    <AppProviders>
      <LanguagePicker />
    </AppProviders>,
  );

afterEach(() => setLanguage('en'));

describe('LanguagePicker', () => {
  it("keeps a signed-in member's choice on the profile, for their emails", async () => {
    signIn(user);
    answer.get('/api/auth/me', () => json(user));
    const saved: unknown[] = [];
    answer.put('/api/users/me/language', async ({ request }) => {
      const body = await request.json();
      saved.push(body);
      return json({ ...user, language: 'am' });
    });
    renderPicker();
    await userEvent.selectOptions(screen.getByLabelText('Language'), 'am');
    await waitFor(() => expect(saved).toEqual([{ language: 'am' }]));
    await waitFor(() =>
      expect(JSON.parse(localStorage.getItem('user') ?? '{}').language).toBe('am'),
    );
  });

  it('only changes the interface for guests', async () => {
    const sent = recordRequests();
    renderPicker();
    await userEvent.selectOptions(screen.getByLabelText('Language'), 'am');
    expect(document.documentElement.lang).toBe('am');
    expect(sent).toEqual([]);
  });
});
