import { useEffect, useRef } from 'react';

/**
 * Brings a tab's form into view and focuses its first input after Edit or New is clicked: the
 * form sits away from the list, so otherwise nothing visible happens and focus is lost.
 * Call `request()` in the click handler; the reveal runs once `trigger` (the form's state) changes
 * and the form is drawn.
 */
export function useRevealForm(trigger: unknown) {
  const container = useRef<HTMLDivElement>(null);
  const pending = useRef(false);
  useEffect(() => {
    const area = container.current;
    if (!pending.current || !area) return;
    const reveal = (form: HTMLFormElement) => {
      pending.current = false;
      form.scrollIntoView?.({ block: 'start' });
      form.querySelector('input')?.focus({ preventScroll: true });
    };
    const form = area.querySelector('form');
    if (form) return reveal(form);
    // Not drawn yet (the record it edits is still loading): reveal it once it appears.
    const observer = new MutationObserver(() => {
      const drawn = area.querySelector('form');
      if (!drawn) return;
      observer.disconnect();
      reveal(drawn);
    });
    observer.observe(area, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [trigger]);
  return {
    container,
    request: () => {
      pending.current = true;
    },
  };
}
