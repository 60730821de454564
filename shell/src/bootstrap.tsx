import '@diaspora/ui/src/fonts.css';
import '@diaspora/ui/src/styles.css';
import './layout/layout.css';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { languageLoaded } from '@diaspora/i18n';
import { AppProviders } from '@diaspora/ui';
import { PortalRemote } from './remotes/remotes';
import { AppRoutes } from './routing/AppRoutes';

// The server sent the page's first view: render once the portal can draw the same page in one go
// (its App and the page's chunk) in the visitor's language, so the first view is replaced without
// a spinner in between (a failed load shows its message).
await Promise.all([
  languageLoaded().catch(() => undefined),
  /^\/admin(\/|$)/.test(window.location.pathname)
    ? undefined
    : PortalRemote.preload().catch(() => undefined),
]);

// A transition: React renders the page in slices that yield to the browser (no long task while
// the first view is already on screen), then replaces it in one commit.
const root = createRoot(document.getElementById('root') as HTMLElement);
startTransition(() => {
  root.render(
    <StrictMode>
      <BrowserRouter>
        <AppProviders>
          <AppRoutes />
        </AppProviders>
      </BrowserRouter>
    </StrictMode>,
  );
});
