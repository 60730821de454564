/// <reference lib="webworker" />
// The site's service worker (issue 39, docs/adr/0071): the shell's build precached, the remotes'
// files, config and the pages a member opens at an event kept as they are used, and those pages'
// API answers kept per member (NetworkFirst) so that My tickets and the door reopen offline.
import { MEMBER_ANSWERS_CACHE } from '@diaspora/session/src/memberAnswersCache';
import { clientsClaim, type WorkboxPlugin } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, precacheAndRoute } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import {
  ENTRY_FILES,
  HASHED_FILES,
  MEMBER_ANSWERS,
  OFFLINE_PAGES,
  memberCacheKey,
} from './offlineRoutes';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<{ url: string; revision: string | null }>;
};

/** A hall's weak signal: past this, the kept copy answers instead of a spinner. */
const NETWORK_TIMEOUT_SECONDS = 4;

/**
 * A file's kept copy answers whatever the request's headers: the server varies a file's encoding
 * (and the browser stores it decoded), so a module request would otherwise miss its copy.
 */
const ANY_HEADERS = { ignoreVary: true };

// A new worker takes over at once: pages are NetworkFirst, so an online reload always gets the
// newest HTML, whose hashed files the new precache holds (or the network serves).
void self.skipWaiting();
clientsClaim();
cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST);

registerRoute(
  ({ url, sameOrigin }) => sameOrigin && OFFLINE_PAGES.test(url.pathname),
  new NetworkFirst({
    cacheName: 'pages',
    networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
    matchOptions: ANY_HEADERS,
    plugins: [new ExpirationPlugin({ maxEntries: 30 })],
  }),
);

/** Files each answer under its member's key; a request without a token is never kept. */
const perMember: WorkboxPlugin = {
  cacheKeyWillBeUsed: async ({ request }) =>
    memberCacheKey(request.url, request.headers.get('authorization') ?? ''),
};

registerRoute(
  ({ url, sameOrigin, request }) =>
    sameOrigin && MEMBER_ANSWERS.test(url.pathname) && request.headers.has('authorization'),
  new NetworkFirst({
    cacheName: MEMBER_ANSWERS_CACHE,
    networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
    plugins: [perMember],
  }),
);

registerRoute(
  ({ url, sameOrigin }) => sameOrigin && ENTRY_FILES.test(url.pathname),
  new NetworkFirst({
    cacheName: 'front-end-entries',
    networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
    matchOptions: ANY_HEADERS,
  }),
);

registerRoute(
  ({ url, sameOrigin }) => sameOrigin && HASHED_FILES.test(url.pathname),
  new CacheFirst({
    cacheName: 'front-end-files',
    matchOptions: ANY_HEADERS,
    plugins: [new ExpirationPlugin({ maxEntries: 400, purgeOnQuotaError: true })],
  }),
);
