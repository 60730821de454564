import { useRef, useState } from 'react';
import { useReturnFocus } from './useReturnFocus';
import { useRevealForm } from './useRevealForm';

/** What a tab's editor shows: nothing, a new item, or an existing one. */
export type Editing<T> = { mode: 'closed' } | { mode: 'create' } | { mode: 'edit'; item: T };

/** How an editor closes: after its save went through, or cancelled. */
export interface EditorClose {
  saved: () => void;
  cancelled: () => void;
}

/**
 * The editor state of a list tab (events, news, courses, team): opening it for a new or an existing item
 * brings the form into view and focuses it (useRevealForm); closing hides it and gives the focus
 * back to the button that opened it (useReturnFocus), or to Create (`createButton`) when that
 * button is gone. `saved` is set by a close after a save, until the editor opens again.
 */
export function useEditorPanel<T>() {
  const [editing, setEditing] = useState<Editing<T>>({ mode: 'closed' });
  // Counts opens and closes: a key that draws the form anew each time (a blank one after a save).
  const [generation, setGeneration] = useState(0);
  const [saved, setSaved] = useState(false);
  const reveal = useRevealForm(editing);
  const createButton = useRef<HTMLButtonElement>(null);
  const focus = useReturnFocus(createButton);
  const open = (next: Editing<T>, opener: HTMLElement | undefined) => {
    focus.opened(opener);
    reveal.request();
    setSaved(false);
    setEditing(next);
    setGeneration((count) => count + 1);
  };
  const close = (wasSaved: boolean) => {
    focus.closed();
    setSaved(wasSaved);
    setEditing({ mode: 'closed' });
    setGeneration((count) => count + 1);
  };
  const closeEditor: EditorClose = { saved: () => close(true), cancelled: () => close(false) };
  return {
    editing,
    generation,
    reveal,
    createButton,
    saved,
    dismissSaved: () => setSaved(false),
    create: (opener?: HTMLElement) => open({ mode: 'create' }, opener),
    edit: (item: T, opener?: HTMLElement) => open({ mode: 'edit', item }, opener),
    close: closeEditor,
  };
}
