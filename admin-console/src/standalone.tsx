// The site's own font faces (Ethiopic only, system fonts for Latin), so both mounts look alike.
import '@diaspora/ui/src/fonts.css';
import '@diaspora/ui/src/styles.css';
import { AppProviders, Spinner } from '@diaspora/ui';
import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { StandaloneRoutes } from './StandaloneRoutes';

// The console on its own origin: its sign-in page and the same routes under /admin, without the
// shell's layout (docs/adr/0015-standalone-admin-console.md).
createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <BrowserRouter>
      <AppProviders>
        {/* Console texts beyond the bundled ones load on demand (App.tsx, CONSOLE_NAMESPACES). */}
        <Suspense fallback={<Spinner />}>
          <StandaloneRoutes />
        </Suspense>
      </AppProviders>
    </BrowserRouter>
  </StrictMode>,
);
