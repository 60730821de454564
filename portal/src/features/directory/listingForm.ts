import { ApiRequestError, ErrorCode, type Listing } from '@diaspora/api-client';
import { isEmailAddress, serverErrorText, type Translate } from '@diaspora/ui';

export const WEEK_DAYS = [
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
] as const;
export const SOCIAL_NETWORKS = ['instagram', 'linkedin', 'twitter', 'facebook'] as const;
/** The hint's "up to 5 additional images" (spec 9); the server enforces it. */
export const MAX_IMAGES = 5;

export type WeekDay = (typeof WEEK_DAYS)[number];
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];

/** The Add Your Business form as typed (spec 7's fields). */
export interface ListingFormValues {
  name: string;
  type: string;
  category: string;
  description: string;
  email: string;
  phone: string;
  website: string;
  street: string;
  city: string;
  state: string;
  country: string;
  postalCode: string;
  hours: Record<WeekDay, string>;
  socialMedia: Record<SocialNetwork, string>;
  tags: string;
}

export const emptyListingForm = (): ListingFormValues => ({
  name: '',
  type: 'business',
  category: '',
  description: '',
  email: '',
  phone: '',
  website: '',
  street: '',
  city: '',
  state: '',
  country: '',
  postalCode: '',
  hours: Object.fromEntries(WEEK_DAYS.map((day) => [day, ''])) as Record<WeekDay, string>,
  socialMedia: Object.fromEntries(SOCIAL_NETWORKS.map((n) => [n, ''])) as Record<
    SocialNetwork,
    string
  >,
  tags: '',
});

/** The form filled with a listing's current values (the owner's edit). */
export function listingFormValues(listing: Listing): ListingFormValues {
  const empty = emptyListingForm();
  const { contact } = listing;
  return {
    name: listing.name,
    type: listing.type,
    category: listing.category,
    description: listing.description,
    email: contact.email ?? '',
    phone: contact.phone ?? '',
    website: contact.website ?? '',
    street: contact.address.street ?? '',
    city: contact.address.city ?? '',
    state: contact.address.state ?? '',
    country: contact.address.country,
    postalCode: contact.address.postalCode ?? '',
    hours: { ...empty.hours, ...listing.hours },
    socialMedia: { ...empty.socialMedia, ...listing.socialMedia },
    tags: listing.tags.join(', '),
  };
}

/**
 * What an edit keeps of the stored media (the image URLs, and whether the logo goes), and the
 * listing's updatedAt when the form was opened: a save over a newer one answers EDIT_CONFLICT.
 */
export interface KeptMedia {
  images: string[];
  removeLogo: boolean;
  updatedAt?: string;
}

/** A field's problem as a translation key and its values. */
export interface FieldProblem {
  key: string;
  values?: Record<string, string>;
}
export type ListingFormErrors = Partial<Record<string, FieldProblem>>;

const PHONE = /^\+?[0-9][0-9 ().-]{5,29}$/;

function isWebsite(text: string): boolean {
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(text) ? text : `https://${text}`;
  try {
    const url = new URL(withScheme);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.includes('.');
  } catch {
    return false;
  }
}

/** Spec 5: name, type, category, description and country required; email, phone, website by kind. */
export function validateListing(values: ListingFormValues): ListingFormErrors {
  const errors: ListingFormErrors = {};
  const required = ['name', 'type', 'category', 'description', 'country'] as const;
  for (const field of required) {
    if (!values[field].trim()) errors[field] = { key: 'form.required', values: { field } };
  }
  if (values.email.trim() && !isEmailAddress(values.email)) {
    errors.email = { key: 'form.invalidEmail' };
  }
  if (values.phone.trim() && !PHONE.test(values.phone.trim())) {
    errors.phone = { key: 'form.invalidPhone' };
  }
  if (values.website.trim() && !isWebsite(values.website.trim())) {
    errors.website = { key: 'form.invalidWebsite' };
  }
  return errors;
}

/** The multipart body of POST /directory, with spec 7's dotted names. */
export function toListingFormData(
  values: ListingFormValues,
  logo: File | undefined,
  images: File[],
  kept?: KeptMedia,
): FormData {
  const form = new FormData();
  const put = (name: string, value: string) => {
    if (value.trim()) form.append(name, value.trim());
  };
  put('name', values.name);
  put('type', values.type);
  put('category', values.category);
  put('description', values.description);
  put('contact.email', values.email);
  put('contact.phone', values.phone);
  put('contact.website', values.website);
  put('contact.address.street', values.street);
  put('contact.address.city', values.city);
  put('contact.address.state', values.state);
  put('contact.address.country', values.country);
  put('contact.address.postalCode', values.postalCode);
  for (const day of WEEK_DAYS) put(`hours.${day}`, values.hours[day]);
  for (const network of SOCIAL_NETWORKS) put(`socialMedia.${network}`, values.socialMedia[network]);
  // Tags go as one comma-joined string (spec 5).
  put(
    'tags',
    values.tags
      .split(',')
      .map((tag) => tag.trim())
      .filter(Boolean)
      .join(','),
  );
  if (kept) {
    form.append('existingImages', JSON.stringify(kept.images));
    if (kept.removeLogo && !logo) form.append('removeLogo', 'true');
    if (kept.updatedAt) form.append('updatedAt', kept.updatedAt);
  }
  if (logo) form.append('logo', logo);
  for (const image of images) form.append('images', image);
  return form;
}

/**
 * Spec 8, Directory submit: 401, then 400 with the server's msg (by its code, in the reader's
 * language), then the generic text. A 409 (edited elsewhere meanwhile, or approved) says why by
 * its code too.
 */
export function submitFailure(error: unknown, t: Translate): string {
  if (error instanceof ApiRequestError) {
    if (error.status === 401) return t('form.loginRequired');
    if (error.status === 400) return serverErrorText(error.body, t) || t('form.failed400');
    if (error.status === 409) return serverErrorText(error.body, t) || t('form.failed');
  }
  return t('form.failed');
}

/** The save was refused because the listing changed after the form was opened. */
export const isEditConflict = (error: unknown): boolean =>
  error instanceof ApiRequestError && error.body.code === ErrorCode.EDIT_CONFLICT;

/** The server's field names (`contact.address.city`) as the form's own (`city`). */
export const formFieldOf = (field: string) => field.replace(/^contact\.(address\.)?/, '');
