import './admin.css';
import { isAdmin, useSession } from '@diaspora/session';
import { Alert, lazyPart, Spinner } from '@diaspora/ui';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Route, Routes } from 'react-router';
import { DashboardPage } from './features/dashboard/DashboardPage';
import { EnrollmentManagerPage } from './features/tutorials/EnrollmentManagerPage';

/**
 * The door's check-in screen, in a chunk of its own: the console's other screens do not carry it
 * (nor its scanner), and door staff load only it.
 */
const CheckInPage = lazyPart(() => import('./features/checkIn/CheckInPage'), 'default');

/** The check-in screen, with a spinner while its chunk loads (not the shell's, for the whole console). */
function CheckIn() {
  return (
    <Suspense fallback={<Spinner />}>
      <CheckInPage />
    </Suspense>
  );
}

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
  'checkIn',
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
  // Issue 39: door staff are members; the API admits each to their own event's door only.
  if (user && !isAdmin(user)) {
    return (
      <Routes>
        <Route path="check-in/*" element={<CheckIn />} />
        <Route path="*" element={<NoAccess text={t('noAccess')} />} />
      </Routes>
    );
  }
  // Signing out is the top bar's job: the shell's, or the console header on its own origin.
  if (!isAdmin(user)) return <NoAccess text={t('noAccess')} />;
  return (
    <Routes>
      <Route index element={<DashboardPage />} />
      <Route path="tutorials" element={<EnrollmentManagerPage />} />
      <Route path="check-in/*" element={<CheckIn />} />
      <Route path="*" element={<DashboardPage />} />
    </Routes>
  );
}

function NoAccess({ text }: { text: string }) {
  return (
    <div className="container page-body">
      <Alert tone="error">{text}</Alert>
    </div>
  );
}
