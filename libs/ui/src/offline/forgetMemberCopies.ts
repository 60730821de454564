import { MEMBER_ANSWERS_CACHE } from '@diaspora/session/src/memberAnswersCache';

/**
 * Issue 39 (docs/adr/0071): at sign-out, the service worker's copies of the member's answers and
 * the kept tickets go. Called beside each `logout()`, all in member-only chunks: the session
 * module itself is on every guest's first page, at its budget.
 */
export function forgetMemberCopies(): void {
  void globalThis.caches?.delete(MEMBER_ANSWERS_CACHE);
  localStorage.removeItem('diaspora:entry-tickets');
}
