import {
  Alert,
  apiErrorText,
  Badge,
  BusyButton,
  EmptyState,
  Pagination,
  Spinner,
} from '@diaspora/ui';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminTable } from '../../shared/AdminTable';
import { formatDay } from '../../shared/formatDate';
import { useClampedPage } from '../../shared/useClampedPage';
import { useConfirmedDelete } from '../../shared/useConfirmedDelete';
import { useReturnFocus } from '../../shared/useReturnFocus';
import { useRevealForm } from '../../shared/useRevealForm';
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
  // undefined: create mode; an event's id: edit mode, once its whole record (not the list's
  // summary) has loaded. The key remounts the form on each switch.
  const [editing, setEditing] = useState<string>();
  const editedEvent = useAdminEvent(editing);
  const [formKey, setFormKey] = useState(0);
  // Edit and New Event: the form sits below the list, so bring it into view and focus it.
  const reveal = useRevealForm(formKey);
  // Save and Cancel give the focus back to the button that opened the form (New Event when that
  // button is gone, or the form was reached without one), and a save says so.
  const newEventButton = useRef<HTMLButtonElement>(null);
  const focus = useReturnFocus(newEventButton);
  const [saved, setSaved] = useState(false);
  if (events.isError) console.warn('events failed to load', events.error);

  const resetForm = (event?: AdminEvent, show = false) => {
    setEditing(event?._id);
    if (show) reveal.request();
    setFormKey((key) => key + 1);
  };
  const openForm = (opener: HTMLElement, event?: AdminEvent) => {
    focus.opened(opener);
    setSaved(false);
    resetForm(event, true);
  };
  const closeForm = (wasSaved: boolean) => {
    focus.closed();
    setSaved(wasSaved);
    resetForm();
  };

  const confirmDelete = (event: AdminEvent) =>
    remove.confirmDelete(event._id, () => {
      if (editing === event._id) resetForm();
    });

  const list = events.data?.events ?? [];
  return (
    <div className="events-admin" ref={reveal.container}>
      <div className="events-admin__list">
        <div className="events-admin__heading tab-heading">
          <h2>{t('admin.title')}</h2>
          <button
            ref={newEventButton}
            type="button"
            className="btn btn--secondary"
            onClick={(click) => openForm(click.currentTarget)}
          >
            {t('admin.newEvent')}
          </button>
        </div>
        {remove.failed && (
          // The server says why (e.g. paid tickets: cancel the event first), in the reader's language.
          <Alert tone="error">{apiErrorText(deleteEvent.error, t, t('admin.deleteFailed'))}</Alert>
        )}
        {saved && (
          <Alert tone="success" onDismiss={() => setSaved(false)}>
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
                    onClick={(click) => openForm(click.currentTarget, event)}
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
          key={formKey}
          onSaved={() => closeForm(true)}
          onCancel={() => closeForm(false)}
        />
      ) : editedEvent.isError ? (
        <Alert tone="error">{apiErrorText(editedEvent.error, t, t('admin.loadEventFailed'))}</Alert>
      ) : editedEvent.data ? (
        <EventForm
          key={formKey}
          event={editedEvent.data}
          onSaved={() => closeForm(true)}
          onCancel={() => closeForm(false)}
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
