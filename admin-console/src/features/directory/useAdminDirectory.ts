import { api, unwrap } from '@diaspora/api-client';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

/** Dashboard list size (spec 9). */
export const ADMIN_LISTINGS_LIMIT = 50;

export type ModerationView = 'pending' | 'all';

/** GET /directory/admin/pending: listings waiting for review, with their total. */
export function usePendingListings(page = 1) {
  return useQuery({
    queryKey: ['directory', 'admin', 'pending', page],
    queryFn: () =>
      unwrap(
        api.GET('/api/directory/admin/pending', {
          params: { query: { limit: ADMIN_LISTINGS_LIMIT, page } },
        }),
      ),
    placeholderData: keepPreviousData,
  });
}

/** GET /directory/admin/all: every listing, with the total (the dashboard's Directory count). */
export function useAllListings(page = 1) {
  return useQuery({
    queryKey: ['directory', 'admin', 'all', page],
    queryFn: () =>
      unwrap(
        api.GET('/api/directory/admin/all', {
          params: { query: { limit: ADMIN_LISTINGS_LIMIT, page } },
        }),
      ),
    placeholderData: keepPreviousData,
  });
}

// `updatedAt`: the version the admin reviewed; an owner's edit since is refused (EDIT_CONFLICT).
export type ModerationAction =
  | { kind: 'approve'; id: string; updatedAt: string; verified: boolean; featured: boolean }
  | { kind: 'reject'; id: string; updatedAt: string; reason: string }
  | { kind: 'verify'; id: string }
  | { kind: 'feature'; id: string };

/** Approve, reject (with a reason), verify and feature; every directory query reloads after. */
export function useModerate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: ModerationAction) => {
      const path = { params: { path: { id: action.id } } };
      switch (action.kind) {
        case 'approve':
          // Spec 7: approve carries the verified and featured flags (kept as they are).
          return unwrap(
            api.PUT('/api/directory/admin/{id}/approve', {
              ...path,
              body: {
                verified: action.verified,
                featured: action.featured,
                updatedAt: action.updatedAt,
              },
            }),
          );
        case 'reject':
          return unwrap(
            api.PUT('/api/directory/admin/{id}/reject', {
              ...path,
              body: {
                updatedAt: action.updatedAt,
                ...(action.reason.trim() ? { reason: action.reason.trim() } : {}),
              },
            }),
          );
        case 'verify':
          return unwrap(
            api.PUT('/api/directory/admin/{id}/verify', { ...path, body: { verified: true } }),
          );
        case 'feature':
          return unwrap(
            api.PUT('/api/directory/admin/{id}/feature', { ...path, body: { featured: true } }),
          );
      }
    },
    // After a refusal too: an owner's edit or another admin's decision shows, with its version.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['directory'] }),
  });
}

/** DELETE /directory/:id (admins may delete any listing). */
export function useDeleteListing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      unwrap(api.DELETE('/api/directory/{id}', { params: { path: { id } } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['directory'] }),
  });
}
