// Hosts that serve stand-in pictures: the media upload service was not configured when such a
// URL was stored, so the image is treated as missing (spec section 8).
const PLACEHOLDER_HOSTS = ['placeholder.com', 'placehold.co', 'placehold.it', 'dummyimage.com'];

/** True for URLs on a placeholder-image host or its subdomains (via.placeholder.com). */
export function isPlaceholderHost(url: string | null | undefined): boolean {
  if (!url) return false;
  let host: string;
  try {
    host = new URL(url, 'http://relative.invalid').hostname.toLowerCase();
  } catch {
    return false;
  }
  return PLACEHOLDER_HOSTS.some((known) => host === known || host.endsWith(`.${known}`));
}
