import { useAllListings } from '../directory/useAdminDirectory';
import { useAdminEvents } from '../events/useAdminEvents';
import { useContactMessages } from '../messages/useContactMessages';
import { useAdminNews } from '../news/useAdminNews';
import { useEnrollmentTotal } from '../tutorials/useEnrollments';
import { useUsersPage } from '../users/useUsers';
import type { DashboardCounts } from './tabs';

/**
 * Counts of the stat cards and tabs, requested together (spec 7: the dashboard loads its lists
 * together) and shown together once all have arrived, rather than ticking up one by one.
 * Seam: the directory and tutorials features add their totals here as their APIs arrive.
 */
export function useDashboardCounts(): {
  counts: DashboardCounts;
  unreadMessages: number;
  loading: boolean;
} {
  const users = useUsersPage(1);
  const events = useAdminEvents();
  const news = useAdminNews();
  const listings = useAllListings();
  const enrollments = useEnrollmentTotal();
  const messages = useContactMessages(1);
  return {
    counts: {
      events: events.data?.total ?? 0,
      users: users.data?.total ?? 0,
      news: news.data?.total ?? 0,
      directory: listings.data?.total ?? 0,
      tutorials: enrollments.data ?? 0,
    },
    unreadMessages: messages.data?.unread ?? 0,
    loading: [users, events, news, listings, enrollments].some((query) => query.isPending),
  };
}
