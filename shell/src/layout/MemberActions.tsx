import type { User } from '@diaspora/api-client';
import { NotificationBell } from './NotificationBell';
import { UserMenu } from './UserMenu';

/**
 * A signed-in member's side of the top bar: the notification bell and the account menu. Loaded on
 * demand, so a guest's first page does not carry a member's code (its script budget, issue 37).
 */
export default function MemberActions({ user }: { user: User }) {
  return (
    <>
      <NotificationBell />
      <UserMenu user={user} />
    </>
  );
}
