import { api, unwrap, type EnrollRequest } from '@diaspora/api-client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

/** GET /tutorials/courses: the offered courses with both languages' texts. */
export function useCourses() {
  return useQuery({
    queryKey: ['tutorials', 'courses'],
    queryFn: () => unwrap(api.GET('/api/tutorials/courses')),
  });
}

/** GET /tutorials/my-enrollments: the member's own applications (members only). */
export function useMyEnrollments(enabled: boolean) {
  return useQuery({
    queryKey: ['tutorials', 'mine'],
    enabled,
    queryFn: () => unwrap(api.GET('/api/tutorials/my-enrollments')),
  });
}

/** POST /tutorials/enroll; refreshes the member's enrollments and the course counts. */
export function useEnroll() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EnrollRequest) => unwrap(api.POST('/api/tutorials/enroll', { body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['tutorials'] }),
  });
}
