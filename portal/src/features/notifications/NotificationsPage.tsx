import type { Notification } from '@diaspora/api-client';
import { dateFormat, intlLocale } from '@diaspora/i18n';
import { Alert, EmptyState, PageFrame, Pagination, Spinner } from '@diaspora/ui';
// By path: the ui index is on every guest's first page, and only members read notifications.
import {
  notificationDetail,
  notificationText,
} from '@diaspora/ui/src/notifications/notificationText';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMarkRead, useNotificationPage } from './useNotifications';
import './notifications.css';

/** The member's notifications (issue 40): newest first, paged, read and unread, live. */
export function NotificationsPage() {
  const { t } = useTranslation('notifications');
  const [page, setPage] = useState(1);
  const list = useNotificationPage(page);
  const markRead = useMarkRead();

  return (
    <PageFrame title={t('title')} subtitle={t('subtitle')}>
      <div className="notifications__actions">
        <button
          type="button"
          className="btn btn--secondary"
          disabled={!list.data?.unread || markRead.isPending}
          onClick={() => markRead.mutate('all')}
        >
          {t('markAllRead')}
        </button>
        <Link to="/notifications/preferences" className="btn btn--ghost">
          {t('settingsLink')}
        </Link>
      </div>
      {list.isPending ? (
        <Spinner />
      ) : list.isError ? (
        <Alert tone="error">{t('loadError')}</Alert>
      ) : list.data.notifications.length === 0 ? (
        <EmptyState title={t('empty')} />
      ) : (
        <>
          <ul className="notifications" aria-label={t('title')}>
            {list.data.notifications.map((notification) => (
              <NotificationItem
                key={notification._id}
                notification={notification}
                onRead={() => markRead.mutate(notification._id)}
              />
            ))}
          </ul>
          <Pagination page={page} totalPages={list.data.totalPages} onPageChange={setPage} />
        </>
      )}
    </PageFrame>
  );
}

function NotificationItem({
  notification,
  onRead,
}: {
  notification: Notification;
  onRead: () => void;
}) {
  const { t, i18n } = useTranslation('notifications');
  const text = notificationText(notification, t, i18n.language);
  const detail = notificationDetail(notification, t);
  const when = dateFormat(intlLocale(i18n.language), {
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(new Date(notification.createdAt));
  return (
    <li className={`notifications__item ${notification.read ? '' : 'notifications__item--unread'}`}>
      <span className="visually-hidden">{notification.read ? t('read') : t('unread')}: </span>
      <p className="notifications__text">
        {notification.link ? (
          <Link to={notification.link} onClick={notification.read ? undefined : onRead}>
            {text}
          </Link>
        ) : (
          text
        )}
      </p>
      {detail && <p className="notifications__detail">{detail}</p>}
      {notification.targetGone && <p className="notifications__gone">{t('gone')}</p>}
      <p className="notifications__meta">
        <time dateTime={notification.createdAt}>{when}</time>
        {!notification.read && (
          <button type="button" className="btn btn--ghost" onClick={onRead}>
            {t('markRead')}
          </button>
        )}
      </p>
    </li>
  );
}
