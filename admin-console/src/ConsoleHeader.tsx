import { pageUrl } from '@diaspora/api-client';
import { useSession } from '@diaspora/session';
import { LanguagePicker, useDocumentTitle } from '@diaspora/ui';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import './standalone.css';
import { forgetMemberCopies } from '@diaspora/ui/src/offline/forgetMemberCopies';

/**
 * The standalone console's own top bar (the shell's is not there on this origin): the brand, a
 * link to the public site, the language picker and, once signed in, the name and Logout; the
 * tab's title in the picked language.
 */
export function ConsoleHeader() {
  const { t } = useTranslation(['console', 'common']);
  const { user, logout } = useSession();
  const navigate = useNavigate();
  // index.html's title is English; the tab follows the picked language from here on.
  useDocumentTitle(t('title'));
  return (
    <header className="console-header">
      <div className="container console-header__inner">
        <Link to="/admin" className="console-header__brand">
          <img src={`${import.meta.env.BASE_URL}favicon.svg`} alt="" width="32" height="32" />
          <span>{t('common:brand')}</span>
          <span className="console-header__title">{t('title')}</span>
        </Link>
        <div className="console-header__actions">
          <a href={pageUrl('/')}>{t('viewSite')}</a>
          <LanguagePicker />
          {user && (
            <>
              <span className="console-header__user" title={user.email}>
                {t('signedInAs', { name: user.name })}
              </span>
              <button
                type="button"
                className="btn btn--secondary"
                onClick={() => {
                  logout();
                  forgetMemberCopies();
                  navigate('/login', { replace: true });
                }}
              >
                {t('common:account.logout')}
              </button>
            </>
          )}
        </div>
      </div>
    </header>
  );
}
