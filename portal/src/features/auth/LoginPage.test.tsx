import { ApiRequestError, authApi, NetworkError, type User } from '@diaspora/api-client';
import { AppProviders } from '@diaspora/ui';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LoginPage } from './LoginPage';

const renderLogin = () =>
  render(
    <MemoryRouter initialEntries={['/login']}>
      <AppProviders>
        <Routes>
          <Route path="/login" element={<LoginPage />} />
          <Route path="/" element={<h1>Home</h1>} />
        </Routes>
      </AppProviders>
    </MemoryRouter>,
  );

async function signIn() {
  await userEvent.type(screen.getByLabelText(/Email address/), 'a@example.com');
  await userEvent.type(screen.getByLabelText(/Password/), 'secret1');
  await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

afterEach(() => vi.restoreAllMocks());

describe('LoginPage', () => {
  it('has the heading, the register link and the forgot-password link', () => {
    renderLogin();
    expect(screen.getByRole('heading', { name: 'Sign in to your account' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'create a new account' })).toHaveAttribute(
      'href',
      '/register',
    );
    expect(screen.getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
  });

  it('requires email and password', async () => {
    renderLogin();
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
  });

  it("shows the server's msg on failure", async () => {
    vi.spyOn(authApi, 'login').mockRejectedValue(
      new ApiRequestError(401, { msg: 'Invalid credentials' }),
    );
    renderLogin();
    await signIn();
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid credentials');
  });

  it('explains a network failure', async () => {
    vi.spyOn(authApi, 'login').mockRejectedValue(
      new NetworkError(new TypeError('Failed to fetch')),
    );
    renderLogin();
    await signIn();
    expect(await screen.findByRole('alert')).toHaveTextContent('Cannot connect to server.');
  });

  it('signs in and goes home', async () => {
    vi.spyOn(authApi, 'login').mockResolvedValue({ token: 't', user: { name: 'A' } as User });
    renderLogin();
    await signIn();
    expect(await screen.findByRole('heading', { name: 'Home' })).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBe('t');
  });
});
