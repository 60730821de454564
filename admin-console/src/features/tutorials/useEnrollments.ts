import {
  api,
  unwrap,
  type EnrollmentStatus,
  type EnrollmentStatusUpdate,
} from '@diaspora/api-client';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

/** Spec section 9: the enrollment manager's page size. */
export const ENROLLMENT_PAGE_SIZE = 10;

export interface EnrollmentFilters {
  status: EnrollmentStatus | '';
  course: string;
  search: string;
}

// Under the portal's 'tutorials' key, so its lists refresh after a decision too.
const ENROLLMENTS_KEY = ['tutorials', 'enrollments'] as const;

/** GET /tutorials/enrollments?page&limit=10&status&course&search (the search is sent). */
export function useEnrollments(filters: EnrollmentFilters, page: number) {
  return useQuery({
    queryKey: [...ENROLLMENTS_KEY, filters, page],
    queryFn: () =>
      unwrap(
        api.GET('/api/tutorials/enrollments', {
          params: {
            query: {
              page,
              limit: ENROLLMENT_PAGE_SIZE,
              status: filters.status || undefined,
              course: filters.course || undefined,
              search: filters.search || undefined,
            },
          },
        }),
      ),
    placeholderData: keepPreviousData,
  });
}

/** GET /tutorials/enrollments?limit=1: the total, for the dashboard's Tutorials count. */
export function useEnrollmentTotal() {
  return useQuery({
    queryKey: [...ENROLLMENTS_KEY, 'total'],
    queryFn: () =>
      unwrap(api.GET('/api/tutorials/enrollments', { params: { query: { limit: 1 } } })),
    select: (list) => list.total,
  });
}

/** PUT /tutorials/enrollments/:id/status: the quick buttons and the details modal. */
export function useUpdateEnrollmentStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, update }: { id: string; update: EnrollmentStatusUpdate }) =>
      unwrap(
        api.PUT('/api/tutorials/enrollments/{id}/status', {
          params: { path: { id } },
          body: update,
        }),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['tutorials'] }),
  });
}

/** GET /tutorials/courses?includeHidden=true: every course, for the filter and management. */
export function useAdminCourses() {
  return useQuery({
    queryKey: ['tutorials', 'courses', 'admin'],
    queryFn: () =>
      unwrap(api.GET('/api/tutorials/courses', { params: { query: { includeHidden: true } } })),
  });
}
