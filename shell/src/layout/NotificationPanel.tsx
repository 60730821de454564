import { notificationsApi, type Notification } from '@diaspora/api-client';
import { loadNamespaces } from '@diaspora/i18n';
// By path: the ui index is on every guest's first page, and only members read notifications.
import {
  notificationDetail,
  notificationText,
} from '@diaspora/ui/src/notifications/notificationText';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { NOTIFICATIONS_KEY, UNREAD_KEY } from './useNotificationFeed';

/** How many of the newest notifications the bell's panel shows. */
export const LATEST_COUNT = 5;
const LATEST_KEY = [...NOTIFICATIONS_KEY, 'list', 'latest'] as const;

/**
 * The bell's panel: the newest notifications (each a link to its item, or its words when the item
 * is gone), mark all read, and the page of them all. Its texts load with it, not with the bell.
 */
export function NotificationPanel({
  id,
  unread,
  onNavigate,
}: {
  id: string;
  unread: number;
  onNavigate: () => void;
}) {
  const { t, i18n } = useTranslation('notifications');
  const queryClient = useQueryClient();
  const latest = useQuery({
    queryKey: LATEST_KEY,
    queryFn: () => notificationsApi.list({ page: 1, limit: LATEST_COUNT }),
  });
  const markAll = useMutation({
    mutationFn: notificationsApi.markAllRead,
    onSuccess: ({ unread: left }) => {
      queryClient.setQueryData(UNREAD_KEY, left);
      void queryClient.invalidateQueries({
        queryKey: NOTIFICATIONS_KEY,
        predicate: (query) => query.queryKey[1] !== 'unread',
      });
    },
  });
  const markOne = useMutation({
    mutationFn: notificationsApi.markRead,
    onSuccess: ({ unread: left }) => queryClient.setQueryData(UNREAD_KEY, left),
  });
  const [ready, setReady] = useState(() => i18n.hasLoadedNamespace('notifications'));
  useEffect(() => {
    void loadNamespaces(['notifications']).then(() => setReady(true));
  }, []);

  return (
    <div className="notification-menu__panel" id={id}>
      {!ready || latest.isPending ? (
        // Words, not the ui's Spinner: a component bootstrap also uses split into a chunk of its
        // own, one more script on every guest's first page (0.8 KB on the wire).
        <p className="notification-menu__note" role="status">
          {t('loading', { ns: 'ui' })}
        </p>
      ) : latest.isError ? (
        <p className="notification-menu__note">{t('loadError')}</p>
      ) : latest.data.notifications.length === 0 ? (
        <p className="notification-menu__note">{t('empty')}</p>
      ) : (
        <ul className="notification-menu__list" aria-label={t('title')}>
          {latest.data.notifications.map((notification) => (
            <LatestItem
              key={notification._id}
              notification={notification}
              onOpen={() => {
                if (!notification.read) markOne.mutate(notification._id);
                onNavigate();
              }}
            />
          ))}
        </ul>
      )}
      {ready && (
        <div className="notification-menu__actions">
          <button
            type="button"
            className="notification-menu__action"
            disabled={unread === 0 || markAll.isPending}
            onClick={() => markAll.mutate()}
          >
            {t('markAllRead')}
          </button>
          <Link to="/notifications" className="notification-menu__action" onClick={onNavigate}>
            {t('seeAll')}
          </Link>
        </div>
      )}
    </div>
  );
}

function LatestItem({ notification, onOpen }: { notification: Notification; onOpen: () => void }) {
  const { t, i18n } = useTranslation('notifications');
  const text = notificationText(notification, t, i18n.language);
  const detail = notificationDetail(notification, t);
  const state = notification.read ? null : (
    <>
      <span className="visually-hidden">{t('unread')}:</span>{' '}
    </>
  );
  return (
    <li
      className={`notification-menu__item${notification.read ? '' : ' notification-menu__item--unread'}`}
    >
      {notification.link ? (
        <Link to={notification.link} onClick={onOpen}>
          {state}
          {text}
        </Link>
      ) : (
        <span>
          {state}
          {text} <em>{t('gone')}</em>
        </span>
      )}
      {detail && <span className="notification-menu__detail">{detail}</span>}
    </li>
  );
}
