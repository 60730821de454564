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

/** Issue 39: door staff (members) reach the console's check-in; the API limits each to their event. */
function GuardedConsole() {
  const { pathname } = useLocation();
  return (
    <RouteGuard access={pathname.startsWith('/admin/check-in') ? 'member' : 'admin'}>
      <AdminConsoleRemote />
    </RouteGuard>
  );
}

/** The portal owns every public and member page; the admin console owns /admin. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route path="/admin/*" element={<GuardedConsole />} />
        <Route path="/*" element={<GuardedPortal />} />
      </Route>
    </Routes>
  );
}
