import { usersApi } from '@diaspora/api-client';
import { keepPreviousData, useQuery } from '@tanstack/react-query';

/** Members per page of the Users tab (the dashboard list size of spec section 9). */
export const USERS_PAGE_SIZE = 50;

export function useUsersPage(page: number) {
  return useQuery({
    queryKey: ['admin', 'users', page],
    queryFn: () => usersApi.list({ page, limit: USERS_PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });
}
