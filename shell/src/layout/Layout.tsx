import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { Footer } from './Footer';
import { ScrollToTop } from './ScrollToTop';
import { TopBar } from './TopBar';

/**
 * Whether focus is where the navigation left it: on nothing, in the old page, or on the link that
 * was followed. A reader who has since moved on (opened the account menu while the page loaded)
 * keeps their place.
 */
function leftBehind(active: Element | null, pathname: string): boolean {
  if (!active || active === document.body) return true;
  if (document.getElementById('main')?.contains(active)) return true;
  return active instanceof HTMLAnchorElement && new URL(active.href).pathname === pathname;
}

/** Top bar, main content and footer around every route. */
export function Layout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const firstPage = useRef(true);
  // A new page starts at its top, and a screen reader or keyboard starts at its content (the
  // first page load leaves focus alone; a filter changing the query string is not a new page).
  useEffect(() => {
    window.scrollTo(0, 0);
    if (firstPage.current) {
      firstPage.current = false;
      return;
    }
    if (leftBehind(document.activeElement, pathname)) {
      document.getElementById('main')?.focus({ preventScroll: true });
    }
  }, [pathname]);
  return (
    <div className="app">
      <a className="skip-link" href="#main">
        {t('skipToContent')}
      </a>
      <TopBar />
      <main id="main" className="app__main" tabIndex={-1}>
        <Outlet />
      </main>
      <Footer />
      <ScrollToTop />
    </div>
  );
}
