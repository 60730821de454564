import type { AuthResponse, LoginRequest, RegisterRequest, User } from '@diaspora/api-client';
import { createContext, useContext } from 'react';
import type { SessionState } from './sessionState';

export type AuthOutcome = { ok: true } | { ok: false; error: unknown };

export interface Session extends SessionState {
  login(credentials: LoginRequest): Promise<AuthOutcome>;
  register(registration: RegisterRequest): Promise<AuthOutcome>;
  logout(): void;
  /** After a profile update the stored user is replaced (spec section 4). */
  replaceUser(user: User): void;
  /** Keeps a fresh token the server issued (a password or email change ended the others). */
  adopt(session: AuthResponse): void;
}

export const SessionContext = createContext<Session | null>(null);

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside <SessionProvider>');
  return session;
}

export function isAdmin(user: User | null): boolean {
  return user?.role === 'admin';
}
