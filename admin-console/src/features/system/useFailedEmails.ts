import { api, unwrap, type components } from '@diaspora/api-client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

export type FailedEmail = components['schemas']['FailedEmailDto'];

const FAILED_EMAILS = ['admin', 'system', 'failed-emails'] as const;

/** GET /admin/system/failed-emails: one page of the emails whose last attempt failed. */
export function useFailedEmails(page: number) {
  return useQuery({
    queryKey: [...FAILED_EMAILS, page],
    queryFn: () =>
      unwrap(api.GET('/api/admin/system/failed-emails', { params: { query: { page } } })),
  });
}

/** POST …/:id/retry: the email goes back to the outbox; the list, outbox and audit log change. */
export function useRetryEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (email: FailedEmail) =>
      unwrap(
        api.POST('/api/admin/system/failed-emails/{id}/retry', {
          params: { path: { id: email._id } },
        }),
      ),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['admin', 'system'] }),
        queryClient.invalidateQueries({ queryKey: ['admin', 'audit'] }),
      ]),
  });
}
