import type { User } from '@diaspora/api-client';
import { isAdmin, useSession } from '@diaspora/session';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { forgetMemberCopies } from '@diaspora/ui/src/offline/forgetMemberCopies';
import { useDisclosure } from './useDisclosure';

/**
 * Name, email, Profile, Admin (admins only) and Logout, which returns to /. A disclosure (a
 * button that shows a panel of links), not an ARIA menu: Tab moves through it.
 */
export function UserMenu({ user }: { user: User }) {
  const { t } = useTranslation();
  const { logout } = useSession();
  const navigate = useNavigate();
  const { open, close, panelId, containerProps, buttonProps } = useDisclosure();

  return (
    <div className="user-menu" {...containerProps}>
      <button
        {...buttonProps}
        className="btn btn--secondary user-menu__toggle"
        aria-label={t('account.userMenu', { name: user.name })}
        title={user.name}
      >
        {/* The initial is drawn by CSS: a picture of the name, not text, so the button's visible
            words are the name its label says (WCAG 2.5.3, label in name). */}
        <span
          className="user-menu__avatar"
          aria-hidden="true"
          data-initial={user.name.charAt(0).toUpperCase()}
        />
        <span className="user-menu__name">{user.name}</span>
      </button>
      {open && (
        <div className="user-menu__panel" id={panelId}>
          <div className="user-menu__identity">
            <strong>{user.name}</strong>
            <span>{user.email}</span>
          </div>
          <Link to="/profile" className="user-menu__item" onClick={close}>
            {t('account.profile')}
          </Link>
          {isAdmin(user) && (
            <Link to="/admin" className="user-menu__item" onClick={close}>
              {t('account.admin')}
            </Link>
          )}
          <button
            type="button"
            className="user-menu__item"
            onClick={() => {
              close();
              logout();
              forgetMemberCopies();
              navigate('/');
            }}
          >
            {t('account.logout')}
          </button>
        </div>
      )}
    </div>
  );
}
