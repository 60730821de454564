import { isEmailAddress } from '@diaspora/ui';
import type { components } from '@diaspora/api-client';

export type ContactRequest = components['schemas']['CreateContactDto'];
export type ContactResponse = components['schemas']['ContactResponseDto'];
export type ContactField = keyof ContactRequest;

/** The server's limits (backend contact.dto.ts), enforced here as maxLength too. */
export const CONTACT_LIMITS: Record<ContactField, number> = {
  name: 100,
  email: 254,
  subject: 200,
  message: 5000,
};

export const CONTACT_FIELDS: ContactField[] = ['name', 'email', 'subject', 'message'];

export const emptyContact: ContactRequest = { name: '', email: '', subject: '', message: '' };

/** Translation keys of the field errors, under contact:errors. */
export type ContactErrors = Partial<Record<ContactField, string>>;

/** Spec section 5: all four fields required, the email a valid address. */
export function validateContact(form: ContactRequest): ContactErrors {
  const errors: ContactErrors = {};
  for (const field of CONTACT_FIELDS) {
    if (!form[field].trim()) errors[field] = `errors.${field}Required`;
  }
  if (!errors.email && !isEmailAddress(form.email)) errors.email = 'errors.emailInvalid';
  return errors;
}

/** Which of the three outcomes of spec section 2 the answer reports. */
export type EmailStatus = 'sent' | 'failed' | 'notConfigured';

export function emailStatusOf(response: ContactResponse): EmailStatus {
  if (response.emailSent) return 'sent';
  return response.emailConfigured ? 'failed' : 'notConfigured';
}
