import { answer, apiError, bodiesSent, json, newUser } from '@diaspora/test-support';
import { AppProviders } from '@diaspora/ui';
import { setLanguage } from '@diaspora/i18n';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LoginPage } from './LoginPage';

const renderLogin = (url = '/login') =>
  render(
    <MemoryRouter initialEntries={[url]}>
      <AppProviders>
        {/* A client of its own: the providers' list is cached, and each test configures its own. */}
        <QueryClientProvider client={new QueryClient()}>
          <Routes>
            <Route path="/login" element={<LoginPage />} />
            <Route path="/" element={<h1>Home</h1>} />
            <Route path="/complete-profile" element={<h1>Complete</h1>} />
          </Routes>
        </QueryClientProvider>
      </AppProviders>
    </MemoryRouter>,
  );

const withProviders = () =>
  answer.get('/api/auth/oidc/providers', () =>
    json({
      providers: [
        { id: 'google', name: 'Google' },
        { id: 'linkedin', name: 'LinkedIn' },
      ],
    }),
  );

describe('LoginPage with OpenID Connect providers', () => {
  afterEach(async () => {
    vi.restoreAllMocks();
    await setLanguage('en');
  });

  it('offers no provider when none is configured', async () => {
    renderLogin();
    await screen.findByRole('heading', { name: 'Sign in to your account' });
    expect(screen.queryByRole('button', { name: /Continue with/ })).not.toBeInTheDocument();
  });

  it('a "Continue with …" button per provider starts the attempt and leaves for the provider', async () => {
    withProviders();
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const sent = bodiesSent('post', '/api/auth/oidc/:provider/start', () =>
      json({ url: 'https://accounts.example.com/authorize?x=1' }, 201),
    );
    renderLogin();
    await userEvent.click(await screen.findByRole('button', { name: 'Continue with LinkedIn' }));
    expect(sent).toEqual([{ intent: 'sign-in', language: 'en' }]);
    expect(assign).toHaveBeenCalledWith('https://accounts.example.com/authorize?x=1');
    vi.unstubAllGlobals();
  });

  it('names the provider in Amharic too', async () => {
    await setLanguage('am');
    withProviders();
    renderLogin();
    expect(await screen.findByRole('button', { name: 'በGoogle ይቀጥሉ' })).toBeInTheDocument();
  });

  it('says why a provider sign-in ended here, in both languages', async () => {
    renderLogin('/login?oidcError=OIDC_ACCOUNT_EXISTS');
    expect(
      await screen.findByText(
        /An account with this email already exists\. Sign in with your password/,
      ),
    ).toBeInTheDocument();
    await setLanguage('am');
    expect(await screen.findByText(/በዚህ ኢሜይል መለያ አስቀድሞ አለ/)).toBeInTheDocument();
  });

  it('a provider that cannot be reached at the start is said on the page', async () => {
    withProviders();
    answer.post('/api/auth/oidc/:provider/start', () =>
      apiError(503, 'OIDC_PROVIDER_UNAVAILABLE', 'Google cannot be reached right now.'),
    );
    renderLogin();
    await userEvent.click(await screen.findByRole('button', { name: 'Continue with Google' }));
    expect(
      await screen.findByText(
        'The sign-in provider cannot be reached right now. Please try again later.',
      ),
    ).toBeInTheDocument();
  });

  it('exchanges the hand-off for the session, then asks a new member for the rest of the profile', async () => {
    answer.post('/api/auth/oidc/session', () =>
      json({
        token: 't',
        user: newUser({ country: null, profession: null, profileComplete: false }),
      }),
    );
    renderLogin('/login?oidc=signed-in');
    expect(await screen.findByRole('heading', { name: 'Complete' })).toBeInTheDocument();
  });

  it('goes home when the member is complete, and says so when the hand-off is gone', async () => {
    answer.post('/api/auth/oidc/session', () => json({ token: 't', user: newUser() }));
    renderLogin('/login?oidc=signed-in');
    expect(await screen.findByRole('heading', { name: 'Home' })).toBeInTheDocument();
  });

  it('an expired hand-off ends on the sign-in form with the reason', async () => {
    answer.post('/api/auth/oidc/session', () =>
      apiError(401, 'OIDC_SESSION_MISSING', 'The sign-in did not finish.'),
    );
    renderLogin('/login?oidc=signed-in');
    expect(
      await screen.findByText('The sign-in did not finish. Please try again.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Sign in to your account' })).toBeInTheDocument();
  });
});
