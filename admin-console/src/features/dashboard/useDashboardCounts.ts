import { useAllListings } from '../directory/useAdminDirectory';
import { useAdminEvents } from '../events/useAdminEvents';
import { useContactMessages } from '../messages/useContactMessages';
import { useAdminNews } from '../news/useAdminNews';
import { useEnrollmentTotal } from '../tutorials/useEnrollments';
import { useUsersPage } from '../users/useUsers';
import type { DashboardCounts } from './tabs';

/**
 * Counts of the stat cards and tabs, requested together (spec 7: the dashboard loads its lists
 * together) and shown together once all have arrived, rather than ticking up one by one. A count
 * that failed is undefined, so no screen shows it as 0.
 * Seam: the directory and tutorials features add their totals here as their APIs arrive.
 */
export function useDashboardCounts(): {
  counts: DashboardCounts;
  loading: boolean;
  /** New contact messages (undefined: not loaded), loaded on their own. */
  unreadMessages: number | undefined;
  unreadLoading: boolean;
} {
  const users = useUsersPage(1);
  const events = useAdminEvents();
  const news = useAdminNews();
  const listings = useAllListings();
  const enrollments = useEnrollmentTotal();
  const messages = useContactMessages(1);
  return {
    counts: {
      events: events.data?.total,
      users: users.data?.total,
      news: news.data?.total,
      directory: listings.data?.total,
      tutorials: enrollments.data,
    },
    loading: [users, events, news, listings, enrollments].some((query) => query.isPending),
    unreadMessages: messages.data?.unread,
    unreadLoading: messages.isPending,
  };
}
