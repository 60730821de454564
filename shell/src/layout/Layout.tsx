import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { Footer } from './Footer';
import { ScrollToTop } from './ScrollToTop';
import { TopBar } from './TopBar';

/** Top bar, main content and footer around every route. */
export function Layout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  // A new page starts at its top.
  useEffect(() => {
    window.scrollTo(0, 0);
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
