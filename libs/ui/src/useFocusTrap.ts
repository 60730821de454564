import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';
import { FOCUSABLE } from './focusable';

/**
 * Keeps Tab inside the container, calls onEscape, and restores focus when closed.
 * onEscape is read through a ref: callers pass a new function every render, and the trap
 * must not restart (and move focus back to the first control) each time they do.
 */
export function useFocusTrap(
  container: RefObject<HTMLElement | null>,
  active: boolean,
  onEscape: () => void,
): void {
  const onEscapeRef = useRef(onEscape);
  useLayoutEffect(() => {
    onEscapeRef.current = onEscape;
  }, [onEscape]);

  useEffect(() => {
    if (!active) return;
    const previouslyFocused = document.activeElement as HTMLElement | null;
    const element = container.current;
    const focusables = () =>
      element ? Array.from(element.querySelectorAll<HTMLElement>(FOCUSABLE)) : [];
    (focusables()[0] ?? element)?.focus();

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.stopPropagation();
        onEscapeRef.current();
        return;
      }
      if (event.key !== 'Tab') return;
      const items = focusables();
      if (items.length === 0) {
        event.preventDefault();
        return;
      }
      const first = items[0];
      const last = items[items.length - 1];
      // Focus fell out of the dialog (its control was removed, as a Remove button removes itself):
      // Tab brings it back in instead of walking the page behind.
      if (!element?.contains(document.activeElement)) {
        event.preventDefault();
        (event.shiftKey ? last : first).focus();
      } else if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      previouslyFocused?.focus?.();
    };
  }, [container, active]);
}
