import type { User } from '@diaspora/api-client';

/** Who may open a route (spec section 2, route table). */
export type Access = 'all' | 'member' | 'admin';

export type AccessDecision =
  { kind: 'wait' } | { kind: 'allow' } | { kind: 'redirect'; to: string };

interface SessionView {
  loading: boolean;
  isAuthenticated: boolean;
  user: User | null;
}

/** Guests go to /login; signed-in non-admins asking for admin pages go to /. */
export function decideAccess(access: Access, session: SessionView): AccessDecision {
  if (access === 'all') return { kind: 'allow' };
  if (session.loading) return { kind: 'wait' };
  if (!session.isAuthenticated) return { kind: 'redirect', to: '/login' };
  if (access === 'admin' && session.user?.role !== 'admin') return { kind: 'redirect', to: '/' };
  return { kind: 'allow' };
}

/** Paths the portal serves that need a signed-in member. */
const MEMBER_PATHS = ['/profile', '/notifications', '/notifications/preferences'];

/** Who may open a path: the console is the admins' but for its door check-in (issue 39: door staff). */
export function accessForPath(pathname: string): Access {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (/^\/admin(\/|$)/.test(path))
    return /^\/admin\/check-in(\/|$)/.test(path) ? 'member' : 'admin';
  return MEMBER_PATHS.includes(path) ? 'member' : 'all';
}
