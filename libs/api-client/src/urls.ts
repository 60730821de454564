import { getAppConfig } from './runtimeConfig';

/**
 * Where the browser loads an uploaded file from. The API stores
 * root-relative paths (`/api/files/...`), which a front end on another origin (the standalone
 * admin console) must resolve against the API's origin. Absolute URLs (external pictures, blob:
 * previews) are kept as they are.
 */
export function mediaUrl(path: string): string;
export function mediaUrl(path: string | null | undefined): string | undefined;
export function mediaUrl(path: string | null | undefined): string | undefined {
  if (!path) return undefined;
  if (!path.startsWith('/') || path.startsWith('//')) return path;
  return `${getAppConfig().apiOrigin}${path}`;
}

/**
 * The crossorigin attribute of an image or video at `url` (as mediaUrl returned it). A page on
 * another origin than the API loads the API's files in CORS mode, which the API grants to its
 * CORS_ORIGINS only, while its Cross-Origin-Resource-Policy keeps refusing every other embedder.
 * Same-origin files and other hosts' pictures load as plain images.
 */
export function mediaCrossOrigin(url: string | null | undefined): 'anonymous' | undefined {
  const { apiOrigin } = getAppConfig();
  if (!url || !apiOrigin || apiOrigin === globalThis.location?.origin) return undefined;
  return url.startsWith(`${apiOrigin}/`) ? 'anonymous' : undefined;
}

/**
 * A page of the public site (an article, an event) as a link from any origin: the platform serves
 * its site and its API from one origin, so the standalone console links there, not to itself.
 */
export function pageUrl(path: string): string {
  return `${getAppConfig().apiOrigin}${path}`;
}
