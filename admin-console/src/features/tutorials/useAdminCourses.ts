import { api, unwrap, type Course, type CourseRequest } from '@diaspora/api-client';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/**
 * Create with every field (and `course.id`), or change some fields of the course `id`; an editor
 * also sends the `updatedAt` it loaded, so a save over someone else's newer one answers
 * EDIT_CONFLICT instead of dropping their changes.
 */
export type SaveCourse =
  | { id?: undefined; course: CourseRequest }
  | { id: string; course: Partial<CourseRequest>; updatedAt?: string };

/** POST /tutorials/courses (create) or PUT /tutorials/courses/:id (edit, hide or show). */
export function useSaveCourse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (save: SaveCourse): Promise<Course> => {
      if (save.id === undefined) {
        return unwrap(api.POST('/api/tutorials/courses', { body: save.course }));
      }
      const { id, course, updatedAt } = save;
      // The id names the course in the path; it cannot change.
      const { id: _fixed, ...changes } = course;
      return unwrap(
        api.PUT('/api/tutorials/courses/{id}', {
          params: { path: { id } },
          body: { ...changes, updatedAt },
        }),
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['tutorials'] }),
  });
}

/** DELETE /tutorials/courses/:id (a course nobody applied to). */
export function useDeleteCourse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      unwrap(api.DELETE('/api/tutorials/courses/{id}', { params: { path: { id } } })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['tutorials'] }),
  });
}
