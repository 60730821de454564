import { answer, HttpResponse, json, newUser } from '@diaspora/test-support';
import { AppProviders } from '@diaspora/ui';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
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
    // No error is a live region (two would be read at once): the first field takes the focus
    // and is read with its error.
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByLabelText(/Email address/)).toHaveFocus();
    expect(screen.getByLabelText(/Email address/)).toHaveAccessibleDescription('Email is required');
  });

  it("shows the server's msg on failure", async () => {
    // No code this front end knows, so the server's own words are shown.
    answer.post('/api/auth/login', () =>
      json({ statusCode: 401, msg: 'Invalid credentials' }, 401),
    );
    renderLogin();
    await signIn();
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid credentials');
  });

  it('explains a network failure', async () => {
    answer.post('/api/auth/login', () => HttpResponse.error());
    renderLogin();
    await signIn();
    expect(await screen.findByRole('alert')).toHaveTextContent('Cannot connect to server.');
  });

  it('signs in and goes home', async () => {
    let credentials: unknown;
    answer.post('/api/auth/login', async ({ request }) => {
      credentials = await request.json();
      return json({ token: 't', user: newUser({ name: 'A' }) });
    });
    renderLogin();
    await signIn();
    expect(await screen.findByRole('heading', { name: 'Home' })).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBe('t');
    expect(credentials).toEqual({ email: 'a@example.com', password: 'secret1' });
  });
});
