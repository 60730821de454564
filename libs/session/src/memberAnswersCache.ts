/** The service worker's cache of members' API answers (shell/worker/sw.ts, docs/adr/0071). */
export const MEMBER_ANSWERS_CACHE = 'member-answers';
