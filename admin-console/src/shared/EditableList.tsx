import { Alert, BusyButton, DeleteIcon, EditIcon, EmptyState, Spinner } from '@diaspora/ui';
import type { UseMutationResult } from '@tanstack/react-query';
import { Fragment, type MouseEvent, type ReactNode } from 'react';
import { AdminTable } from './AdminTable';
import { useConfirmedDelete } from './useConfirmedDelete';
import { useEditorPanel, type EditorClose } from './useEditorPanel';

// Table action icons are a little larger than the portal's inline ones.
export const ADMIN_ICON_SIZE = 18;

/** What a row's action buttons can do to its item. */
export interface RowActions {
  /** Opens the editor on the item; `opener` (the Edit button) gets the focus back on close. */
  edit: (opener?: HTMLElement) => void;
  remove: () => void;
  /** A delete is under way (every delete button waits for it, aria-disabled). */
  removing: boolean;
}

/** A list's texts; `confirmDelete` is the browser confirm shown before a delete. */
export interface EditableListTexts {
  title: string;
  create: string;
  /** Said once the editor's save went through. */
  saved: string;
  confirmDelete: string;
  deleteFailed: string;
  loadFailed: string;
  empty: string;
}

/** The texts of a list whose keys share one prefix (`admin` → `admin.title`, `admin.create`…). */
export function listTexts(t: (key: string) => string, prefix: string): EditableListTexts {
  const text = (name: keyof EditableListTexts) => t(`${prefix}.${name}`);
  return {
    title: text('title'),
    create: text('create'),
    saved: text('saved'),
    confirmDelete: text('confirmDelete'),
    deleteFailed: text('deleteFailed'),
    loadFailed: text('loadFailed'),
    empty: text('empty'),
  };
}

interface EditableListProps<T> {
  texts: EditableListTexts;
  headingClassName?: string;
  /** The list query's state and, once loaded, its rows. */
  status: { isPending: boolean; isError: boolean };
  rows: readonly T[] | undefined;
  rowKey: (item: T) => string;
  /** Deletes an item by id. */
  remove: UseMutationResult<unknown, Error, string>;
  /** The form for a new item (undefined) or an existing one; `close` closes it, saved or not. */
  editor: (item: T | undefined, close: EditorClose) => ReactNode;
  /** More alerts, between the delete failure and the list. */
  alerts?: ReactNode;
  /** The table's accessible name, when the tab has more than one list. */
  label?: string;
  columns: ReactNode[];
  /** One row's cells, the actions cell included (see EditAction and DeleteAction). */
  children: (item: T, actions: RowActions) => ReactNode;
}

/**
 * A dashboard list with its editor above it (news, courses, team): the heading with Create, the
 * form for the item being made or edited, the delete flow, and the list's loading, failure, empty
 * and table states.
 */
export function EditableList<T>(props: EditableListProps<T>) {
  const { texts, status, rows, rowKey } = props;
  const remove = useConfirmedDelete(props.remove, texts.confirmDelete);
  // The editor opens above the list: Create and Edit bring it into view and focus its first input;
  // Save and Cancel give the focus back to the button that opened it.
  const { editing, reveal, createButton, saved, dismissSaved, create, edit, close } =
    useEditorPanel<T>();

  return (
    <>
      <div className={['tab-heading', props.headingClassName].filter(Boolean).join(' ')}>
        <h2>{texts.title}</h2>
        {editing.mode === 'closed' && (
          <button
            ref={createButton}
            type="button"
            className="btn"
            onClick={(event) => create(event.currentTarget)}
          >
            {texts.create}
          </button>
        )}
      </div>
      <div ref={reveal.container}>
        {editing.mode !== 'closed' && (
          // The key remounts the form when another item is opened.
          <Fragment key={editing.mode === 'edit' ? rowKey(editing.item) : 'new'}>
            {props.editor(editing.mode === 'edit' ? editing.item : undefined, close)}
          </Fragment>
        )}
      </div>
      {saved && (
        <Alert tone="success" onDismiss={dismissSaved}>
          {texts.saved}
        </Alert>
      )}
      {remove.failed && (
        <Alert tone="error" onDismiss={remove.clearFailure}>
          {texts.deleteFailed}
        </Alert>
      )}
      {props.alerts}
      {status.isPending ? (
        <Spinner />
      ) : status.isError || !rows ? (
        <Alert tone="error">{texts.loadFailed}</Alert>
      ) : rows.length === 0 ? (
        <EmptyState title={texts.empty} />
      ) : (
        <AdminTable label={props.label} columns={props.columns} rows={rows} rowKey={rowKey}>
          {(item) =>
            props.children(item, {
              edit: (opener) => edit(item, opener),
              remove: () => remove.confirmDelete(rowKey(item)),
              removing: remove.pending,
            })
          }
        </AdminTable>
      )}
    </>
  );
}

/**
 * A row's icon button; `label` says what it does to which item, for screen readers. While `busy`
 * (its call runs) it ignores presses (BusyButton).
 */
export function IconAction(props: {
  label: string;
  onClick: (event: MouseEvent<HTMLButtonElement>) => void;
  busy?: boolean;
  children: ReactNode;
}) {
  return (
    <BusyButton
      type="button"
      className="btn btn--ghost btn--icon"
      aria-label={props.label}
      busy={props.busy ?? false}
      onClick={props.onClick}
    >
      {props.children}
    </BusyButton>
  );
}

/** A row's Edit button: opens the editor on its item. */
export function EditAction({ label, actions }: { label: string; actions: RowActions }) {
  return (
    <IconAction label={label} onClick={(event) => actions.edit(event.currentTarget)}>
      <EditIcon size={ADMIN_ICON_SIZE} />
    </IconAction>
  );
}

/** A row's Delete button (asks first, see useConfirmedDelete). */
export function DeleteAction({ label, actions }: { label: string; actions: RowActions }) {
  return (
    <IconAction label={label} busy={actions.removing} onClick={actions.remove}>
      <DeleteIcon size={ADMIN_ICON_SIZE} />
    </IconAction>
  );
}
