import { notificationsApi, readNotificationStream } from '@diaspora/api-client';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';

/** The unread count's query; the portal's list lives under the same first key. */
export const UNREAD_KEY = ['notifications', 'unread'] as const;
export const NOTIFICATIONS_KEY = ['notifications'] as const;

/** While the stream is down the count is polled this often (ADR 0061). */
export const POLL_MS = 30_000;
/** A dropped stream is opened again after this long (then polling covers the gap). */
export const RECONNECT_MS = 5_000;

/**
 * The signed-in member's unread count, kept live: the stream (Server-Sent Events) sets it and
 * refreshes the lists as each notification arrives; while the stream is down, it is polled.
 */
export function useNotificationFeed(enabled: boolean): number {
  const queryClient = useQueryClient();
  const [live, setLive] = useState(false);
  const unread = useQuery({
    queryKey: UNREAD_KEY,
    queryFn: notificationsApi.unreadCount,
    enabled,
    refetchInterval: live ? false : POLL_MS,
  });

  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    let retry: ReturnType<typeof setTimeout> | undefined;
    const open = () => {
      readNotificationStream((event) => {
        setLive(true);
        // The stream's count is the newest: a poll still under way must not overwrite it.
        void queryClient.cancelQueries({ queryKey: UNREAD_KEY });
        queryClient.setQueryData(UNREAD_KEY, event.unread);
        if (event.type === 'notification') {
          void queryClient.invalidateQueries({
            queryKey: NOTIFICATIONS_KEY,
            predicate: (query) => query.queryKey[1] !== 'unread',
          });
        }
      }, controller.signal)
        .catch(() => undefined)
        .finally(() => {
          setLive(false);
          if (!controller.signal.aborted) retry = setTimeout(open, RECONNECT_MS);
        });
    };
    open();
    return () => {
      controller.abort();
      clearTimeout(retry);
    };
  }, [enabled, queryClient]);

  return unread.data ?? 0;
}
