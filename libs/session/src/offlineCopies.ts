import { MEMBER_ANSWERS_CACHE } from './memberAnswersCache';

/** The pages' own copies of a member's tickets and of a door's list (portal, admin console). */
const PAGE_COPIES = /^diaspora:(entry-tickets|door-list:)/;

/**
 * Issue 39: signing out leaves no tickets or door list of that member on the device, neither the
 * worker's copies nor the pages' (a door's queue of unsynced check-ins stays: it is not theirs to lose).
 */
export function forgetOfflineCopies(): void {
  void globalThis.caches?.delete(MEMBER_ANSWERS_CACHE);
  for (const key of Object.keys(localStorage))
    if (PAGE_COPIES.test(key)) localStorage.removeItem(key);
}
