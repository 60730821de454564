import { api, unwrap } from '@diaspora/api-client';
import { useQuery } from '@tanstack/react-query';
import { useDeferredQuery } from '../../shared/useDeferredQuery';

/** GET /team: everyone, founders first (Home shows the founders, About the whole team). */
export function useTeam() {
  return useDeferredQuery(
    useQuery({
      queryKey: ['team', 'all'],
      queryFn: () => unwrap(api.GET('/api/team')),
    }),
  );
}

/** GET /team/instructors: the Tutorials page's instructors. */
export function useInstructors() {
  return useQuery({
    queryKey: ['team', 'instructors'],
    queryFn: () => unwrap(api.GET('/api/team/instructors')),
  });
}
