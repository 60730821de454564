import { useSession } from '@diaspora/session';
import { LanguagePicker } from '@diaspora/ui';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation } from 'react-router';
import { NAV_LINKS } from './navLinks';

// A member's bell and menu come with a member's session, not in a guest's first page.
const MemberActions = lazy(() => import('./MemberActions'));

export function TopBar() {
  const { t } = useTranslation();
  const { isAuthenticated, user } = useSession();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuToggle = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();
  useEffect(() => {
    setMenuOpen(false);
  }, [pathname]);

  return (
    <header
      className="topbar"
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || !menuOpen) return;
        setMenuOpen(false);
        menuToggle.current?.focus();
      }}
    >
      <div className="container topbar__inner">
        <Link to="/" className="topbar__brand">
          <img src="/favicon.svg" alt="" width="32" height="32" />
          <span>{t('brand')}</span>
        </Link>
        <button
          ref={menuToggle}
          type="button"
          className="btn btn--ghost topbar__menu-toggle"
          aria-expanded={menuOpen}
          aria-controls="main-nav"
          aria-label={menuOpen ? t('nav.closeMenu') : t('nav.openMenu')}
          onClick={() => setMenuOpen((open) => !open)}
        >
          <span aria-hidden="true">{menuOpen ? '✕' : '☰'}</span>
        </button>
        <div id="main-nav" className={`topbar__panel ${menuOpen ? 'topbar__panel--open' : ''}`}>
          <nav aria-label={t('nav.main')}>
            <ul className="topbar__links">
              {NAV_LINKS.map((link) => (
                <li key={link.to}>
                  <NavLink to={link.to} end={link.to === '/'} className="topbar__link">
                    {t(link.key)}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <div className="topbar__actions">
            <LanguagePicker />
            {isAuthenticated && user ? (
              <Suspense fallback={null}>
                <MemberActions user={user} />
              </Suspense>
            ) : (
              <>
                <Link to="/login" className="btn btn--secondary">
                  {t('account.login')}
                </Link>
                <Link to="/register" className="btn">
                  {t('account.register')}
                </Link>
              </>
            )}
          </div>
        </div>
      </div>
    </header>
  );
}
