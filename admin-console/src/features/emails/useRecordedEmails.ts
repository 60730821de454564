import { api, unwrap, type components } from '@diaspora/api-client';
import { keepPreviousData, useQuery } from '@tanstack/react-query';

export type RecordedEmail = components['schemas']['MailMessageDto'];

export const EMAILS_PAGE_SIZE = 20;

/** GET /mail/messages?page&limit: every recorded email, newest first (admins). */
export function useRecordedEmails(page: number) {
  return useQuery({
    queryKey: ['admin', 'emails', page],
    queryFn: () =>
      unwrap(
        api.GET('/api/mail/messages', {
          params: { query: { page, limit: EMAILS_PAGE_SIZE } },
        }),
      ),
    placeholderData: keepPreviousData,
  });
}
