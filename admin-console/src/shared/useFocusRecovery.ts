import { FOCUSABLE } from '@diaspora/ui';
import { useEffect, useRef, type RefObject } from 'react';

const controlsOf = (element: HTMLElement) =>
  Array.from(element.querySelectorAll<HTMLElement>(FOCUSABLE));

/**
 * Keeps a keyboard user's place in a list whose controls come and go: when the focused control is
 * removed or disabled (an Approve button once approved, a row gone from the pending list, an
 * image's Remove), focus moves to the control now at its place in the list instead of falling to
 * the page's start; to `emptied()` (the control after the list) when the list has none left.
 * Runs after each render of the owner, which is when such controls go.
 */
export function useFocusRecovery(
  region: RefObject<HTMLElement | null>,
  emptied?: () => HTMLElement | null | undefined,
): void {
  // The focused control's place among the region's controls, while the focus is the region's.
  const place = useRef<number | null>(null);

  // On the document, so a region drawn after a spinner (or drawn anew) is followed all the same.
  useEffect(() => {
    const inRegion = (node: EventTarget | null) =>
      node instanceof Node && Boolean(region.current?.contains(node));
    const onFocusIn = (event: FocusEvent) => {
      const element = region.current;
      if (!element || !inRegion(event.target)) return;
      place.current = controlsOf(element).indexOf(event.target as HTMLElement);
    };
    // Focus taken elsewhere on purpose (Tab out, a click outside) is not ours to bring back.
    const onFocusOut = (event: FocusEvent) => {
      if (event.relatedTarget && !inRegion(event.relatedTarget)) place.current = null;
    };
    const onPointerDown = (event: PointerEvent) => {
      if (!inRegion(event.target)) place.current = null;
    };
    document.addEventListener('focusin', onFocusIn);
    document.addEventListener('focusout', onFocusOut);
    document.addEventListener('pointerdown', onPointerDown, true);
    return () => {
      document.removeEventListener('focusin', onFocusIn);
      document.removeEventListener('focusout', onFocusOut);
      document.removeEventListener('pointerdown', onPointerDown, true);
    };
  }, [region]);

  useEffect(() => {
    const element = region.current;
    const at = place.current;
    if (!element || at === null || at < 0) return;
    const active = document.activeElement;
    if (active && active !== document.body) return;
    const controls = controlsOf(element);
    if (controls.length === 0) emptied?.()?.focus();
    else controls[Math.min(at, controls.length - 1)].focus();
  });
}
