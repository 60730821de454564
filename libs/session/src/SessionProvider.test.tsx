import { navigation } from '@diaspora/api-client';
import { answer, HttpResponse, json, newUser, recordRequests } from '@diaspora/test-support';
import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSession } from './sessionContext';
import { SessionProvider } from './SessionProvider';

const user = newUser({ _id: 'u1', name: 'Abebe', email: 'a@example.com' });

let session: ReturnType<typeof useSession>;
function Probe() {
  session = useSession();
  return (
    <p>{session.loading ? 'loading' : session.isAuthenticated ? session.user?.name : 'guest'}</p>
  );
}
const renderProvider = () =>
  render(
    <SessionProvider>
      <Probe />
    </SessionProvider>,
  );

afterEach(() => vi.restoreAllMocks());

describe('SessionProvider', () => {
  it('without a stored token, becomes a guest without calling the API', async () => {
    const sent = recordRequests();
    renderProvider();
    expect(await screen.findByText('guest')).toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it('with a stored token, fetches the current user', async () => {
    localStorage.setItem('token', 't0');
    answer.get('/api/auth/me', () => json(user));
    renderProvider();
    expect(await screen.findByText('Abebe')).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem('user') ?? '{}')).toMatchObject({ name: 'Abebe' });
  });

  it('removes a token the server rejects', async () => {
    localStorage.setItem('token', 'stale');
    // The client's 401 rule would leave the page: kept here, where there is no router.
    vi.spyOn(navigation, 'toLogin').mockImplementation(() => undefined);
    answer.get('/api/auth/me', () => json({ statusCode: 401, msg: 'expired' }, 401));
    renderProvider();
    expect(await screen.findByText('guest')).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('removes the token when the start-up fetch gets no answer (offline)', async () => {
    localStorage.setItem('token', 't0');
    answer.get('/api/auth/me', () => HttpResponse.error());
    renderProvider();
    expect(await screen.findByText('guest')).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('keeps the token when leaving the page cut the start-up fetch off', async () => {
    localStorage.setItem('token', 't0');
    answer.get('/api/auth/me', () => {
      // The member follows a link while the call is under way: the browser cancels it.
      window.dispatchEvent(new Event('pagehide'));
      return HttpResponse.error();
    });
    renderProvider();
    expect(await screen.findByText('guest')).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBe('t0');
    window.dispatchEvent(new Event('pageshow'));
  });

  it('stores token and user on login, clears them on failure and logout', async () => {
    let attempts = 0;
    answer.post('/api/auth/login', () =>
      ++attempts === 1
        ? json({ token: 't1', user })
        : json({ statusCode: 401, msg: 'Invalid credentials' }, 401),
    );
    renderProvider();
    await screen.findByText('guest');

    await act(async () => {
      expect(await session.login({ email: 'a@example.com', password: 'secret1' })).toEqual({
        ok: true,
      });
    });
    expect(localStorage.getItem('token')).toBe('t1');
    expect(screen.getByText('Abebe')).toBeInTheDocument();

    await act(async () => {
      const outcome = await session.login({ email: 'a@example.com', password: 'bad' });
      expect(outcome.ok).toBe(false);
    });
    expect(localStorage.getItem('token')).toBeNull();
    expect(screen.getByText('guest')).toBeInTheDocument();

    act(() => session.logout());
    await waitFor(() => expect(localStorage.getItem('user')).toBeNull());
  });
});
