import { EmailVerificationNotice } from '../account/EmailVerificationNotice';
import { isApiRequestError, type Course } from '@diaspora/api-client';
import { useSession } from '@diaspora/session';
import { Alert, BusyButton, courseText, TextField, useFirstInvalidFocus } from '@diaspora/ui';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ENROLLMENT_FIELDS,
  serverFieldErrors,
  validateEnrollment,
  type EnrollmentErrors,
  type EnrollmentField,
  type EnrollmentValues,
  type FieldError,
} from './enrollmentRules';
import { useEnroll } from './useTutorials';

/** The server's code for a second open application to the same course. */
const ENROLLMENT_EXISTS = 'ENROLLMENT_EXISTS';

const INPUT_TYPES: Record<EnrollmentField, string> = {
  fullName: 'text',
  email: 'email',
  address: 'text',
  city: 'text',
  telephone: 'tel',
};
const AUTOCOMPLETE: Record<EnrollmentField, string> = {
  fullName: 'name',
  email: 'email',
  address: 'street-address',
  city: 'address-level2',
  telephone: 'tel',
};

interface EnrollmentFormProps {
  course: Course;
  onEnrolled: () => void;
  onCancel: () => void;
}

/** Spec section 5's enrollment form: price, payment note, prefilled name and email, per-field errors. */
export function EnrollmentForm({ course, onEnrolled, onCancel }: EnrollmentFormProps) {
  const { t, i18n } = useTranslation('tutorials');
  const { user } = useSession();
  const enroll = useEnroll();
  const { form, focusFirstInvalid } = useFirstInvalidFocus();
  const [values, setValues] = useState<EnrollmentValues>({
    fullName: user?.name ?? '',
    email: user?.email ?? '',
    address: '',
    city: '',
    telephone: '',
  });
  const [errors, setErrors] = useState<EnrollmentErrors>({});
  const [failure, setFailure] = useState<string>();
  const text = courseText(course, i18n.language);

  const message = (error: FieldError | undefined) =>
    error && ('rule' in error ? t(`form.errors.${error.rule}`) : error.text);

  const change = (field: EnrollmentField, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    // Spec section 5: a field's error clears as soon as the field is edited.
    setErrors(({ [field]: _cleared, ...rest }) => rest);
  };

  const showErrors = (next: EnrollmentErrors) => {
    setErrors(next);
    // The button is at the bottom: bring the first field to fix into view and focus.
    focusFirstInvalid();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(undefined);
    const invalid = validateEnrollment(values, course);
    if (Object.keys(invalid).length) return showErrors(invalid);
    const trimmed = Object.fromEntries(
      ENROLLMENT_FIELDS.map((field) => [field, values[field].trim()]),
    ) as EnrollmentValues;
    enroll.mutate(
      { course: course.id, courseName: course.name, ...trimmed },
      {
        onSuccess: onEnrolled,
        onError: (error) => {
          const body = isApiRequestError(error) ? error.body : undefined;
          const fieldErrors = body && serverFieldErrors(body, t);
          if (fieldErrors) return showErrors(fieldErrors);
          setFailure(body?.code === ENROLLMENT_EXISTS ? t('form.duplicate') : t('form.failed'));
        },
      },
    );
  };

  return (
    <form ref={form} className="enrollment-form" onSubmit={submit} noValidate>
      <div className="enrollment-form__summary">
        <p>
          <strong>{t('form.price', { price: text.price })}</strong>
        </p>
        <p className="enrollment-form__note">{t('form.paymentNote')}</p>
      </div>
      <EmailVerificationNotice />
      {failure && <Alert tone="error">{failure}</Alert>}
      {errors.course && <Alert tone="error">{message(errors.course)}</Alert>}
      {ENROLLMENT_FIELDS.map((field) => (
        <TextField
          key={field}
          label={t(`form.${field}`)}
          name={field}
          type={INPUT_TYPES[field]}
          autoComplete={AUTOCOMPLETE[field]}
          required
          value={values[field]}
          onValueChange={(value) => change(field, value)}
          error={message(errors[field])}
        />
      ))}
      <div className="button-row">
        <BusyButton type="submit" className="btn" busy={enroll.isPending}>
          {enroll.isPending ? t('form.submitting') : t('form.submit')}
        </BusyButton>
        <button type="button" className="btn btn--secondary" onClick={onCancel}>
          {t('form.cancel')}
        </button>
      </div>
    </form>
  );
}
