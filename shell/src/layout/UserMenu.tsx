import type { User } from '@diaspora/api-client';
import { isAdmin, useSession } from '@diaspora/session';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { forgetMemberCopies } from '@diaspora/ui/src/offline/forgetMemberCopies';

/**
 * Name, email, Profile, Admin (admins only) and Logout, which returns to /. A disclosure (a
 * button that shows a panel of links), not an ARIA menu: Tab moves through it.
 */
export function UserMenu({ user }: { user: User }) {
  const { t } = useTranslation();
  const { logout } = useSession();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const container = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const panelId = useId();

  useEffect(() => {
    if (!open) return;
    const close = (event: Event) => {
      if (event instanceof KeyboardEvent && event.key !== 'Escape') return;
      if (event instanceof MouseEvent && container.current?.contains(event.target as Node)) return;
      setOpen(false);
    };
    document.addEventListener('mousedown', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('mousedown', close);
      document.removeEventListener('keydown', close);
    };
  }, [open]);

  return (
    <div
      className="user-menu"
      ref={container}
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || !open) return;
        // Close this menu only (not the mobile panel around it) and keep focus on its button.
        event.stopPropagation();
        setOpen(false);
        toggle.current?.focus();
      }}
      onBlur={(event) => {
        // Tabbing out of the menu closes it (a click elsewhere is the mousedown above).
        const next = event.relatedTarget as Node | null;
        if (open && next && !container.current?.contains(next)) setOpen(false);
      }}
    >
      <button
        ref={toggle}
        type="button"
        className="btn btn--secondary user-menu__toggle"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        aria-label={t('account.userMenu', { name: user.name })}
        title={user.name}
        onClick={() => setOpen((value) => !value)}
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
          <Link to="/profile" className="user-menu__item" onClick={() => setOpen(false)}>
            {t('account.profile')}
          </Link>
          {isAdmin(user) && (
            <Link to="/admin" className="user-menu__item" onClick={() => setOpen(false)}>
              {t('account.admin')}
            </Link>
          )}
          <button
            type="button"
            className="user-menu__item"
            onClick={() => {
              setOpen(false);
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
