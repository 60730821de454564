import { useEffect, useRef } from 'react';

/**
 * Brings a tab's form into view and focuses its first input after Edit or New is clicked: the
 * form sits away from the list, so otherwise nothing visible happens and focus is lost.
 * Call `request()` in the click handler; the reveal runs once `trigger` (the form's state) changes.
 */
export function useRevealForm(trigger: unknown) {
  const container = useRef<HTMLDivElement>(null);
  const pending = useRef(false);
  useEffect(() => {
    if (!pending.current) return;
    pending.current = false;
    const form = container.current?.querySelector('form');
    form?.scrollIntoView?.({ block: 'start' });
    form?.querySelector('input')?.focus({ preventScroll: true });
  }, [trigger]);
  return {
    container,
    request: () => {
      pending.current = true;
    },
  };
}
