import { useRef, useState } from 'react';
import { useReturnFocus } from './useReturnFocus';
import { useRevealForm } from './useRevealForm';

/** What a tab's editor shows: nothing, a new item, or an existing one. */
export type Editing<T> = { mode: 'closed' } | { mode: 'create' } | { mode: 'edit'; item: T };

/**
 * The editor state of a list tab (news, courses, team): opening it for a new or an existing item
 * brings the form into view and focuses it (useRevealForm); closing hides it and gives the focus
 * back to the button that opened it (useReturnFocus), or to Create (`createButton`) when that
 * button is gone.
 */
export function useEditorPanel<T>() {
  const [editing, setEditing] = useState<Editing<T>>({ mode: 'closed' });
  const reveal = useRevealForm(editing);
  const createButton = useRef<HTMLButtonElement>(null);
  const focus = useReturnFocus(createButton);
  return {
    editing,
    reveal,
    createButton,
    create: (opener?: HTMLElement) => {
      focus.opened(opener);
      reveal.request();
      setEditing({ mode: 'create' });
    },
    edit: (item: T, opener?: HTMLElement) => {
      focus.opened(opener);
      reveal.request();
      setEditing({ mode: 'edit', item });
    },
    close: () => {
      focus.closed();
      setEditing({ mode: 'closed' });
    },
  };
}
