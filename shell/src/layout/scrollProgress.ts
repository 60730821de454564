/** The button appears after this many pixels of scrolling (spec section 9). */
export const SCROLL_THRESHOLD = 300;

/** Share of the page scrolled, from 0 to 1. */
export function scrollProgress(
  scrollY: number,
  scrollHeight: number,
  viewportHeight: number,
): number {
  const scrollable = scrollHeight - viewportHeight;
  if (scrollable <= 0) return 0;
  return Math.min(1, Math.max(0, scrollY / scrollable));
}
