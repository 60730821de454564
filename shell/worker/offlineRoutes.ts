/**
 * What the service worker keeps, by URL path (issue 39, docs/adr/0071): a member's tickets (on the
 * profile) and the door's check-in screen open without a network once opened.
 */

/** The pages that open offline: their HTML (server-made, with the import map) is kept per URL. */
export const OFFLINE_PAGES = /^\/(profile|admin\/check-in)(\/[^/]+)?\/?$/;

/**
 * The API answers those pages draw, kept per member: the session's user (spec 4 signs a member out
 * when it fails), the tickets, and the door's events, list and counts.
 */
export const MEMBER_ANSWERS =
  /^\/api\/(auth\/me|tickets|payments\/tickets|events\/door-events|events\/[^/]+\/door(\/counts)?)$/;

/** Front-end files that change under their name: the network first, the kept copy offline. */
export const ENTRY_FILES =
  /^\/(config\.js|page-scripts\.js|intl-warmup\.js|favicon\.svg|remotes\/(portal|admin)\/remoteEntry\.js)$/;

/** Hashed build files (the shell's beyond its precache, and the remotes'): never change. */
export const HASHED_FILES = /^\/(remotes\/(portal|admin)\/)?assets\//;

/** The query parameter that files a member's answer under a digest of their bearer token. */
export const MEMBER_PARAMETER = 'offline-member';

/**
 * The cache key of a member's API answer: the URL and a SHA-256 digest of the request's
 * Authorization header, so another member's token (or none) never reads it, even before the
 * sign-out that deletes the cache.
 */
export async function memberCacheKey(url: string, authorization: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(authorization));
  const hex = Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0'));
  const key = new URL(url);
  key.searchParams.set(MEMBER_PARAMETER, hex.join(''));
  return key.href;
}
