import { Route, Routes, useLocation } from 'react-router';
import { Layout } from '../layout/Layout';
import { AdminConsoleRemote, PortalRemote } from '../remotes/remotes';
import { accessForPortalPath } from './access';
import { RouteGuard } from './RouteGuard';

function GuardedPortal() {
  const { pathname } = useLocation();
  return (
    <RouteGuard access={accessForPortalPath(pathname)}>
      <PortalRemote />
    </RouteGuard>
  );
}

/** The portal owns every public and member page; the admin console owns /admin. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Layout />}>
        {/* Issue 39: door staff (members) reach the console's check-in; the API limits each to their event. */}
        <Route
          path="/admin/check-in/*"
          element={
            <RouteGuard access="member">
              <AdminConsoleRemote />
            </RouteGuard>
          }
        />
        <Route
          path="/admin/*"
          element={
            <RouteGuard access="admin">
              <AdminConsoleRemote />
            </RouteGuard>
          }
        />
        <Route path="/*" element={<GuardedPortal />} />
      </Route>
    </Routes>
  );
}
