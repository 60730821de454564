import { setLanguage } from '@diaspora/i18n';
import { bodiesSent, json, newUser } from '@diaspora/test-support';
import { AppProviders } from '@diaspora/ui';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { RegisterPage } from './RegisterPage';

/** Answers the registration like the API and keeps each body the page sent. */
const serveRegister = () =>
  bodiesSent('post', '/api/auth/register', () =>
    json({ token: 't', user: newUser({ name: 'Abebe' }) }, 201),
  );

const renderRegister = () =>
  render(
    <MemoryRouter initialEntries={['/register']}>
      <AppProviders>
        <Routes>
          <Route path="/register" element={<RegisterPage />} />
          <Route path="/" element={<h1>Home</h1>} />
        </Routes>
      </AppProviders>
    </MemoryRouter>,
  );

afterEach(() => setLanguage('en'));

describe('RegisterPage', () => {
  it('validates, then sends the registration without the confirmation', async () => {
    const sent = serveRegister();
    renderRegister();
    expect(screen.getByRole('heading', { name: 'Join our community' })).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/Full name/), 'Abebe');
    await userEvent.type(screen.getByLabelText(/Email address/), 'abebe@example.com');
    await userEvent.type(screen.getByLabelText(/^Password/), '1234567');
    await userEvent.type(screen.getByLabelText(/Confirm password/), '12346');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(screen.getByText('Password must be at least 8 characters')).toBeInTheDocument();
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
    // Focus moves up to the first field to fix.
    expect(screen.getByLabelText(/^Password/)).toHaveFocus();
    expect(sent).toEqual([]);

    await userEvent.type(screen.getByLabelText(/^Password/), '8');
    await userEvent.clear(screen.getByLabelText(/Confirm password/));
    await userEvent.type(screen.getByLabelText(/Confirm password/), '12345678');
    await userEvent.selectOptions(screen.getByLabelText(/Country/), 'Ethiopia');
    await userEvent.type(screen.getByLabelText(/Profession/), 'Teacher');
    await userEvent.click(screen.getByLabelText('Education'));
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByRole('heading', { name: 'Home' })).toBeInTheDocument();
    expect(sent).toEqual([
      {
        name: 'Abebe',
        email: 'abebe@example.com',
        password: '12345678',
        country: 'Ethiopia',
        profession: 'Teacher',
        bio: '',
        interests: ['education'],
        language: 'en',
      },
    ]);
    expect(localStorage.getItem('token')).toBe('t');
  }, 20000);

  it('sends the interface language, so the sign-up emails come in Amharic', async () => {
    await setLanguage('am');
    const sent = serveRegister();
    renderRegister();
    await userEvent.type(screen.getByLabelText(/^ሙሉ ስም/), 'Abebe');
    await userEvent.type(screen.getByLabelText(/^የኢሜይል አድራሻ/), 'abebe@example.com');
    await userEvent.type(screen.getByLabelText(/^የይለፍ ቃል\s*\*?$/), '12345678');
    await userEvent.type(screen.getByLabelText(/^የይለፍ ቃል ያረጋግጡ/), '12345678');
    await userEvent.selectOptions(screen.getByLabelText(/^አገር/), 'Ethiopia');
    await userEvent.type(screen.getByLabelText(/^ሙያ/), 'Teacher');
    await userEvent.click(screen.getByRole('button', { name: 'መለያ ፍጠር' }));
    expect(await screen.findByRole('heading', { name: 'Home' })).toBeInTheDocument();
    expect(sent).toEqual([expect.objectContaining({ email: 'abebe@example.com', language: 'am' })]);
  }, 20000);
});
