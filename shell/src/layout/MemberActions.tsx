import type { User } from '@diaspora/api-client';
import { isAdmin } from '@diaspora/session';
import { NotificationBell } from './NotificationBell';
import { useBrowserTimeZone } from './useBrowserTimeZone';
import { UserMenu } from './UserMenu';

/**
 * A signed-in member's side of the top bar: the notification bell and the account menu. Loaded on
 * demand, so a guest's first page does not carry a member's code (its script budget, issue 37).
 * No bell before the profile is complete: the API answers such a member's notifications 403
 * PROFILE_INCOMPLETE (admins are exempt there too). A member without a time zone is given the
 * browser's here, with the member's code (issue 40's weekly digest).
 */
export default function MemberActions({ user }: { user: User }) {
  useBrowserTimeZone(user);
  return (
    <>
      {(user.profileComplete || isAdmin(user)) && <NotificationBell />}
      <UserMenu user={user} />
    </>
  );
}
