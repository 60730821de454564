import { isApiRequestError } from '@diaspora/api-client';
import {
  Alert,
  BusyButton,
  fieldErrorsByField,
  serverErrorText,
  TextAreaField,
  TextField,
  useFirstInvalidFocus,
} from '@diaspora/ui';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ContactStatus } from './ContactStatus';
import {
  CONTACT_LIMITS,
  emptyContact,
  validateContact,
  type ContactErrors,
  type ContactField,
  type ContactRequest,
  type ContactResponse,
} from './contactRules';
import { useSendContact } from './useSendContact';

/** The contact form: checked here, then sent; the answer's email status is shown above it. */
export function ContactForm() {
  const { t } = useTranslation('contact');
  const send = useSendContact();
  const [form, setForm] = useState<ContactRequest>(emptyContact);
  const [errors, setErrors] = useState<ContactErrors>({});
  /** Field errors the server gave, already in the interface's language. */
  const [serverErrors, setServerErrors] = useState<ContactErrors>({});
  const [sent, setSent] = useState<ContactResponse | null>(null);
  const { form: formRef, focusFirstInvalid } = useFirstInvalidFocus();

  const set = (field: ContactField) => (value: string) => {
    setForm((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
    setServerErrors((current) => ({ ...current, [field]: undefined }));
  };
  const errorOf = (field: ContactField) => (errors[field] ? t(errors[field]) : serverErrors[field]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problems = validateContact(form);
    setErrors(problems);
    setServerErrors({});
    if (Object.keys(problems).length > 0) return focusFirstInvalid();
    setSent(null);
    send.mutate(form, {
      onSuccess: (response) => {
        setSent(response);
        setForm(emptyContact);
      },
      onError: (error) => {
        const fieldErrors: ContactErrors = fieldErrorsByField(error, t);
        setServerErrors(fieldErrors);
        focusFirstInvalid();
      },
    });
  };

  const field = (name: ContactField, type: string, autoComplete: string) => (
    <TextField
      label={t(`fields.${name}`)}
      name={name}
      type={type}
      autoComplete={autoComplete}
      maxLength={CONTACT_LIMITS[name]}
      required
      value={form[name]}
      onValueChange={set(name)}
      error={errorOf(name)}
    />
  );

  return (
    <section className="card contact-form" aria-labelledby="contact-form-title">
      <h2 id="contact-form-title">{t('form.title')}</h2>
      {sent && <ContactStatus response={sent} />}
      {send.isError && (
        <Alert tone="error">
          {t('failure')}
          {isApiRequestError(send.error) && send.error.status === 429 && (
            <> {serverErrorText(send.error.body, t)}</>
          )}
        </Alert>
      )}
      <form ref={formRef} onSubmit={submit} noValidate>
        <div className="form-row">
          {field('name', 'text', 'name')}
          {field('email', 'email', 'email')}
        </div>
        {field('subject', 'text', 'off')}
        <TextAreaField
          label={t('fields.message')}
          name="message"
          rows={6}
          maxLength={CONTACT_LIMITS.message}
          required
          value={form.message}
          onValueChange={set('message')}
          error={errorOf('message')}
        />
        <BusyButton type="submit" className="btn" busy={send.isPending}>
          {send.isPending ? t('form.sending') : t('form.submit')}
        </BusyButton>
      </form>
    </section>
  );
}
