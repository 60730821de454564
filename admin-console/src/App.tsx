import './admin.css';
import { isAdmin, useSession } from '@diaspora/session';
import { Alert, Spinner } from '@diaspora/ui';
import { useTranslation } from 'react-i18next';
import { Route, Routes } from 'react-router';
import { DashboardPage } from './features/dashboard/DashboardPage';
import { EnrollmentManagerPage } from './features/tutorials/EnrollmentManagerPage';

/** The admin area (mounted by the shell at /admin/*): the dashboard and the enrollment manager. */
export default function App() {
  const { t } = useTranslation('admin');
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
