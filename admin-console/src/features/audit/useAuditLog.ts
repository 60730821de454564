import { api, unwrap, type components } from '@diaspora/api-client';
import { keepPreviousData, useQuery } from '@tanstack/react-query';

export type AuditEntry = components['schemas']['AuditEntryDto'];

export const AUDIT_PAGE_SIZE = 20;

/** GET /admin/audit?page&limit: admin actions, newest first. */
export function useAuditLog(page: number) {
  return useQuery({
    queryKey: ['admin', 'audit', page],
    queryFn: () =>
      unwrap(api.GET('/api/admin/audit', { params: { query: { page, limit: AUDIT_PAGE_SIZE } } })),
    placeholderData: keepPreviousData,
  });
}
