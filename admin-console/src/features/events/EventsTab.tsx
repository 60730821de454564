import {
  Alert,
  apiErrorText,
  Badge,
  BusyButton,
  EmptyState,
  Pagination,
  Spinner,
} from '@diaspora/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminTable } from '../../shared/AdminTable';
import { formatDay } from '../../shared/formatDate';
import { useClampedPage } from '../../shared/useClampedPage';
import { useConfirmedDelete } from '../../shared/useConfirmedDelete';
import { useEditorPanel } from '../../shared/useEditorPanel';
import './events-admin.css';
import { CancelEventDialog } from './CancelEventDialog';
import { EventForm } from './EventForm';
import type { AdminEvent } from './eventFormModel';
import { useAdminEvent, useAdminEvents, useDeleteEvent } from './useAdminEvents';

/** The dashboard's Events tab: the list, and the create/edit form (spec 2 and 5). */
export function EventsTab() {
  const { t, i18n } = useTranslation('events');
  const { t: tc } = useTranslation('eventCancel');
  const [page, setPage] = useState(1);
  const events = useAdminEvents(page);
  useClampedPage(page, events.data?.totalPages, setPage);
  const deleteEvent = useDeleteEvent();
  const remove = useConfirmedDelete(deleteEvent, t('admin.confirmDelete'));
  // The event whose cancellation is being confirmed, and the last one cancelled (for the notice).
  const [cancelling, setCancelling] = useState<AdminEvent>();
  const [cancelled, setCancelled] = useState<{ title: string; refunded: number }>();
  // The form sits below the list and is always there: closed, it makes a new event. Edit and New
  // Event bring it into view and focus it; Save and Cancel give the focus back (useEditorPanel).
  const panel = useEditorPanel<AdminEvent>();
  // An edited event's whole record (not the list's summary) is loaded before its form is drawn.
  const editing = panel.editing.mode === 'edit' ? panel.editing.item._id : undefined;
  const editedEvent = useAdminEvent(editing);
  if (events.isError) console.warn('events failed to load', events.error);

  const confirmDelete = (event: AdminEvent) =>
    remove.confirmDelete(event._id, () => {
      if (editing === event._id) panel.close.cancelled();
    });

  const list = events.data?.events ?? [];
  return (
    <div className="events-admin" ref={panel.reveal.container}>
      <div className="events-admin__list">
        <div className="events-admin__heading tab-heading">
          <h2>{t('admin.title')}</h2>
          <button
            ref={panel.createButton}
            type="button"
            className="btn btn--secondary"
            onClick={(click) => panel.create(click.currentTarget)}
          >
            {t('admin.newEvent')}
          </button>
        </div>
        {remove.failed && (
          // The server says why (e.g. paid tickets: cancel the event first), in the reader's language.
          <Alert tone="error">{apiErrorText(deleteEvent.error, t, t('admin.deleteFailed'))}</Alert>
        )}
        {panel.saved && (
          <Alert tone="success" onDismiss={panel.dismissSaved}>
            {t('admin.form.saved')}
          </Alert>
        )}
        {cancelled && (
          <Alert tone="success" onDismiss={() => setCancelled(undefined)}>
            {tc('done', { title: cancelled.title, count: cancelled.refunded })}
          </Alert>
        )}
        {events.isPending ? (
          <Spinner label={t('admin.loading')} />
        ) : list.length === 0 ? (
          <EmptyState title={t('admin.empty')} hint={t('admin.emptyHint')} />
        ) : (
          <AdminTable
            label={t('admin.listLabel')}
            columns={[
              t('admin.columns.title'),
              t('admin.columns.date'),
              t('admin.columns.venue'),
              t('admin.columns.going'),
              t('admin.columns.status'),
              t('admin.columns.actions'),
            ]}
            rows={list}
            rowKey={(event) => event._id}
          >
            {(event) => (
              <>
                <td>{event.title}</td>
                <td>{formatDay(event.date, i18n.language)}</td>
                <td>{event.location.name}</td>
                <td>
                  {event.goingCount}
                  {event.maxAttendees ? ` / ${event.maxAttendees}` : ''}
                </td>
                <td>
                  {event.cancelledAt ? (
                    <Badge tone="danger">{tc('cancelled')}</Badge>
                  ) : (
                    <Badge tone={event.isActive ? 'primary' : 'neutral'}>
                      {event.isActive ? t('admin.active') : t('admin.inactive')}
                    </Badge>
                  )}
                </td>
                <td className="table__actions">
                  <button
                    type="button"
                    className="btn btn--ghost"
                    aria-label={t('admin.editLabel', { title: event.title })}
                    onClick={(click) => panel.edit(event, click.currentTarget)}
                  >
                    {t('admin.edit')}
                  </button>
                  {!event.cancelledAt && (
                    <button
                      type="button"
                      className="btn btn--ghost"
                      aria-label={tc('cancelLabel', { title: event.title })}
                      onClick={() => setCancelling(event)}
                    >
                      {tc('cancel')}
                    </button>
                  )}
                  <BusyButton
                    type="button"
                    className="btn btn--ghost"
                    aria-label={t('admin.deleteLabel', { title: event.title })}
                    busy={remove.pending}
                    onClick={() => confirmDelete(event)}
                  >
                    {t('admin.delete')}
                  </BusyButton>
                </td>
              </>
            )}
          </AdminTable>
        )}
        {events.data && (
          <Pagination
            page={events.data.page}
            totalPages={events.data.totalPages}
            onPageChange={setPage}
          />
        )}
      </div>
      {editing === undefined ? (
        <EventForm
          key={panel.generation}
          onSaved={panel.close.saved}
          onCancel={panel.close.cancelled}
        />
      ) : editedEvent.isError ? (
        <Alert tone="error">{apiErrorText(editedEvent.error, t, t('admin.loadEventFailed'))}</Alert>
      ) : editedEvent.data ? (
        <EventForm
          key={panel.generation}
          event={editedEvent.data}
          onSaved={panel.close.saved}
          onCancel={panel.close.cancelled}
        />
      ) : (
        <Spinner label={t('admin.loadingEvent')} />
      )}
      <CancelEventDialog
        event={cancelling}
        onClose={() => setCancelling(undefined)}
        onCancelled={(event, refunded) => {
          setCancelling(undefined);
          setCancelled({ title: event.title, refunded });
        }}
      />
    </div>
  );
}
