/** The page numbers to show: all when few, otherwise a window around the current page. */
export function pageNumbers(page: number, totalPages: number, window = 2): number[] {
  const first = Math.max(1, Math.min(page - window, totalPages - 2 * window));
  const last = Math.min(totalPages, first + 2 * window);
  const pages: number[] = [];
  for (let n = first; n <= last; n += 1) pages.push(n);
  return pages;
}
