import { timeZoneApi, type User } from '@diaspora/api-client';
import { useSession } from '@diaspora/session';
import { useEffect, useRef } from 'react';

/** The browser's IANA time zone, or undefined when it names none. */
export function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}

/**
 * A member whose profile has no time zone gets the browser's (once per page), so the weekly
 * digest comes at their morning; the profile form changes it. A zone the API refuses is left.
 */
export function useBrowserTimeZone(user: User): void {
  const { replaceUser } = useSession();
  const tried = useRef(false);
  useEffect(() => {
    if (user.timeZone || tried.current) return;
    const zone = browserTimeZone();
    if (!zone) return;
    tried.current = true;
    timeZoneApi.set(zone).then(replaceUser, () => undefined);
  }, [user.timeZone, replaceUser]);
}
