import { useEffect, useRef, type RefObject } from 'react';

/**
 * Focus returns to the control that opened a form once the form closes, saved or cancelled
 * (docs/adr/0013-accessibility.md): the form's buttons go with it, which would drop
 * the focus to the page's start. Call `opened(control)` when a button opens the form and `closed()`
 * when it closes; the focus moves after the owner's next render, once the form is gone or drawn
 * anew. When the opener is gone meanwhile (its row deleted, the list paged on), `fallback` takes it.
 */
export function useReturnFocus(fallback: RefObject<HTMLElement | null>) {
  const opener = useRef<HTMLElement | null>(null);
  const returning = useRef(false);
  useEffect(() => {
    if (!returning.current) return;
    returning.current = false;
    const target = opener.current?.isConnected ? opener.current : fallback.current;
    opener.current = null;
    target?.focus();
  });
  return {
    opened: (control: HTMLElement | null | undefined) => {
      opener.current = control ?? null;
    },
    closed: () => {
      returning.current = true;
    },
  };
}
