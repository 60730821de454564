import { notificationsApi, type NotificationPreferenceChange } from '@diaspora/api-client';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

/** Every notification query starts with this key: the shell's live stream refreshes them all. */
export const NOTIFICATIONS_KEY = ['notifications'] as const;
const PREFERENCES_KEY = ['notifications', 'preferences'] as const;
export const PAGE_SIZE = 20;

export function useNotificationPage(page: number) {
  return useQuery({
    queryKey: [...NOTIFICATIONS_KEY, 'list', page],
    queryFn: () => notificationsApi.list({ page, limit: PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });
}

/** Marking read changes the list and the bell's count: both are refreshed. */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string | 'all') =>
      id === 'all' ? notificationsApi.markAllRead() : notificationsApi.markRead(id),
    onSuccess: ({ unread }) => {
      queryClient.setQueryData([...NOTIFICATIONS_KEY, 'unread'], unread);
      void queryClient.invalidateQueries({ queryKey: [...NOTIFICATIONS_KEY, 'list'] });
    },
  });
}

export function usePreferences() {
  return useQuery({ queryKey: PREFERENCES_KEY, queryFn: notificationsApi.preferences });
}

export function useSavePreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      preferences,
      weeklyDigest,
    }: {
      preferences: NotificationPreferenceChange[];
      weeklyDigest: boolean;
    }) => notificationsApi.updatePreferences(preferences, weeklyDigest),
    onSuccess: (saved) => queryClient.setQueryData(PREFERENCES_KEY, saved),
  });
}
