import { Country, EVENT_CATEGORIES, TICKET_TYPES } from '@diaspora/api-client';
import {
  Alert,
  CheckboxField,
  countryText,
  FileField,
  FormActions,
  MediaImage,
  SelectField,
  TextAreaField,
  TextField,
  useFirstInvalidFocus,
} from '@diaspora/ui';
import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFocusRecovery } from '../../shared/useFocusRecovery';
import {
  checkImages,
  checkVideos,
  formFromEvent,
  emptyForm,
  missingFields,
  saveErrorMessage,
  toFormData,
  type AdminEventDetail,
  type EventFormValues,
} from './eventFormModel';
import { useSaveEvent, useVenueZones, zoneOptionLabel } from './useAdminEvents';
import { intlLocale } from '@diaspora/i18n';

interface EventFormProps {
  /** The event being edited; create mode when absent. */
  event?: AdminEventDetail;
  onSaved: () => void;
  onCancel: () => void;
}

/** The create/edit form of spec 5, with image and video pickers and upload progress. */
export function EventForm({ event, onSaved, onCancel }: EventFormProps) {
  const { t, i18n } = useTranslation('events');
  const [values, setValues] = useState<EventFormValues>(() =>
    event ? formFromEvent(event) : emptyForm(),
  );
  const [images, setImages] = useState<File[]>([]);
  const [imageErrors, setImageErrors] = useState<string[]>([]);
  const [videos, setVideos] = useState<File[]>([]);
  const [videoErrors, setVideoErrors] = useState<string[]>([]);
  const [progress, setProgress] = useState<number>();
  const save = useSaveEvent(setProgress);
  const [error, setError] = useState<string>();
  const [missing, setMissing] = useState<readonly string[]>([]);
  const { form, focusFirstInvalid } = useFirstInvalidFocus();
  const set = (patch: Partial<EventFormValues>) =>
    setValues((current) => ({ ...current, ...patch }));
  const venueZones = useVenueZones(values.country, values.city);
  // Until the admin picks one, the zone follows the country's and city's (Toronto: America/Toronto).
  const timeZone = values.timeZone || venueZones.suggested;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError(undefined);
    // Checked here, not by the browser (noValidate), so each error is read with its field.
    const empty = missingFields(values);
    setMissing(empty);
    if (empty.length > 0) return focusFirstInvalid();
    setProgress(0);
    save.mutate(
      {
        form: toFormData({ ...values, timeZone }, { images, videos }, Boolean(event)),
        eventId: event?._id,
      },
      {
        onSuccess: onSaved,
        onError: (cause) => setError(saveErrorMessage(cause, t)),
        onSettled: () => setProgress(undefined),
      },
    );
  };

  // Shown from a submit until the field is filled in.
  const missingError = (field: keyof EventFormValues, label: string) =>
    missing.includes(field) && !String(values[field]).trim()
      ? t('admin.form.required', { field: label })
      : undefined;
  const text = (key: keyof EventFormValues, label: string, required = false, type = 'text') => (
    <TextField
      label={label}
      required={required}
      error={missingError(key, label)}
      type={type}
      value={values[key] as string}
      onValueChange={(value) => set({ [key]: value } as Partial<EventFormValues>)}
    />
  );
  const check = (key: 'isActive' | 'isPaid', label: string) => (
    <CheckboxField
      className="event-form__check"
      label={label}
      checked={values[key]}
      onCheckedChange={(checked) => set({ [key]: checked })}
    />
  );
  const selectedHint = (files: File[]) =>
    files.length ? t('admin.form.selectedFiles', { count: files.length }) : undefined;

  return (
    <form
      ref={form}
      className="event-form"
      onSubmit={submit}
      noValidate
      aria-label={event ? t('admin.form.editTitle') : t('admin.form.createTitle')}
    >
      <h3>{event ? t('admin.form.editTitle') : t('admin.form.createTitle')}</h3>
      {text('title', t('admin.form.title'), true)}
      <TextAreaField
        label={t('admin.form.description')}
        required
        error={missingError('description', t('admin.form.description'))}
        rows={5}
        value={values.description}
        onValueChange={(description) => set({ description })}
      />
      <div className="event-form__row">
        {text('date', t('admin.form.date'), true, 'date')}
        {text('time', t('admin.form.time'), true, 'time')}
      </div>
      <div className="event-form__row">
        {text('locationName', t('admin.form.locationName'), true)}
        <SelectField
          label={t('admin.form.country')}
          required
          error={missingError('country', t('admin.form.country'))}
          value={values.country}
          // Another country has other zones: the choice starts again from its suggestion.
          onValueChange={(country) => set({ country, timeZone: '' })}
          emptyOption={t('admin.form.chooseCountry')}
          options={Object.values(Country)}
          optionLabel={(country) => countryText(country, t)}
        />
      </div>
      <div className="event-form__row">
        {text('address', t('admin.form.address'))}
        {text('city', t('admin.form.city'))}
      </div>
      <SelectField
        label={t('admin.form.timeZone')}
        hint={t('admin.form.timeZoneHint')}
        value={timeZone}
        onValueChange={(zone) => set({ timeZone: zone })}
        emptyOption={t('admin.form.chooseTimeZone')}
        options={
          timeZone && !venueZones.zones.includes(timeZone)
            ? [timeZone, ...venueZones.zones]
            : venueZones.zones
        }
        optionLabel={(zone) => zoneOptionLabel(zone, intlLocale(i18n.language))}
      />
      <div className="event-form__row">
        <SelectField
          label={t('admin.form.category')}
          value={values.category}
          onValueChange={(category) => set({ category })}
          options={EVENT_CATEGORIES}
          optionLabel={(category) => t(`categories.${category}`)}
        />
        <TextField
          label={t('admin.form.maxAttendees')}
          hint={t('admin.form.maxAttendeesHint')}
          type="number"
          min={1}
          step={1}
          value={values.maxAttendees}
          onValueChange={(maxAttendees) => set({ maxAttendees })}
        />
      </div>
      {text('organizer', t('admin.form.organizer'))}
      {check('isActive', t('admin.form.isActive'))}
      {check('isPaid', t('admin.form.isPaid'))}
      {values.isPaid && (
        <fieldset className="event-form__prices">
          <legend>{t('admin.form.pricing')}</legend>
          {TICKET_TYPES.map((type) => (
            <div key={type} className="event-form__row">
              <TextField
                label={t('admin.form.price', { type: t(`tickets.${type}`) })}
                type="number"
                min={0}
                step={0.01}
                value={values.prices[type].amount}
                onValueChange={(amount) =>
                  set({ prices: { ...values.prices, [type]: { ...values.prices[type], amount } } })
                }
              />
              <TextField
                label={t('admin.form.priceDescription', { type: t(`tickets.${type}`) })}
                value={values.prices[type].description ?? ''}
                onValueChange={(description) =>
                  set({
                    prices: { ...values.prices, [type]: { ...values.prices[type], description } },
                  })
                }
              />
            </div>
          ))}
        </fieldset>
      )}

      {event && (
        <KeptMedia
          label={t('admin.form.currentImages')}
          removeLabel={t('admin.form.removeMedia')}
          urls={values.keptImages}
          preview={(url) => <MediaImage src={url} alt="" />}
          // An image may have no text of its own: each is named by its place ("Remove image 2").
          name={(_, index) => t('admin.form.imageNumber', { number: index + 1 })}
          nameHidden
          onChange={(keptImages) => set({ keptImages })}
        />
      )}
      <FileField
        label={t('admin.form.images')}
        hint={selectedHint(images)}
        accept="image/*"
        multiple
        onFiles={(files, input) => {
          const checked = checkImages(files, (file, size) =>
            t('admin.form.imageTooLarge', { file, size }),
          );
          setImageErrors(checked.errors);
          setImages(checked.accepted);
          if (checked.errors.length) input.value = '';
        }}
      />
      {imageErrors.map((message) => (
        <Alert key={message} tone="error">
          {message}
        </Alert>
      ))}
      {event && (
        <KeptMedia
          label={t('admin.form.currentVideos')}
          removeLabel={t('admin.form.removeMedia')}
          urls={values.keptVideos}
          name={(url) => url.split('/').pop() ?? url}
          onChange={(keptVideos) => set({ keptVideos })}
        />
      )}
      <FileField
        label={t('admin.form.videos')}
        hint={selectedHint(videos)}
        accept="video/*"
        multiple
        onFiles={(files, input) => {
          const checked = checkVideos(files, (file, size) =>
            t('admin.form.videoTooLarge', { file, size }),
          );
          setVideoErrors(checked.errors);
          setVideos(checked.accepted);
          if (checked.errors.length) input.value = '';
        }}
      />
      {videoErrors.map((message) => (
        <Alert key={message} tone="error">
          {message}
        </Alert>
      ))}

      {progress !== undefined && (
        <div className="event-form__progress">
          <progress
            max={100}
            value={progress}
            aria-label={t('admin.form.uploading', { percent: progress })}
          />
          <span>{t('admin.form.uploading', { percent: progress })}</span>
        </div>
      )}
      {error && <Alert tone="error">{error}</Alert>}
      <FormActions
        className="event-form__actions"
        submitLabel={event ? t('admin.form.update') : t('admin.form.create')}
        cancelLabel={t('admin.form.cancel')}
        pending={save.isPending}
        onCancel={onCancel}
      />
    </form>
  );
}

/**
 * The stored images or videos an edit keeps, each with its Remove button; none: nothing. Each
 * Remove is named with its item through aria-labelledby (its own text, then the item's `name`:
 * "Remove image 2", "Remove intro.mp4"); `nameHidden` keeps the name for screen readers only.
 */
function KeptMedia({
  label,
  removeLabel,
  urls,
  preview,
  name,
  nameHidden = false,
  onChange,
}: {
  label: string;
  removeLabel: string;
  urls: string[];
  preview?: (url: string) => ReactNode;
  name: (url: string, index: number) => string;
  nameHidden?: boolean;
  onChange: (urls: string[]) => void;
}) {
  const id = useId();
  const wrapper = useRef<HTMLDivElement>(null);
  // The last one removed: the focus goes on to the upload field that follows.
  useFocusRecovery(wrapper, () =>
    wrapper.current?.nextElementSibling?.querySelector<HTMLElement>('input, button'),
  );
  // Drawn empty when none is left: the anchor from which the next field is found.
  if (urls.length === 0) return <div ref={wrapper} />;
  return (
    <div ref={wrapper} className="event-form__media">
      <span className="field__label">{label}</span>
      <ul>
        {urls.map((url, index) => {
          const item = `${id}-${index}`;
          return (
            <li key={url}>
              {preview?.(url)}
              <span id={`${item}-name`} className={nameHidden ? 'visually-hidden' : undefined}>
                {name(url, index)}
              </span>
              <button
                type="button"
                id={`${item}-remove`}
                aria-labelledby={`${item}-remove ${item}-name`}
                className="btn btn--ghost"
                onClick={() => onChange(urls.filter((kept) => kept !== url))}
              >
                {removeLabel}
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
