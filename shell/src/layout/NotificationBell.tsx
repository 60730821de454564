import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NotificationPanel } from './NotificationPanel';
import { useNotificationFeed } from './useNotificationFeed';

/**
 * The bell in the top bar: a disclosure (WAI-ARIA) whose button names the unread count and opens
 * a panel of the latest notifications, mark-all-read and a link to the page. Escape closes it and
 * returns focus to the button; so do a click outside and Tab out of it. A polite live region
 * announces a new count to screen readers as it arrives.
 */
export function NotificationBell() {
  const { t } = useTranslation();
  const unread = useNotificationFeed(true);
  const [open, setOpen] = useState(false);
  const container = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const label =
    unread > 0 ? t('notifications.bellUnread', { count: unread }) : t('notifications.bell');

  useEffect(() => {
    if (!open) return;
    const closeOnOutsideClick = (event: MouseEvent) => {
      if (!container.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', closeOnOutsideClick);
    return () => document.removeEventListener('mousedown', closeOnOutsideClick);
  }, [open]);

  const close = () => {
    setOpen(false);
    toggle.current?.focus();
  };

  return (
    <div
      className="notification-menu"
      ref={container}
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || !open) return;
        // Close this panel only (not the mobile menu around it) and give focus back to the bell.
        event.stopPropagation();
        close();
      }}
      onBlur={(event) => {
        const next = event.relatedTarget as Node | null;
        if (open && next && !container.current?.contains(next)) setOpen(false);
      }}
    >
      <button
        ref={toggle}
        type="button"
        className="notification-bell"
        aria-label={label}
        title={label}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen((value) => !value)}
      >
        <svg aria-hidden="true" focusable="false" width="20" height="20" viewBox="0 0 24 24">
          <path
            fill="currentColor"
            d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Zm7-6V11a7 7 0 0 0-5.5-6.84V3a1.5 1.5 0 0 0-3 0v1.16A7 7 0 0 0 5 11v5l-2 2v1h18v-1l-2-2Z"
          />
        </svg>
        {unread > 0 && (
          <span className="notification-bell__count" aria-hidden="true" data-testid="unread-count">
            {unread > 99 ? '99+' : unread}
          </span>
        )}
      </button>
      {open && <NotificationPanel id={panelId} unread={unread} onNavigate={() => setOpen(false)} />}
      <span className="visually-hidden" role="status" aria-live="polite">
        {unread > 0 ? t('notifications.announce', { count: unread }) : ''}
      </span>
    </div>
  );
}
