import type { User } from '@diaspora/api-client';
import { describe, expect, it } from 'vitest';
import { initialSessionState, sessionReducer } from './sessionState';

const user = { _id: 'u1', name: 'Abebe', email: 'a@example.com', role: 'member' } as User;

describe('session transitions (spec section 4)', () => {
  it('starts unauthenticated and loading, with the stored token', () => {
    expect(initialSessionState('t0')).toEqual({
      isAuthenticated: false,
      user: null,
      token: 't0',
      loading: true,
    });
  });

  it('stops loading when no token is stored', () => {
    expect(sessionReducer(initialSessionState(null), { type: 'noStoredToken' })).toMatchObject({
      isAuthenticated: false,
      loading: false,
    });
  });

  it('a successful current-user fetch authenticates', () => {
    const state = sessionReducer(initialSessionState('t0'), { type: 'userLoaded', user });
    expect(state).toEqual({ isAuthenticated: true, user, token: 't0', loading: false });
  });

  it('a failed current-user fetch drops the token', () => {
    const state = sessionReducer(initialSessionState('t0'), { type: 'userLoadFailed' });
    expect(state).toEqual({ isAuthenticated: false, user: null, token: null, loading: false });
  });

  it('sign-in success stores token and user; failure and logout clear them', () => {
    const signedIn = sessionReducer(initialSessionState(null), {
      type: 'signedIn',
      token: 't1',
      user,
    });
    expect(signedIn).toEqual({ isAuthenticated: true, user, token: 't1', loading: false });
    expect(sessionReducer(signedIn, { type: 'signedOut' })).toMatchObject({
      isAuthenticated: false,
      user: null,
      token: null,
    });
    expect(sessionReducer(signedIn, { type: 'signInFailed' }).token).toBeNull();
  });

  it('a profile update replaces the user', () => {
    const signedIn = sessionReducer(initialSessionState(null), {
      type: 'signedIn',
      token: 't1',
      user,
    });
    const renamed = { ...user, name: 'Abebe K.' };
    expect(sessionReducer(signedIn, { type: 'userUpdated', user: renamed }).user).toBe(renamed);
  });
});
