import { fieldErrorsText, isEmailAddress, type Translate } from '@diaspora/ui';
import type { ApiErrorBody, Course } from '@diaspora/api-client';

export const ENROLLMENT_FIELDS = ['fullName', 'email', 'address', 'city', 'telephone'] as const;
export type EnrollmentField = (typeof ENROLLMENT_FIELDS)[number];
/** The form's fields plus the course, which the card chose. */
export type EnrollmentErrorField = EnrollmentField | 'course';

export type EnrollmentValues = Record<EnrollmentField, string>;

/** A field's error: its section 5 rule (shown translated) or a server message in the reader's language. */
export type FieldError = { rule: EnrollmentErrorField } | { text: string };
export type EnrollmentErrors = Partial<Record<EnrollmentErrorField, FieldError>>;

/** Spec section 5 and 9: minimum lengths of the enrollment form. */
const MIN_LENGTH: Partial<Record<EnrollmentField, number>> = {
  fullName: 2,
  address: 10,
  city: 2,
  telephone: 10,
};

/** The English rule messages, as the server sends them; the form shows the translation. */
export const RULE_MESSAGES: Record<EnrollmentErrorField, string> = {
  fullName: 'Full name must be at least 2 characters',
  address: 'Address must be at least 10 characters',
  city: 'City must be at least 2 characters',
  telephone: 'Telephone must be at least 10 characters',
  email: 'Please enter a valid email address',
  course: 'Please select a course',
};

/** The section 5 checks, on trimmed values as the server trims them. */
export function validateEnrollment(
  values: EnrollmentValues,
  course: Course | undefined,
): EnrollmentErrors {
  const errors: EnrollmentErrors = {};
  if (!course) errors.course = { rule: 'course' };
  for (const field of ENROLLMENT_FIELDS) {
    const value = values[field].trim();
    const min = MIN_LENGTH[field];
    if (min !== undefined && value.length < min) errors[field] = { rule: field };
  }
  if (!isEmailAddress(values.email)) errors.email = { rule: 'email' };
  return errors;
}

const isErrorField = (field: string | undefined): field is EnrollmentErrorField =>
  field === 'course' || (ENROLLMENT_FIELDS as readonly string[]).includes(field ?? '');

/**
 * Spec section 8: server errors that name a field go onto that field (a rule's own message is
 * shown translated, any other by its code, as every form does); `undefined` when the answer names
 * none of the form's fields.
 */
export function serverFieldErrors(body: ApiErrorBody, t: Translate): EnrollmentErrors | undefined {
  const errors: EnrollmentErrors = {};
  for (const error of body.errors ?? []) {
    const text = error.msg ?? error.message;
    if (!isErrorField(error.field) || !text || errors[error.field]) continue;
    errors[error.field] =
      text === RULE_MESSAGES[error.field]
        ? { rule: error.field }
        : { text: fieldErrorsText({ errors: [error] }, t) ?? text };
  }
  return Object.keys(errors).length ? errors : undefined;
}
