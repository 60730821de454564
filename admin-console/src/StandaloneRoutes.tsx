import { useSession } from '@diaspora/session';
import { LoginForm, Spinner } from '@diaspora/ui';
import type { ReactNode } from 'react';
import { Navigate, Route, Routes, useNavigate } from 'react-router';
import App from './App';
import { ConsoleHeader } from './ConsoleHeader';

/** Anonymous visitors sign in first; signed-in non-admins get the console's no-access notice. */
function SignedIn({ children }: { children: ReactNode }) {
  const { user, loading } = useSession();
  if (loading) return <Spinner />;
  if (!user) return <Navigate to="/login" replace />;
  return <>{children}</>;
}

function StandaloneLogin() {
  const navigate = useNavigate();
  return <LoginForm onSignedIn={() => navigate('/admin', { replace: true })} />;
}

/**
 * The console on its own origin, without the shell: its own header, /login (the shared sign-in card, also where
 * the API client's 401 rule sends the browser) and the console under /admin; anything else
 * goes to /admin.
 */
export function StandaloneRoutes() {
  return (
    <>
      <ConsoleHeader />
      <main>
        <Routes>
          <Route path="/login" element={<StandaloneLogin />} />
          <Route
            path="/admin/*"
            element={
              <SignedIn>
                <App />
              </SignedIn>
            }
          />
          <Route path="*" element={<Navigate to="/admin" replace />} />
        </Routes>
      </main>
    </>
  );
}
