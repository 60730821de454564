import type { ReactNode } from 'react';
import { Route, Routes, useLocation } from 'react-router';
import { Layout } from '../layout/Layout';
import { AdminConsoleRemote, PortalRemote } from '../remotes/remotes';
import { accessForPath } from './access';
import { RouteGuard } from './RouteGuard';

/** Each path's guard (access.ts): members' and admins' pages, the console's door for members too. */
function Guarded({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <RouteGuard access={accessForPath(pathname)}>{children}</RouteGuard>;
}

/** The portal owns every public and member page; the admin console owns /admin. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route
          path="/admin/*"
          element={
            <Guarded>
              <AdminConsoleRemote />
            </Guarded>
          }
        />
        <Route
          path="/*"
          element={
            <Guarded>
              <PortalRemote />
            </Guarded>
          }
        />
      </Route>
    </Routes>
  );
}
