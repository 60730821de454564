import './admin.css';
import { isAdmin, useSession } from '@diaspora/session';
import { Alert, Spinner } from '@diaspora/ui';
import { useTranslation } from 'react-i18next';
import { Route, Routes } from 'react-router';
import { DashboardPage } from './features/dashboard/DashboardPage';
import { EnrollmentManagerPage } from './features/tutorials/EnrollmentManagerPage';

/**
 * The texts of every console screen, loaded once as the console mounts (English beyond the
 * bundled namespaces loads on demand), so switching tabs never waits for a text chunk.
 */
export const CONSOLE_NAMESPACES = [
  'admin',
  'adminActivity',
  'adminAudit',
  'adminMessages',
  'adminSystem',
  'adminUsers',
  'console',
  'directory',
  'eventCancel',
  'events',
  'news',
  'team',
  'tutorials',
];

/** The admin area (mounted by the shell at /admin/*): the dashboard and the enrollment manager. */
export default function App() {
  const { t } = useTranslation(CONSOLE_NAMESPACES);
  const { user, loading } = useSession();
  if (loading) return <Spinner />;
  if (!isAdmin(user)) {
    // Signing out is the top bar's job: the shell's, or the console header on its own origin.
    return (
      <div className="container page-body">
        <Alert tone="error">{t('noAccess')}</Alert>
      </div>
    );
  }
  return (
    <Routes>
      <Route index element={<DashboardPage />} />
      <Route path="tutorials" element={<EnrollmentManagerPage />} />
      <Route path="*" element={<DashboardPage />} />
    </Routes>
  );
}
