import { useAdminEvents } from '../events/useAdminEvents';
import { useAdminNews } from '../news/useAdminNews';
import { useEnrollmentTotal } from '../tutorials/useEnrollments';
import { useUsersPage } from '../users/useUsers';
import type { DashboardCounts } from './tabs';

/**
 * Counts of the stat cards and tabs. Seam: the events, news, directory and tutorials features add
 * their totals here as their APIs arrive.
 */
export function useDashboardCounts(): DashboardCounts {
  const users = useUsersPage(1);
  const events = useAdminEvents();
  const news = useAdminNews();
  const enrollments = useEnrollmentTotal();
  return {
    events: events.data?.total ?? 0,
    users: users.data?.total ?? 0,
    news: news.data?.total ?? 0,
    directory: 0,
    tutorials: enrollments.data ?? 0,
  };
}
