import type { User } from '@diaspora/api-client';

/** Authentication state of spec section 4. */
export interface SessionState {
  isAuthenticated: boolean;
  user: User | null;
  token: string | null;
  loading: boolean;
}

export type SessionEvent =
  | { type: 'signedIn'; token: string; user: User }
  | { type: 'signInFailed' }
  | { type: 'signedOut' }
  | { type: 'userLoaded'; user: User }
  | { type: 'userLoadFailed' }
  | { type: 'noStoredToken' }
  | { type: 'userUpdated'; user: User };

export function initialSessionState(storedToken: string | null): SessionState {
  return { isAuthenticated: false, user: null, token: storedToken, loading: true };
}

const signedOut: SessionState = { isAuthenticated: false, user: null, token: null, loading: false };

/** Pure transitions; storage side effects live in the provider. */
export function sessionReducer(state: SessionState, event: SessionEvent): SessionState {
  switch (event.type) {
    case 'signedIn':
      return { isAuthenticated: true, user: event.user, token: event.token, loading: false };
    case 'userLoaded':
      return { ...state, isAuthenticated: true, user: event.user, loading: false };
    case 'userUpdated':
      return { ...state, user: event.user };
    case 'noStoredToken':
      return { ...state, loading: false };
    case 'signInFailed':
    case 'signedOut':
    case 'userLoadFailed':
      return signedOut;
  }
}
