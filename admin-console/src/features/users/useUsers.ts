import { api, unwrap, usersApi, type components, type UserRole } from '@diaspora/api-client';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

export type AdminUser = components['schemas']['UserDto'];

/** Members per page of the Users tab (the dashboard list size of spec section 9). */
export const USERS_PAGE_SIZE = 50;

const USERS_KEY = ['admin', 'users'] as const;

/** GET /users?search&page&limit: searched and paged on the server. */
export function useUsersPage(page: number, search = '') {
  return useQuery({
    queryKey: [...USERS_KEY, page, search],
    queryFn: () => usersApi.list({ page, limit: USERS_PAGE_SIZE, ...(search ? { search } : {}) }),
    placeholderData: keepPreviousData,
  });
}

export type UserAction =
  | { kind: 'approve'; id: string }
  | { kind: 'confirmEmail'; id: string }
  | { kind: 'block'; id: string }
  | { kind: 'unblock'; id: string }
  | { kind: 'role'; id: string; role: UserRole };

function runAction(action: UserAction): Promise<AdminUser> {
  const params = { params: { path: { id: action.id } } };
  switch (action.kind) {
    case 'approve':
      return unwrap(api.PUT('/api/users/{id}/approve', params));
    case 'confirmEmail':
      return unwrap(api.PUT('/api/users/{id}/confirm-email', params));
    case 'block':
      return unwrap(api.PUT('/api/users/{id}/block', params));
    case 'unblock':
      return unwrap(api.PUT('/api/users/{id}/unblock', params));
    case 'role':
      return unwrap(api.PUT('/api/users/{id}/role', { ...params, body: { role: action.role } }));
  }
}

/** Approve, confirm an address, block, unblock or change a role; the list and the audit log refresh after. */
export function useUserAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runAction,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: USERS_KEY }),
        queryClient.invalidateQueries({ queryKey: ['admin', 'audit'] }),
      ]),
  });
}
