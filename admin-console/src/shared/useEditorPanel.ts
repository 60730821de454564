import { useState } from 'react';
import { useRevealForm } from './useRevealForm';

/** What a tab's editor shows: nothing, a new item, or an existing one. */
export type Editing<T> = { mode: 'closed' } | { mode: 'create' } | { mode: 'edit'; item: T };

/**
 * The editor state of a list tab (news, courses, team): opening it for a new or an existing item
 * brings the form into view and focuses it (useRevealForm); closing hides it.
 */
export function useEditorPanel<T>() {
  const [editing, setEditing] = useState<Editing<T>>({ mode: 'closed' });
  const reveal = useRevealForm(editing);
  return {
    editing,
    reveal,
    create: () => {
      reveal.request();
      setEditing({ mode: 'create' });
    },
    edit: (item: T) => {
      reveal.request();
      setEditing({ mode: 'edit', item });
    },
    close: () => setEditing({ mode: 'closed' }),
  };
}
