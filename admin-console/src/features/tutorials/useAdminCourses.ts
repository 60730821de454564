import { api, unwrap, type Course, type CourseRequest } from '@diaspora/api-client';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** Create with every field (and `course.id`), or change some fields of the course `id`. */
export type SaveCourse =
  { id?: undefined; course: CourseRequest } | { id: string; course: Partial<CourseRequest> };

/** POST /tutorials/courses (create) or PUT /tutorials/courses/:id (edit, hide or show). */
export function useSaveCourse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (save: SaveCourse): Promise<Course> => {
      if (save.id === undefined) {
        return unwrap(api.POST('/api/tutorials/courses', { body: save.course }));
      }
      const { id, course } = save;
      // The id names the course in the path; it cannot change.
      const { id: _fixed, ...changes } = course;
      return unwrap(
        api.PUT('/api/tutorials/courses/{id}', { params: { path: { id } }, body: changes }),
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
