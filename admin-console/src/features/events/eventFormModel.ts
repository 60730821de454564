import { ApiRequestError, TICKET_TYPES, type TicketType } from '@diaspora/api-client';
import type { components } from '@diaspora/api-client';
import { fieldErrorsText, serverErrorText, type Translate } from '@diaspora/ui';

/** An event as the list has it (the table's columns). */
export type AdminEvent = components['schemas']['EventSummaryDto'];
/** The whole event, as the editor reads it (GET /events/:id). */
export type AdminEventDetail = components['schemas']['EventDto'];
/** Spec 5: each video at most 20MB (20971520 bytes), enforced before upload. */
export const MAX_VIDEO_BYTES = 20 * 1024 * 1024;
/**
 * The server's cap on each event image. The spec's label says 500MB and leaves images unchecked
 * on the client; the label stays, and images over the server's cap are refused here with a clear
 * message instead of after a long upload (docs/adr/0009-uploads.md).
 */
export const MAX_IMAGE_BYTES = 20 * 1024 * 1024;

export interface PriceInput {
  amount: string;
  description?: string;
}

/** The editor's state: text as typed; converted to the multipart form on save. */
export interface EventFormValues {
  title: string;
  description: string;
  date: string;
  time: string;
  locationName: string;
  country: string;
  address: string;
  city: string;
  /** The venue's IANA zone as chosen; '' follows the suggestion for the country and city. */
  timeZone: string;
  category: string;
  isPaid: boolean;
  prices: Record<TicketType, PriceInput>;
  /** The prices' currency: kept from the event on edit (the form has no field for it). */
  currency: string;
  maxAttendees: string;
  organizer: string;
  isActive: boolean;
  /** Stored media kept on edit. */
  keptImages: string[];
  keptVideos: string[];
  /**
   * Edit mode: the event's updatedAt when the form was opened, sent back so that a save over
   * someone else's newer one is refused (409 EDIT_CONFLICT) instead of dropping their changes.
   */
  updatedAt?: string;
}

const emptyPrices = (): Record<TicketType, PriceInput> => ({
  general: { amount: '' },
  student: { amount: '' },
  vip: { amount: '' },
});

/** Create mode: default category cultural, free in usd, active (spec 9). */
export function emptyForm(): EventFormValues {
  return {
    title: '',
    description: '',
    date: '',
    time: '',
    locationName: '',
    country: '',
    address: '',
    city: '',
    timeZone: '',
    category: 'cultural',
    isPaid: false,
    prices: emptyPrices(),
    currency: 'usd',
    maxAttendees: '',
    organizer: '',
    isActive: true,
    keptImages: [],
    keptVideos: [],
  };
}

/** Edit mode: the chosen event's values. */
export function formFromEvent(event: AdminEventDetail): EventFormValues {
  const prices = emptyPrices();
  for (const type of TICKET_TYPES) {
    const price = event.pricing[type];
    if (price) prices[type] = { amount: String(price.amount), description: price.description };
  }
  return {
    title: event.title,
    description: event.description,
    date: event.date.slice(0, 10),
    time: event.time,
    locationName: event.location.name,
    country: event.location.country,
    address: event.location.address ?? '',
    city: event.location.city ?? '',
    timeZone: event.timeZone,
    category: event.category,
    isPaid: !event.isFree,
    prices,
    currency: Object.values(event.pricing).find(Boolean)?.currency ?? 'usd',
    maxAttendees: event.maxAttendees ? String(event.maxAttendees) : '',
    organizer: event.organizer.name ?? '',
    isActive: event.isActive,
    keptImages: event.images.map((image) => image.url),
    keptVideos: event.videos.map((video) => video.url),
    updatedAt: event.updatedAt,
  };
}

/** The fields spec 5 requires, in the form's order. */
const REQUIRED = ['title', 'description', 'date', 'time', 'locationName', 'country'] as const;

/** The required fields left empty (blank text counts as empty), in the form's order. */
export function missingFields(values: EventFormValues): Array<(typeof REQUIRED)[number]> {
  return REQUIRED.filter((field) => !values[field].trim());
}

/** Prices are numeric with step 0.01 and minimum 0; a non-numeric value becomes 0 (spec 5). */
export function priceAmount(text: string): number {
  const value = Number.parseFloat(text);
  return Number.isFinite(value) && value >= 0 ? Math.round(value * 100) / 100 : 0;
}

/** The multipart body of POST/PUT /events (spec 7), with the chosen files. */
export function toFormData(
  values: EventFormValues,
  files: { images: File[]; videos: File[] },
  editing: boolean,
): FormData {
  const form = new FormData();
  form.append('title', values.title.trim());
  form.append('description', values.description.trim());
  form.append('date', values.date);
  form.append('time', values.time);
  form.append(
    'location',
    JSON.stringify({
      name: values.locationName.trim(),
      country: values.country,
      address: values.address.trim() || undefined,
      city: values.city.trim() || undefined,
    }),
  );
  if (values.timeZone) form.append('timeZone', values.timeZone);
  form.append('category', values.category);
  form.append('isFree', String(!values.isPaid));
  if (values.isPaid) {
    const pricing: Record<string, { amount: number; currency: string; description?: string }> = {};
    for (const type of TICKET_TYPES) {
      const price = values.prices[type];
      if (price.amount.trim() === '') continue;
      const description = price.description?.trim();
      pricing[type] = {
        amount: priceAmount(price.amount),
        currency: values.currency,
        ...(description ? { description } : {}),
      };
    }
    form.append('pricing', JSON.stringify(pricing));
  }
  if (values.maxAttendees.trim()) form.append('maxAttendees', values.maxAttendees.trim());
  form.append('organizer', JSON.stringify({ name: values.organizer.trim() }));
  form.append('isActive', String(values.isActive));
  if (editing) {
    form.append('existingImages', JSON.stringify(values.keptImages));
    form.append('existingVideos', JSON.stringify(values.keptVideos));
    if (values.updatedAt) form.append('updatedAt', values.updatedAt);
  }
  files.images.forEach((file) => form.append('images', file, file.name));
  files.videos.forEach((file) => form.append('videos', file, file.name));
  return form;
}

/**
 * The video size rule (spec 5): any selected video over 20MB drops the whole selection, with
 * one message per file that is too large.
 */
export function checkVideos(
  files: File[],
  tooLarge: (file: string, size: string) => string,
): { accepted: File[]; errors: string[] } {
  return checkSizes(files, MAX_VIDEO_BYTES, tooLarge);
}

/** The same rule for images, against the server's 20MB cap (the label keeps the spec's 500MB). */
export function checkImages(
  files: File[],
  tooLarge: (file: string, size: string) => string,
): { accepted: File[]; errors: string[] } {
  return checkSizes(files, MAX_IMAGE_BYTES, tooLarge);
}

function checkSizes(
  files: File[],
  maxBytes: number,
  tooLarge: (file: string, size: string) => string,
): { accepted: File[]; errors: string[] } {
  const errors = files
    .filter((file) => file.size > maxBytes)
    .map((file) => tooLarge(file.name, (file.size / 1024 / 1024).toFixed(2)));
  return errors.length ? { accepted: [], errors } : { accepted: files, errors: [] };
}

/** The event save errors of spec 8, in their order, in the interface's language. */
export function saveErrorMessage(error: unknown, t: Translate): string {
  if (!(error instanceof ApiRequestError)) return t('admin.errors.failed');
  const { status, body } = error;
  const fields = status === 400 ? fieldErrorsText(body, t) : undefined;
  if (fields) return t('admin.errors.validation', { messages: fields });
  const text = serverErrorText(body, t) || (status === 400 ? body.error : undefined);
  if (text) return text;
  return t(status === 503 ? 'admin.errors.unavailable' : 'admin.errors.failed');
}
