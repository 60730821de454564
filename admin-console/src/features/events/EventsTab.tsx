import { Alert, Badge, EmptyState, Spinner } from '@diaspora/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import './events-admin.css';
import { EventForm } from './EventForm';
import type { AdminEvent } from './eventForm';
import { useAdminEvents, useDeleteEvent } from './useAdminEvents';

const DATE = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

/** The dashboard's Events tab: the list, and the create/edit form (spec 2 and 5). */
export function EventsTab() {
  const { t } = useTranslation('events');
  const events = useAdminEvents();
  const remove = useDeleteEvent();
  // undefined: create mode; an event: edit mode. The key remounts the form on each switch.
  const [editing, setEditing] = useState<AdminEvent>();
  const [formKey, setFormKey] = useState(0);
  const [deleteError, setDeleteError] = useState<string>();
  if (events.isError) console.warn('events failed to load', events.error);

  const resetForm = (event?: AdminEvent) => {
    setEditing(event);
    setFormKey((key) => key + 1);
  };

  const confirmDelete = (event: AdminEvent) => {
    if (!window.confirm(t('admin.confirmDelete'))) return;
    setDeleteError(undefined);
    remove.mutate(event._id, {
      onSuccess: () => {
        if (editing?._id === event._id) resetForm();
      },
      onError: () => setDeleteError(t('admin.deleteFailed')),
    });
  };

  const list = events.data?.events ?? [];
  return (
    <div className="events-admin">
      <div className="events-admin__list">
        <div className="events-admin__heading">
          <h2>{t('admin.title')}</h2>
          <button type="button" className="btn btn--secondary" onClick={() => resetForm()}>
            {t('admin.newEvent')}
          </button>
        </div>
        {deleteError && <Alert tone="error">{deleteError}</Alert>}
        {events.isPending ? (
          <Spinner label={t('admin.loading')} />
        ) : list.length === 0 ? (
          <EmptyState title={t('admin.empty')} hint={t('admin.emptyHint')} />
        ) : (
          <div className="table-wrap">
            <table className="table" aria-label={t('admin.listLabel')}>
              <thead>
                <tr>
                  <th scope="col">{t('admin.columns.title')}</th>
                  <th scope="col">{t('admin.columns.date')}</th>
                  <th scope="col">{t('admin.columns.venue')}</th>
                  <th scope="col">{t('admin.columns.going')}</th>
                  <th scope="col">{t('admin.columns.status')}</th>
                  <th scope="col">{t('admin.columns.actions')}</th>
                </tr>
              </thead>
              <tbody>
                {list.map((event) => (
                  <tr key={event._id}>
                    <td>{event.title}</td>
                    <td>{DATE.format(new Date(event.date))}</td>
                    <td>{event.location.name}</td>
                    <td>
                      {event.goingCount}
                      {event.maxAttendees ? ` / ${event.maxAttendees}` : ''}
                    </td>
                    <td>
                      <Badge tone={event.isActive ? 'primary' : 'neutral'}>
                        {event.isActive ? t('admin.active') : t('admin.inactive')}
                      </Badge>
                    </td>
                    <td className="table__actions">
                      <button
                        type="button"
                        className="btn btn--ghost"
                        aria-label={t('admin.editLabel', { title: event.title })}
                        onClick={() => resetForm(event)}
                      >
                        {t('admin.edit')}
                      </button>
                      <button
                        type="button"
                        className="btn btn--ghost"
                        aria-label={t('admin.deleteLabel', { title: event.title })}
                        disabled={remove.isPending}
                        onClick={() => confirmDelete(event)}
                      >
                        {t('admin.delete')}
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>
      <EventForm key={formKey} event={editing} onDone={() => resetForm()} />
    </div>
  );
}
