import {
  authApi,
  authStorage,
  type AuthResponse,
  type LoginRequest,
  type RegisterRequest,
  type User,
} from '@diaspora/api-client';
import { useCallback, useEffect, useMemo, useReducer, type ReactNode } from 'react';
import { SessionContext, type AuthOutcome, type Session } from './sessionContext';
import { initialSessionState, sessionReducer } from './sessionState';

export function SessionProvider({ children }: { children: ReactNode }) {
  const [state, dispatch] = useReducer(
    sessionReducer,
    authStorage.readToken(),
    initialSessionState,
  );

  // On start: with a stored token, fetch the current user; without one, stop loading.
  useEffect(() => {
    if (!authStorage.readToken()) {
      dispatch({ type: 'noStoredToken' });
      return;
    }
    let cancelled = false;
    authApi
      .me()
      .then((user) => {
        if (cancelled) return;
        authStorage.saveUser(user);
        dispatch({ type: 'userLoaded', user });
      })
      .catch(() => {
        if (cancelled) return;
        authStorage.clear();
        dispatch({ type: 'userLoadFailed' });
      });
    return () => {
      cancelled = true;
    };
  }, []);

  const signIn = useCallback(async (request: () => Promise<{ token: string; user: User }>) => {
    try {
      const { token, user } = await request();
      authStorage.save(token, user);
      dispatch({ type: 'signedIn', token, user });
      return { ok: true } satisfies AuthOutcome;
    } catch (error) {
      authStorage.clear();
      dispatch({ type: 'signInFailed' });
      return { ok: false, error } satisfies AuthOutcome;
    }
  }, []);

  const session = useMemo<Session>(
    () => ({
      ...state,
      login: (credentials: LoginRequest) => signIn(() => authApi.login(credentials)),
      register: (registration: RegisterRequest) => signIn(() => authApi.register(registration)),
      logout: () => {
        authStorage.clear();
        dispatch({ type: 'signedOut' });
      },
      replaceUser: (user: User) => {
        authStorage.saveUser(user);
        dispatch({ type: 'userUpdated', user });
      },
      adopt: ({ token, user }: AuthResponse) => {
        authStorage.save(token, user);
        dispatch({ type: 'signedIn', token, user });
      },
    }),
    [state, signIn],
  );

  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}
