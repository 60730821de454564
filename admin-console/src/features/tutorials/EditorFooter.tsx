import { FormActions, TextField } from '@diaspora/ui';
import type { ReactNode } from 'react';

interface EditorFooterProps {
  /** The sort order field's label, value and error (lower shows first). */
  sortOrderLabel: string;
  sortOrder: string;
  sortOrderError?: string;
  onSortOrderChange: (sortOrder: string) => void;
  saveLabel: string;
  cancelLabel: string;
  pending: boolean;
  onCancel: () => void;
  /** The editor's own check boxes, between the order and the buttons. */
  children?: ReactNode;
}

/** The end of the course and team editors: sort order, their check boxes, save and cancel. */
export function EditorFooter(props: EditorFooterProps) {
  return (
    <>
      <TextField
        label={props.sortOrderLabel}
        type="number"
        min={0}
        error={props.sortOrderError}
        value={props.sortOrder}
        onValueChange={props.onSortOrderChange}
      />
      {props.children}
      <FormActions
        className="button-row"
        submitLabel={props.saveLabel}
        cancelLabel={props.cancelLabel}
        pending={props.pending}
        onCancel={props.onCancel}
      />
    </>
  );
}
