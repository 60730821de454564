import { answer, HttpResponse, json } from '@diaspora/test-support';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authApi, Country, navigation, usersApi } from './index';
import { ApiRequestError, beforeErrorAnswer, NetworkError } from './errors';
import { upload } from './upload';
import { endsSessionOn401 } from './unauthorizedRule';

afterEach(() => vi.restoreAllMocks());

describe('endsSessionOn401', () => {
  it('matches /auth/me, /profile and /admin only', () => {
    expect(endsSessionOn401('http://x/api/auth/me')).toBe(true);
    expect(endsSessionOn401('http://x/api/users/profile')).toBe(true);
    expect(endsSessionOn401('http://x/api/directory/admin/all')).toBe(true);
    expect(endsSessionOn401('http://x/api/auth/login')).toBe(false);
  });
});

describe('api client', () => {
  it('sends the stored bearer token', async () => {
    localStorage.setItem('token', 'abc');
    let authorization: string | null = null;
    answer.get('/api/auth/me', ({ request }) => {
      authorization = request.headers.get('Authorization');
      return json({ _id: '1' });
    });
    await authApi.me();
    expect(authorization).toBe('Bearer abc');
  });

  it('on a 401 from /auth/me, clears the session and goes to /login', async () => {
    localStorage.setItem('token', 'abc');
    localStorage.setItem('user', '{}');
    const toLogin = vi.spyOn(navigation, 'toLogin').mockImplementation(() => undefined);
    answer.get('/api/auth/me', () => json({ statusCode: 401, msg: 'expired' }, 401));
    await expect(authApi.me()).rejects.toBeInstanceOf(ApiRequestError);
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    expect(toLogin).toHaveBeenCalledOnce();
  });

  it('passes other 401s to the caller', async () => {
    localStorage.setItem('token', 'abc');
    const toLogin = vi.spyOn(navigation, 'toLogin').mockImplementation(() => undefined);
    answer.post('/api/auth/login', () =>
      json({ statusCode: 401, msg: 'Invalid credentials' }, 401),
    );
    await expect(authApi.login({ email: 'a@example.com', password: 'x' })).rejects.toMatchObject({
      status: 401,
      body: { msg: 'Invalid credentials' },
    });
    expect(localStorage.getItem('token')).toBe('abc');
    expect(toLogin).not.toHaveBeenCalled();
  });

  it('on a 403 PROFILE_INCOMPLETE, goes to /complete-profile and still rejects the call', async () => {
    const toForm = vi.spyOn(navigation, 'toCompleteProfile').mockImplementation(() => undefined);
    answer.put('/api/users/profile', () =>
      json(
        { statusCode: 403, msg: 'Please complete your profile first', code: 'PROFILE_INCOMPLETE' },
        403,
      ),
    );
    answer.get('/api/auth/me', () =>
      json({ statusCode: 403, msg: 'You need admin privileges', code: 'FORBIDDEN' }, 403),
    );
    await expect(authApi.me()).rejects.toMatchObject({ status: 403 });
    expect(toForm).not.toHaveBeenCalled();
    await expect(
      usersApi.updateProfile({ name: 'A', country: Country.Canada, profession: 'Runner' }),
    ).rejects.toMatchObject({ status: 403, body: { code: 'PROFILE_INCOMPLETE' } });
    expect(toForm).toHaveBeenCalledOnce();
    // Already on the form: no loop.
    window.history.pushState(null, '', '/complete-profile');
    await expect(
      usersApi.updateProfile({ name: 'A', country: Country.Canada, profession: 'Runner' }),
    ).rejects.toMatchObject({ status: 403 });
    expect(toForm).toHaveBeenCalledOnce();
    window.history.replaceState(null, '', '/');
  });

  it('rejects a failed call only once the error texts are loaded, and still if they fail', async () => {
    const steps: string[] = [];
    let loaded = false;
    const textsLoading = beforeErrorAnswer(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      loaded = true;
      steps.push('texts loaded');
    });
    const offline = beforeErrorAnswer(() => Promise.reject(new Error('offline')));
    answer.post('/api/auth/login', () => json({ statusCode: 400, msg: 'Bad', code: 'X' }, 400));
    answer.post('/api/news', () => json({ statusCode: 413, msg: 'Too large' }, 413));
    await authApi.login({ email: 'a@example.com', password: 'x' }).catch(() => {
      steps.push(`rejected, texts ${loaded ? 'there' : 'missing'}`);
    });
    loaded = false;
    await upload('POST', '/api/news', new FormData()).catch(() => {
      steps.push(`upload rejected, texts ${loaded ? 'there' : 'missing'}`);
    });
    expect(steps).toEqual([
      'texts loaded',
      'rejected, texts there',
      'texts loaded',
      'upload rejected, texts there',
    ]);
    textsLoading();
    offline();
  });

  it('reports a request that got no answer as a NetworkError', async () => {
    answer.get('/api/users', () => HttpResponse.error());
    await expect(usersApi.list({ page: 1, limit: 10 })).rejects.toBeInstanceOf(NetworkError);
  });
});
