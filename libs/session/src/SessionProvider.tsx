import {
  authApi,
  authStorage,
  isNetworkError,
  type AuthResponse,
  type LoginRequest,
  type RegisterRequest,
  type User,
} from '@diaspora/api-client';
import { useCallback, useEffect, useMemo, useReducer, type ReactNode } from 'react';
import { SessionContext, type AuthOutcome, type Session } from './sessionContext';
import { initialSessionState, sessionReducer } from './sessionState';

/**
 * Set while the page is being left (a link followed or a reload during start-up): the browser
 * then cuts off the start-up `/auth/me`, which says nothing about the token.
 */
let leavingPage = false;
if (typeof window !== 'undefined') {
  window.addEventListener('pagehide', () => (leavingPage = true));
  // Back from the back-forward cache: the page lives again.
  window.addEventListener('pageshow', () => (leavingPage = false));
}

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
      .catch((error: unknown) => {
        if (cancelled) return;
        // Spec 4: a failed fetch removes the token; one the page's own leaving cut off keeps it.
        if (!(leavingPage && isNetworkError(error))) authStorage.clear();
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
