import { useTranslation } from 'react-i18next';
import { NotificationPanel } from './NotificationPanel';
import { useDisclosure } from './useDisclosure';
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
  const { open, close, panelId, containerProps, buttonProps } = useDisclosure();
  const label =
    unread > 0 ? t('notifications.bellUnread', { count: unread }) : t('notifications.bell');

  return (
    <div className="notification-menu" {...containerProps}>
      <button {...buttonProps} className="notification-bell" aria-label={label} title={label}>
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
      {open && <NotificationPanel id={panelId} unread={unread} onNavigate={close} />}
      <span className="visually-hidden" role="status" aria-live="polite">
        {unread > 0 ? t('notifications.announce', { count: unread }) : ''}
      </span>
    </div>
  );
}
