import { EmailVerificationNotice } from '../account/EmailVerificationNotice';
import type { Listing } from '@diaspora/api-client';
import {
  Alert,
  BusyButton,
  countryText,
  fieldErrorsByField,
  FileField,
  MediaImage,
  Modal,
  SelectField,
  TextAreaField,
  TextField,
  useFirstInvalidFocus,
} from '@diaspora/ui';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  emptyListingForm,
  listingFormValues,
  MAX_IMAGES,
  formFieldOf,
  isEditConflict,
  SOCIAL_NETWORKS,
  submitFailure,
  toListingFormData,
  validateListing,
  WEEK_DAYS,
  type ListingFormValues,
} from './listingForm';
import { COUNTRIES_LIST, LISTING_CATEGORIES, LISTING_TYPES } from './listingOptions';
import { useReloadListings, useSubmitListing } from './useDirectory';

interface ListingFormModalProps {
  open: boolean;
  onClose: () => void;
  onSubmitted: () => void;
  /** The owner's pending or rejected listing to edit and resubmit; absent for a new one. */
  listing?: Listing;
}

/** Object URLs for image previews, revoked when the files change or the modal closes. */
function usePreviews(files: File[]): string[] {
  const urls = useMemo(() => files.map((file) => URL.createObjectURL(file)), [files]);
  useEffect(() => () => urls.forEach((url) => URL.revokeObjectURL(url)), [urls]);
  return urls;
}

const isImage = (file: File) => file.type.startsWith('image/');

const initialValues = (listing: Listing | undefined) =>
  listing ? listingFormValues(listing) : emptyListingForm();

/**
 * The Add Your Business modal (spec 2, 5, 7, 8): every field, logo and images with previews and
 * upload progress. Given a listing, the owner edits it and resubmits it for review.
 */
export function ListingFormModal({ open, onClose, onSubmitted, listing }: ListingFormModalProps) {
  const { t } = useTranslation('directory');
  const [values, setValues] = useState<ListingFormValues>(() => initialValues(listing));
  const [logo, setLogo] = useState<File[]>([]);
  const [images, setImages] = useState<File[]>([]);
  const [keptImages, setKeptImages] = useState<string[]>(listing?.images ?? []);
  const [keepLogo, setKeepLogo] = useState(Boolean(listing?.logo));
  // The version the form was opened with: kept when the listing reloads behind the open form.
  const [version, setVersion] = useState(listing?.updatedAt);
  const [fileError, setFileError] = useState<string>();
  const [showErrors, setShowErrors] = useState(false);
  const [progress, setProgress] = useState<number>();
  const { form, focusFirstInvalid } = useFirstInvalidFocus();
  const submit = useSubmitListing(listing?._id, setProgress);
  const logoPreview = usePreviews(logo);
  const imagePreviews = usePreviews(images);

  const errors = validateListing(values);
  const serverErrors = fieldErrorsByField(submit.error, t, formFieldOf);
  const errorOf = (field: string) => {
    const problem = showErrors ? errors[field] : undefined;
    if (problem) {
      return t(problem.key, { field: t(`form.${problem.values?.field ?? field}`) });
    }
    return serverErrors[field];
  };
  const set = <K extends keyof ListingFormValues>(key: K, value: ListingFormValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));

  const reset = () => {
    setValues(initialValues(listing));
    setLogo([]);
    setImages([]);
    setKeptImages(listing?.images ?? []);
    setKeepLogo(Boolean(listing?.logo));
    setVersion(listing?.updatedAt);
    setFileError(undefined);
    setShowErrors(false);
    setProgress(undefined);
    submit.reset();
  };
  const reloadListings = useReloadListings();
  const close = () => {
    // Refused as changed meanwhile: the form opened next starts from the current listing.
    if (isEditConflict(submit.error)) void reloadListings();
    reset();
    onClose();
  };

  // Spec 5: logo and images must be image files; a wrong pick is refused with its name.
  const pick = (files: File[], input: HTMLInputElement, apply: (files: File[]) => void) => {
    const wrong = files.find((file) => !isImage(file));
    if (wrong) {
      setFileError(t('form.notImage', { file: wrong.name }));
      input.value = '';
      return;
    }
    setFileError(undefined);
    apply(files);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setShowErrors(true);
    if (Object.keys(errors).length > 0) return focusFirstInvalid();
    const kept = listing
      ? { images: keptImages, removeLogo: !keepLogo, updatedAt: version }
      : undefined;
    submit.mutate(toListingFormData(values, logo[0], images, kept), {
      onSuccess: () => {
        reset();
        onSubmitted();
      },
      onError: () => focusFirstInvalid(),
      onSettled: () => setProgress(undefined),
    });
  };

  const failure = submit.error ? submitFailure(submit.error, t) : undefined;

  return (
    <Modal open={open} title={listing ? t('form.editTitle') : t('form.title')} onClose={close}>
      <form ref={form} className="listing-form" onSubmit={onSubmit} noValidate>
        {!listing && <EmailVerificationNotice />}
        <fieldset>
          <legend>{t('form.basics')}</legend>
          <TextField
            label={t('form.name')}
            required
            maxLength={150}
            value={values.name}
            error={errorOf('name')}
            onValueChange={(name) => set('name', name)}
          />
          <div className="listing-form__row">
            <SelectField
              label={t('form.type')}
              required
              value={values.type}
              error={errorOf('type')}
              onValueChange={(type) => set('type', type)}
              options={LISTING_TYPES}
              optionLabel={(type) => t(`types.${type}`)}
            />
            <SelectField
              label={t('form.category')}
              required
              value={values.category}
              error={errorOf('category')}
              onValueChange={(category) => set('category', category)}
              emptyOption={t('form.selectCategory')}
              options={LISTING_CATEGORIES}
              optionLabel={(category) => t(`categories.${category}`)}
            />
          </div>
          <TextAreaField
            label={t('form.description')}
            required
            rows={4}
            maxLength={5000}
            value={values.description}
            error={errorOf('description')}
            onValueChange={(description) => set('description', description)}
          />
        </fieldset>

        <fieldset>
          <legend>{t('form.contact')}</legend>
          <div className="listing-form__row">
            <TextField
              label={t('form.email')}
              type="email"
              value={values.email}
              error={errorOf('email')}
              onValueChange={(email) => set('email', email)}
            />
            <TextField
              label={t('form.phone')}
              type="tel"
              value={values.phone}
              error={errorOf('phone')}
              onValueChange={(phone) => set('phone', phone)}
            />
          </div>
          <TextField
            label={t('form.website')}
            type="url"
            placeholder="https://"
            value={values.website}
            error={errorOf('website')}
            onValueChange={(website) => set('website', website)}
          />
          <TextField
            label={t('form.street')}
            value={values.street}
            error={errorOf('street')}
            onValueChange={(street) => set('street', street)}
          />
          <div className="listing-form__row">
            <TextField
              label={t('form.city')}
              value={values.city}
              onValueChange={(city) => set('city', city)}
            />
            <TextField
              label={t('form.state')}
              value={values.state}
              onValueChange={(state) => set('state', state)}
            />
          </div>
          <div className="listing-form__row">
            <SelectField
              label={t('form.country')}
              required
              value={values.country}
              error={errorOf('country')}
              onValueChange={(country) => set('country', country)}
              emptyOption={t('form.selectCountry')}
              options={COUNTRIES_LIST}
              optionLabel={(country) => countryText(country, t)}
            />
            <TextField
              label={t('form.postalCode')}
              value={values.postalCode}
              onValueChange={(postalCode) => set('postalCode', postalCode)}
            />
          </div>
        </fieldset>

        <fieldset>
          <legend>{t('form.hours')}</legend>
          <div className="listing-form__grid">
            {WEEK_DAYS.map((day) => (
              <TextField
                key={day}
                label={t(`days.${day}`)}
                placeholder={t('form.hoursPlaceholder')}
                maxLength={100}
                value={values.hours[day]}
                onValueChange={(text) => set('hours', { ...values.hours, [day]: text })}
              />
            ))}
          </div>
        </fieldset>

        <fieldset>
          <legend>{t('form.social')}</legend>
          <div className="listing-form__grid">
            {SOCIAL_NETWORKS.map((network) => (
              <TextField
                key={network}
                label={t(`networks.${network}`)}
                maxLength={200}
                value={values.socialMedia[network]}
                onValueChange={(text) =>
                  set('socialMedia', { ...values.socialMedia, [network]: text })
                }
              />
            ))}
          </div>
          <TextField
            label={t('form.tags')}
            hint={t('form.tagsHint')}
            value={values.tags}
            error={errorOf('tags')}
            onValueChange={(tags) => set('tags', tags)}
          />
        </fieldset>

        <fieldset>
          <legend>{t('form.media')}</legend>
          {listing?.logo && keepLogo && logo.length === 0 && (
            <div className="listing-form__current">
              <MediaImage
                className="listing-form__preview listing-form__preview--logo"
                src={listing.logoThumbnail ?? listing.logo}
                alt={t('form.currentLogo')}
              />
              <button
                type="button"
                className="btn btn--ghost btn--small"
                onClick={() => setKeepLogo(false)}
              >
                {t('form.removeLogo')}
              </button>
            </div>
          )}
          <FileField
            label={t('form.logo')}
            accept="image/*"
            onFiles={(files, input) => pick(files.slice(0, 1), input, setLogo)}
          />
          {logo[0] && (
            <img
              className="listing-form__preview listing-form__preview--logo"
              src={logoPreview[0]}
              alt={t('form.preview', { name: logo[0].name })}
            />
          )}
          <FileField
            label={t('form.images')}
            hint={t('form.imagesHint', { count: MAX_IMAGES })}
            accept="image/*"
            multiple
            onFiles={(files, input) => pick(files, input, setImages)}
          />
          {keptImages.length > 0 && (
            <ul className="listing-form__previews" aria-label={t('form.currentImages')}>
              {keptImages.map((url, index) => (
                <li key={url}>
                  <MediaImage
                    className="listing-form__preview"
                    src={listing?.imageThumbnails[listing.images.indexOf(url)] ?? url}
                    alt={t('form.currentImage', { number: index + 1 })}
                  />
                  <button
                    type="button"
                    className="btn btn--ghost btn--small"
                    onClick={() => setKeptImages(keptImages.filter((kept) => kept !== url))}
                  >
                    {t('form.removeImage', { name: t('form.currentImage', { number: index + 1 }) })}
                  </button>
                </li>
              ))}
            </ul>
          )}
          {images.length > 0 && (
            <ul className="listing-form__previews">
              {images.map((image, index) => (
                <li key={`${image.name}-${index}`}>
                  <img
                    className="listing-form__preview"
                    src={imagePreviews[index]}
                    alt={t('form.preview', { name: image.name })}
                  />
                  <button
                    type="button"
                    className="btn btn--ghost btn--small"
                    onClick={() => setImages(images.filter((_, i) => i !== index))}
                  >
                    {t('form.removeImage', { name: image.name })}
                  </button>
                </li>
              ))}
            </ul>
          )}
          {fileError && <Alert tone="error">{fileError}</Alert>}
        </fieldset>

        {failure && <Alert tone="error">{failure}</Alert>}
        {progress !== undefined && submit.isPending && (
          <div className="listing-form__progress">
            <progress
              max={100}
              value={progress}
              aria-label={t('form.uploading', { percent: progress })}
            />
            <span>{t('form.uploading', { percent: progress })}</span>
          </div>
        )}
        <div className="listing-form__actions">
          <button type="button" className="btn btn--ghost" onClick={close}>
            {t('form.cancel')}
          </button>
          <BusyButton type="submit" className="btn" busy={submit.isPending}>
            {submit.isPending ? t('form.submitting') : t('form.submit')}
          </BusyButton>
        </div>
      </form>
    </Modal>
  );
}
