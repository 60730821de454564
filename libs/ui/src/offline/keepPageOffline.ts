import { authStorage } from '@diaspora/api-client';

/** The site's service worker (shell/worker/sw.ts, built to the site's root; docs/adr/0071). */
export const SERVICE_WORKER_URL = '/sw.js';

/** The session's user: every member page draws it on start, offline too (spec 4). */
const SESSION_USER = '/api/auth/me';

/** A request the worker's CACHE_URLS message takes: a URL, or a URL and its init. */
type UrlToCache = string | [string, RequestInit];

/**
 * What this page has loaded from the site (its HTML, scripts, styles, fonts, config) and the API
 * answers it draws, sent with the member's token: the worker keeps each its route keeps. Files the
 * page loaded before the worker controlled it (a first visit) are only kept this way.
 */
function pageRequests(answers: readonly string[]): UrlToCache[] {
  const origin = location.origin;
  const files = performance
    .getEntriesByType('resource')
    .map((entry) => entry.name)
    .filter((url) => url.startsWith(`${origin}/`) && !url.startsWith(`${origin}/api/`));
  const token = authStorage.readToken();
  const api: UrlToCache[] = token
    ? [SESSION_USER, ...answers].map((path) => [
        `${origin}${path}`,
        { headers: { Authorization: `Bearer ${token}` } },
      ])
    : [];
  const pages: UrlToCache[] = [...new Set([location.href, ...files])];
  return [...pages, ...api];
}

/**
 * Issue 39: keeps this page, the files it loaded and its API answers on the device, so that it
 * opens again without a network (My tickets, the door). Registers the worker after the page's
 * load; resolves true once the worker has kept them, false where there is no worker.
 */
export async function keepPageOffline(answers: readonly string[]): Promise<boolean> {
  if (!('serviceWorker' in navigator)) return false;
  try {
    // Loaded here, not with the page (nor in the build's prerender, which runs in Node).
    const { messageSW, Workbox } = await import('workbox-window');
    // Workbox registers after the window's load event: nothing competes with the page's own start.
    await new Workbox(SERVICE_WORKER_URL).register();
    // The active worker, also when this page is not yet (or, after a forced reload, not) its client.
    const { active } = await navigator.serviceWorker.ready;
    if (!active) return false;
    await messageSW(active, {
      type: 'CACHE_URLS',
      payload: { urlsToCache: pageRequests(answers) },
    });
    return true;
  } catch {
    // No worker here (development server, standalone console, a private window): online only.
    return false;
  }
}
