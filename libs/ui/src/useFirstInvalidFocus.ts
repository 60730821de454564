import { useEffect, useReducer, useRef } from 'react';

/**
 * For a form whose submit found errors: `focusFirstInvalid()`, called with the errors' state
 * update, focuses the first field marked invalid once they are drawn. A screen reader then reads
 * that field with its error; the errors are not live regions, which would all be read at once.
 */
export function useFirstInvalidFocus<T extends HTMLElement = HTMLFormElement>() {
  const form = useRef<T>(null);
  const [asked, focusFirstInvalid] = useReducer((count: number) => count + 1, 0);
  useEffect(() => {
    if (asked) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [asked]);
  return { form, focusFirstInvalid };
}
