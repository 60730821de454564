import { Country, EVENT_CATEGORIES, TICKET_TYPES } from '@diaspora/api-client';
import { Alert, FormField } from '@diaspora/ui';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  checkVideos,
  formFromEvent,
  emptyForm,
  saveErrorMessage,
  toFormData,
  type AdminEvent,
  type EventFormValues,
} from './eventForm';
import { useSaveEvent } from './useAdminEvents';

interface EventFormProps {
  /** The event being edited; create mode when absent. */
  event?: AdminEvent;
  onDone: () => void;
}

/** The create/edit form of spec 5, with image and video pickers and upload progress. */
export function EventForm({ event, onDone }: EventFormProps) {
  const { t } = useTranslation('events');
  const [values, setValues] = useState<EventFormValues>(() =>
    event ? formFromEvent(event) : emptyForm(),
  );
  const [images, setImages] = useState<File[]>([]);
  const [videos, setVideos] = useState<File[]>([]);
  const [videoErrors, setVideoErrors] = useState<string[]>([]);
  const [progress, setProgress] = useState<number>();
  const save = useSaveEvent(setProgress);
  const [error, setError] = useState<string>();
  const set = (patch: Partial<EventFormValues>) =>
    setValues((current) => ({ ...current, ...patch }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError(undefined);
    setProgress(0);
    save.mutate(
      { form: toFormData(values, { images, videos }, Boolean(event)), eventId: event?._id },
      {
        onSuccess: onDone,
        onError: (cause) =>
          setError(
            saveErrorMessage(cause, {
              validation: (messages) => t('admin.errors.validation', { messages }),
              uploadNotConfigured: t('admin.errors.uploadNotConfigured'),
              paymentNotConfigured: t('admin.errors.paymentNotConfigured'),
              unavailable: t('admin.errors.unavailable'),
              failed: t('admin.errors.failed'),
            }),
          ),
        onSettled: () => setProgress(undefined),
      },
    );
  };

  const text = (key: keyof EventFormValues, label: string, required = false, type = 'text') => (
    <FormField label={label} required={required}>
      {(control) => (
        <input
          {...control}
          className="input"
          type={type}
          required={required}
          value={values[key] as string}
          onChange={(e) => set({ [key]: e.target.value } as Partial<EventFormValues>)}
        />
      )}
    </FormField>
  );

  return (
    <form
      className="event-form"
      onSubmit={submit}
      aria-label={event ? t('admin.form.editTitle') : t('admin.form.createTitle')}
    >
      <h3>{event ? t('admin.form.editTitle') : t('admin.form.createTitle')}</h3>
      {text('title', t('admin.form.title'), true)}
      <FormField label={t('admin.form.description')} required>
        {(control) => (
          <textarea
            {...control}
            className="input"
            rows={5}
            required
            value={values.description}
            onChange={(e) => set({ description: e.target.value })}
          />
        )}
      </FormField>
      <div className="event-form__row">
        {text('date', t('admin.form.date'), true, 'date')}
        {text('time', t('admin.form.time'), true, 'time')}
      </div>
      <div className="event-form__row">
        {text('locationName', t('admin.form.locationName'), true)}
        <FormField label={t('admin.form.country')} required>
          {(control) => (
            <select
              {...control}
              className="input"
              required
              value={values.country}
              onChange={(e) => set({ country: e.target.value })}
            >
              <option value="" />
              {Object.values(Country).map((country) => (
                <option key={country} value={country}>
                  {t(`auth:countries.${country}`)}
                </option>
              ))}
            </select>
          )}
        </FormField>
      </div>
      <div className="event-form__row">
        {text('address', t('admin.form.address'))}
        {text('city', t('admin.form.city'))}
      </div>
      <div className="event-form__row">
        <FormField label={t('admin.form.category')}>
          {(control) => (
            <select
              {...control}
              className="input"
              value={values.category}
              onChange={(e) => set({ category: e.target.value })}
            >
              {EVENT_CATEGORIES.map((category) => (
                <option key={category} value={category}>
                  {t(`categories.${category}`)}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField label={t('admin.form.maxAttendees')} hint={t('admin.form.maxAttendeesHint')}>
          {(control) => (
            <input
              {...control}
              className="input"
              type="number"
              min={1}
              step={1}
              value={values.maxAttendees}
              onChange={(e) => set({ maxAttendees: e.target.value })}
            />
          )}
        </FormField>
      </div>
      {text('organizer', t('admin.form.organizer'))}
      <label className="event-form__check">
        <input
          type="checkbox"
          checked={values.isActive}
          onChange={(e) => set({ isActive: e.target.checked })}
        />
        {t('admin.form.isActive')}
      </label>
      <label className="event-form__check">
        <input
          type="checkbox"
          checked={values.isPaid}
          onChange={(e) => set({ isPaid: e.target.checked })}
        />
        {t('admin.form.isPaid')}
      </label>
      {values.isPaid && (
        <fieldset className="event-form__prices">
          <legend>{t('admin.form.pricing')}</legend>
          {TICKET_TYPES.map((type) => (
            <FormField key={type} label={t('admin.form.price', { type: t(`tickets.${type}`) })}>
              {(control) => (
                <input
                  {...control}
                  className="input"
                  type="number"
                  min={0}
                  step={0.01}
                  value={values.prices[type].amount}
                  onChange={(e) =>
                    set({
                      prices: {
                        ...values.prices,
                        [type]: { ...values.prices[type], amount: e.target.value },
                      },
                    })
                  }
                />
              )}
            </FormField>
          ))}
        </fieldset>
      )}

      {event && values.keptImages.length > 0 && (
        <div className="event-form__media">
          <span className="field__label">{t('admin.form.currentImages')}</span>
          <ul>
            {values.keptImages.map((url) => (
              <li key={url}>
                <img src={url} alt="" />
                <button
                  type="button"
                  className="btn btn--ghost"
                  onClick={() =>
                    set({ keptImages: values.keptImages.filter((kept) => kept !== url) })
                  }
                >
                  {t('admin.form.removeMedia')}
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
      <FormField
        label={t('admin.form.images')}
        hint={images.length ? t('admin.form.selectedFiles', { count: images.length }) : undefined}
      >
        {(control) => (
          <input
            {...control}
            className="input"
            type="file"
            accept="image/*"
            multiple
            onChange={(e) => setImages(Array.from(e.target.files ?? []))}
          />
        )}
      </FormField>
      {event && values.keptVideos.length > 0 && (
        <div className="event-form__media">
          <span className="field__label">{t('admin.form.currentVideos')}</span>
          <ul>
            {values.keptVideos.map((url) => (
              <li key={url}>
                <span>{url.split('/').pop()}</span>
                <button
                  type="button"
                  className="btn btn--ghost"
                  onClick={() =>
                    set({ keptVideos: values.keptVideos.filter((kept) => kept !== url) })
                  }
                >
                  {t('admin.form.removeMedia')}
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
      <FormField
        label={t('admin.form.videos')}
        hint={videos.length ? t('admin.form.selectedFiles', { count: videos.length }) : undefined}
      >
        {(control) => (
          <input
            {...control}
            className="input"
            type="file"
            accept="video/*"
            multiple
            onChange={(e) => {
              const checked = checkVideos(Array.from(e.target.files ?? []), (file, size) =>
                t('admin.form.videoTooLarge', { file, size }),
              );
              setVideoErrors(checked.errors);
              setVideos(checked.accepted);
              if (checked.errors.length) e.target.value = '';
            }}
          />
        )}
      </FormField>
      {videoErrors.map((message) => (
        <Alert key={message} tone="error">
          {message}
        </Alert>
      ))}

      {progress !== undefined && (
        <div className="event-form__progress">
          <progress max={100} value={progress} />
          <span>{t('admin.form.uploading', { percent: progress })}</span>
        </div>
      )}
      {error && <Alert tone="error">{error}</Alert>}
      <div className="event-form__actions">
        <button type="submit" className="btn" disabled={save.isPending}>
          {event ? t('admin.form.update') : t('admin.form.create')}
        </button>
        <button type="button" className="btn btn--secondary" onClick={onDone}>
          {t('admin.form.cancel')}
        </button>
      </div>
    </form>
  );
}
