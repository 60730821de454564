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
 * The stream opens this long after the page: it holds one of the browser's few connections to
 * the origin for good, so the page's own requests go first (the count is fetched at once, and
 * the stream's first message brings it up to date). Tests set it to 0.
 */
export const streamTiming = { delayMs: 5_000 };

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
    retry = setTimeout(open, streamTiming.delayMs);
    return () => {
      controller.abort();
      clearTimeout(retry);
    };
  }, [enabled, queryClient]);

  return unread.data ?? 0;
}
