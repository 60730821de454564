import { useEffect, useRef } from 'react';

/**
 * A list whose items each have a Remove button: after a removal the focus goes to the Remove of
 * the item that took the removed one's place (or of the new last one), or to `emptied()` when none
 * is left, instead of dropping to the page's start with the button that had it. Call the returned
 * function with the removed item's index as it is removed.
 */
export function useFocusAfterRemoval(
  count: number,
  removeButton: (index: number) => HTMLElement | null,
  emptied: () => HTMLElement | null | undefined,
): (index: number) => void {
  const removedAt = useRef<number | null>(null);
  // After every render: only the one that follows a removal moves the focus.
  useEffect(() => {
    const at = removedAt.current;
    if (at === null) return;
    removedAt.current = null;
    (count > 0 ? removeButton(Math.min(at, count - 1)) : emptied())?.focus();
  });
  return (index) => {
    removedAt.current = index;
  };
}
