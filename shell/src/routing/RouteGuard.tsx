import { useSession } from '@diaspora/session';
import { Spinner } from '@diaspora/ui';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { decideAccess, type Access } from './access';

/** Spinner while the session loads, then the page or a redirect. */
export function RouteGuard({ access, children }: { access: Access; children: ReactNode }) {
  const session = useSession();
  const decision = decideAccess(access, session);
  if (decision.kind === 'wait') return <Spinner />;
  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  return <>{children}</>;
}
