import { api, unwrap, type components, type ContactMessageStatus } from '@diaspora/api-client';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

export type ContactMessage = components['schemas']['ContactMessageDto'];

export const MESSAGES_PAGE_SIZE = 20;
const MESSAGES_KEY = ['admin', 'contact'] as const;

/** GET /contact/messages?page&limit&status, newest first, with the unread count. */
export function useContactMessages(page: number, status?: ContactMessageStatus) {
  return useQuery({
    queryKey: [...MESSAGES_KEY, page, status ?? 'all'],
    queryFn: () =>
      unwrap(
        api.GET('/api/contact/messages', {
          params: { query: { page, limit: MESSAGES_PAGE_SIZE, ...(status ? { status } : {}) } },
        }),
      ),
    placeholderData: keepPreviousData,
  });
}

/** PUT /contact/messages/:id/status (audited on the server). */
export function useSetMessageStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: ContactMessageStatus }) =>
      unwrap(
        api.PUT('/api/contact/messages/{id}/status', {
          params: { path: { id } },
          body: { status },
        }),
      ),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: MESSAGES_KEY }),
        queryClient.invalidateQueries({ queryKey: ['admin', 'audit'] }),
      ]),
  });
}
